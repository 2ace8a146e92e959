import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { TRole } from '@stem/contract/roles';
import type { TDb } from '../../db/client';
import { authTokens, schools, users } from '../../db/schema';

/**
 * What a signed-in person may do right now, read on every authenticated request. An access token says
 * who signed in, in which session, and what they were then; this says what they are now, so that a
 * promotion, a demotion, a deactivated account or school, a sign-out, a password reset or a revoked
 * session takes effect at the person's next request rather than when the token expires.
 */
export type TAccountState = {
  role: TRole;
  schoolId: string | null;
  active: boolean;
  /** True for the owner (no school). */
  schoolActive: boolean;
  /** The token's session (its refresh-token family) is still open: not signed out nor revoked. */
  sessionLive: boolean;
};

export type TAccountStates = {
  /** The state of an account in one session, or null when the account no longer exists. */
  get(userId: string, session: string): Promise<TAccountState | null>;
  /** Call after changing these accounts (role, active, password, deletion), in the same request. */
  forgetUsers(userIds: readonly string[]): Promise<void>;
  /** Call after changing a school's active flag or deleting it. */
  forgetSchool(schoolId: string): Promise<void>;
  /** Call after ending these sessions (sign-out, a revoked family). */
  forgetSessions(sessions: readonly string[]): Promise<void>;
  close(): Promise<void>;
};

const CHANNEL = 'stem:account-state';
/** A safety net: a change whose notice was lost (Redis restarting) is seen within this time. */
export const ACCOUNT_STATE_TTL_MS = 15_000;
const MAX_ENTRIES = 50_000;

type TEntry = { userId: string; state: TAccountState | null; expires: number };
type TNotice = { users?: string[]; school?: string; sessions?: string[] };

/**
 * A small in-process cache, one entry per session, in front of one indexed lookup. With several API
 * processes (REDIS_URL set), a change made in one is announced on a Redis channel and every process
 * forgets the entries at once; the TTL bounds staleness if a notice is lost.
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
  /** The sessions cached for each account, so an account's change forgets them all. */
  const sessionsOf = new Map<string, Set<string>>();

  const drop = (session: string) => {
    const entry = entries.get(session);
    if (!entry) return;
    entries.delete(session);
    const sessions = sessionsOf.get(entry.userId);
    sessions?.delete(session);
    if (sessions?.size === 0) sessionsOf.delete(entry.userId);
  };
  const clear = () => {
    generation += 1;
    entries.clear();
    sessionsOf.clear();
  };

  /** Moves on with every notice: a lookup that a notice overtook is answered but not kept. */
  let generation = 0;
  const apply = (notice: TNotice) => {
    generation += 1;
    for (const session of notice.sessions ?? []) drop(session);
    for (const id of notice.users ?? []) {
      for (const session of [...(sessionsOf.get(id) ?? [])]) drop(session);
    }
    if (notice.school) {
      for (const [session, entry] of entries) {
        if (entry.state?.schoolId === notice.school) drop(session);
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
    subscriber.on('ready', clear);
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        apply(JSON.parse(message) as TNotice);
      } catch {
        clear();
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
    async get(userId, session) {
      const now = Date.now();
      const cached = entries.get(session);
      if (cached && cached.expires > now && cached.userId === userId) return cached.state;
      const seen = generation;
      const rows = await options.db
        .select({
          role: users.role,
          schoolId: users.schoolId,
          active: users.active,
          schoolActive: schools.active,
          sessionLive: sql<boolean>`exists (select 1 from ${authTokens} where ${authTokens.family} = ${session} and ${authTokens.userId} = ${users.id} and ${authTokens.kind} = 'refresh' and ${authTokens.revokedAt} is null)`,
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
            sessionLive: row.sessionLive === true,
          }
        : null;
      // A sign-out or change announced while this lookup ran may not be in what it read.
      if (seen !== generation) return state;
      drop(session);
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) drop(oldest.value);
      }
      entries.set(session, { userId, state, expires: now + ttl });
      let sessions = sessionsOf.get(userId);
      if (!sessions) {
        sessions = new Set();
        sessionsOf.set(userId, sessions);
      }
      sessions.add(session);
      return state;
    },
    forgetUsers: (userIds) => announce({ users: [...userIds] }),
    forgetSchool: (schoolId) => announce({ school: schoolId }),
    forgetSessions: (sessions) => announce({ sessions: [...sessions] }),
    async close() {
      clear();
      if (subscriber) await subscriber.quit().catch(() => undefined);
    },
  };
}
