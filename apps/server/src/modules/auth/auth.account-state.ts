import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { TRole } from '@stem/contract/roles';
import type { TDb } from '../../db/client';
import { schools, users } from '../../db/schema';

/**
 * What a signed-in person may do right now, read on every authenticated request. An access token says
 * who signed in and what they were then; this says what they are now, so that a promotion, a demotion,
 * a deactivated account or a deactivated school takes effect at the person's next request rather than at
 * their next sign-in.
 */
export type TAccountState = {
  role: TRole;
  schoolId: string | null;
  active: boolean;
  /** True for the owner (no school). */
  schoolActive: boolean;
};

export type TAccountStates = {
  /** The account's current state, or null when it no longer exists. */
  get(userId: string): Promise<TAccountState | null>;
  /** Call after changing these accounts (role, active, deletion), in the same request. */
  forgetUsers(userIds: readonly string[]): Promise<void>;
  /** Call after changing a school's active flag or deleting it. */
  forgetSchool(schoolId: string): Promise<void>;
  close(): Promise<void>;
};

const CHANNEL = 'stem:account-state';
/** A safety net: a change whose notice was lost (Redis restarting) is seen within this time. */
export const ACCOUNT_STATE_TTL_MS = 15_000;
const MAX_ENTRIES = 50_000;

type TEntry = { state: TAccountState | null; expires: number };
type TNotice = { users?: string[]; school?: string };

/**
 * A small in-process cache in front of one indexed lookup. With several API processes (REDIS_URL set),
 * a change made in one is announced on a Redis channel and every process forgets the entries at once;
 * the TTL bounds staleness if a notice is lost.
 */
export function createAccountStates(options: {
  db: TDb;
  redisUrl?: string | undefined;
  publisher?: Redis | undefined;
  logger: FastifyBaseLogger;
  ttlMs?: number;
}): TAccountStates {
  const ttl = options.ttlMs ?? ACCOUNT_STATE_TTL_MS;
  const entries = new Map<string, TEntry>();

  const apply = (notice: TNotice) => {
    for (const id of notice.users ?? []) entries.delete(id);
    if (notice.school) {
      for (const [id, entry] of entries) {
        if (entry.state?.schoolId === notice.school) entries.delete(id);
      }
    }
  };

  let subscriber: Redis | undefined;
  if (options.redisUrl && options.publisher) {
    subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    subscriber.on('error', (err: Error) => {
      options.logger.warn({ err: err.message }, 'account-state channel error');
    });
    // After a reconnection, notices may have been missed: start again from the database.
    subscriber.on('ready', () => entries.clear());
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        apply(JSON.parse(message) as TNotice);
      } catch {
        entries.clear();
      }
    });
    void subscriber.subscribe(CHANNEL).catch((err: unknown) => {
      options.logger.warn({ err }, 'account-state channel subscription failed');
    });
  }

  const announce = async (notice: TNotice) => {
    apply(notice);
    if (!options.publisher) return;
    try {
      await options.publisher.publish(CHANNEL, JSON.stringify(notice));
    } catch (err) {
      // The other processes see the change within the TTL.
      options.logger.warn({ err }, 'account-state notice not sent');
    }
  };

  return {
    async get(userId) {
      const now = Date.now();
      const cached = entries.get(userId);
      if (cached && cached.expires > now) return cached.state;
      const rows = await options.db
        .select({
          role: users.role,
          schoolId: users.schoolId,
          active: users.active,
          schoolActive: schools.active,
        })
        .from(users)
        .leftJoin(schools, eq(schools.id, users.schoolId))
        .where(eq(users.id, userId))
        .limit(1);
      const row = rows[0];
      const state: TAccountState | null = row
        ? {
            role: row.role,
            schoolId: row.schoolId,
            active: row.active,
            schoolActive: row.schoolId === null ? true : row.schoolActive === true,
          }
        : null;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.delete(userId);
      entries.set(userId, { state, expires: now + ttl });
      return state;
    },
    forgetUsers: (userIds) => announce({ users: [...userIds] }),
    forgetSchool: (schoolId) => announce({ school: schoolId }),
    async close() {
      entries.clear();
      if (subscriber) await subscriber.quit().catch(() => undefined);
    },
  };
}
