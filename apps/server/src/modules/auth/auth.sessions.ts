import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_MS } from '@stem/contract/limits';
import type { FastifyBaseLogger } from 'fastify';
import type { TRole } from '@stem/contract/roles';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { hashToken, randomToken, secretKey, signAccessToken } from '../../lib/tokens';
import { deleteStatesExpiredBefore as deleteClassroomStatesExpiredBefore } from '../classroom/classroom.queries';
import { deleteLoginStatesExpiredBefore } from '../oidc/oidc.queries';
import { deleteExpired as deleteExpiredLtiLaunches } from '../lti/lti.queries';
import { signInRefusal } from './auth.policy';
import {
  consumeToken,
  deleteTokensExpiredBefore,
  findToken,
  findUserById,
  insertAuthToken,
  revokeFamily,
  type TUserWithSchool,
} from './auth.queries';

export type TSessionTokens = { token: string; refreshToken: string };

/**
 * Opens a session for a user: stores a new refresh token (only its hash) of the session's family and
 * signs an access token naming that session, which works only while the family is not revoked. A
 * sign-in starts a new family; a refresh continues the family of the token it replaces. Benches and
 * drills that sign their people in directly use it too.
 */
export async function openSession(
  db: TDb,
  jwtSecret: string,
  user: { id: string; role: TRole; schoolId: string | null },
  now: Date = new Date(),
  family: string = randomUUID(),
): Promise<TSessionTokens> {
  const refreshToken = randomToken();
  await insertAuthToken(db, {
    userId: user.id,
    kind: 'refresh',
    tokenHash: hashToken(refreshToken),
    family,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    createdAt: now,
  });
  const token = await signAccessToken(secretKey(jwtSecret), {
    userId: user.id,
    role: user.role,
    schoolId: user.schoolId,
    session: family,
  });
  return { token, refreshToken };
}

/** `openSession` for a user who proved who they are, at the app's clock. */
export function issueSession(
  ctx: TAppContext,
  db: TDb,
  { user }: TUserWithSchool,
  family?: string,
): Promise<TSessionTokens> {
  return openSession(db, ctx.config.jwtSecret, user, ctx.now(), family);
}

export type TRotateOutcome =
  { ok: true; tokens: TSessionTokens } | { ok: false; reason: 'unknown' | 'reused' | 'inactive' };

/**
 * Rotation: the presented refresh token is spent and a new one of the same family is issued. Presenting
 * a token that was already spent means it leaked (or was stolen): the whole family is revoked, so the
 * thief's and the owner's newest tokens both stop working, their access tokens at once, and the user
 * signs in again.
 */
export async function rotateRefreshToken(
  ctx: TAppContext,
  refreshToken: string,
): Promise<TRotateOutcome> {
  const tokenHash = hashToken(refreshToken);
  const now = ctx.now();
  // Outcomes are returned, not thrown, so a revocation made here is committed.
  const { outcome, revoked } = await ctx.db.transaction(
    async (tx): Promise<{ outcome: TRotateOutcome; revoked?: string }> => {
      const spent = await consumeToken(tx, 'refresh', tokenHash, now);
      if (!spent) {
        const known = await findToken(tx, 'refresh', tokenHash);
        if (known?.usedAt && known.family) {
          await revokeFamily(tx, known.family, now);
          return { outcome: { ok: false, reason: 'reused' }, revoked: known.family };
        }
        return { outcome: { ok: false, reason: 'unknown' } };
      }
      const row = await findUserById(tx, spent.userId);
      if (!row || signInRefusal(row.user, row.school)) {
        if (!spent.family) return { outcome: { ok: false, reason: 'inactive' } };
        await revokeFamily(tx, spent.family, now);
        return { outcome: { ok: false, reason: 'inactive' }, revoked: spent.family };
      }
      const tokens = await issueSession(ctx, tx, row, spent.family ?? randomUUID());
      return { outcome: { ok: true, tokens } };
    },
  );
  if (revoked) await ctx.accountStates.forgetSessions([revoked]);
  return outcome;
}

/** Ends the session of a refresh token (logout), its access tokens at once. Unknown tokens are ignored. */
export async function revokeRefreshToken(ctx: TAppContext, refreshToken: string): Promise<void> {
  const known = await findToken(ctx.db, 'refresh', hashToken(refreshToken));
  if (!known?.family) return;
  await revokeFamily(ctx.db, known.family, ctx.now());
  await ctx.accountStates.forgetSessions([known.family]);
}

/** Tokens are kept a day past expiry (so a late click still gets "expired", not "invalid"). */
export const TOKEN_PURGE_GRACE_MS = 24 * 60 * 60 * 1000;
export const TOKEN_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes auth tokens, started Google / Microsoft sign-ins and LTI launches (issue 29), that expired more than a
 * day before `now`; returns how many went.
 */
export async function purgeExpiredTokens(db: TDb, now: Date): Promise<number> {
  const before = new Date(now.getTime() - TOKEN_PURGE_GRACE_MS);
  return (
    (await deleteTokensExpiredBefore(db, before)) +
    (await deleteLoginStatesExpiredBefore(db, before)) +
    (await deleteExpiredLtiLaunches(db, before)) +
    (await deleteClassroomStatesExpiredBefore(db, before))
  );
}

export type TPurgeDeps = { db: TDb; now: () => Date; logger: FastifyBaseLogger };

/** Runs the purge and logs the outcome; never throws (a failed purge is retried next time). */
export async function runTokenPurge(deps: TPurgeDeps): Promise<void> {
  try {
    const deleted = await purgeExpiredTokens(deps.db, deps.now());
    deps.logger.info({ deleted }, 'expired auth tokens purged');
  } catch (err) {
    deps.logger.error({ err }, 'auth token purge failed');
  }
}
