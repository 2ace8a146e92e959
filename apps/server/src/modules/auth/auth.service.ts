import type {
  TEmailRequest,
  TLoginRequest,
  TRefreshResponse,
  TSessionResponse,
  TSessionUser,
  TSetPasswordRequest,
  TSuccessResponse,
  TTokenRequest,
} from '@stem/contract/auth';
import {
  MAGIC_LINK_TTL_MS,
  RESET_TOKEN_TTL_MS,
  STAFF_WELCOME_LINK_TTL_MS,
} from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TSchoolType } from '@stem/contract/roles';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashToken, randomToken, type TAccessClaims } from '../../lib/tokens';
import { deliverInBackground } from './auth.delivery';
import { magicLinkMail, resetPasswordMail, staffWelcomeMail } from './auth.mail';
import {
  assertPasswordAcceptable,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './auth.passwords';
import { defaultPermissionsFor, signInRefusal } from './auth.policy';
import { presentSession, presentSessionUser } from './auth.presenter';
import {
  consumeToken,
  emailExists,
  findToken,
  findUserByEmail,
  findUserById,
  insertAuthToken,
  insertUserIfEmailFree,
  revokeSchoolTokens,
  revokeUserTokens,
  setPasswordHash,
  touchLastLogin,
  type TUserWithSchool,
} from './auth.queries';
import { issueSession, revokeRefreshToken, rotateRefreshToken } from './auth.sessions';
import { linkPendingIdentity } from '../oidc/oidc.link-token';

/**
 * Starts a session for a user who proved who they are (password, magic link, or a linked Google /
 * Microsoft identity); records the sign-in time. Refuses a deactivated account or school.
 */
export async function startSession(
  ctx: TAppContext,
  row: TUserWithSchool,
  message: string,
): Promise<TSessionResponse> {
  const refusal = signInRefusal(row.user, row.school);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  const tokens = await ctx.db.transaction(async (tx) => {
    await touchLastLogin(tx, row.user.id, ctx.now());
    return issueSession(ctx, tx, row);
  });
  return presentSession(row, tokens, message);
}

/**
 * Password sign-in. With a pending-link token (issue 29) the Google / Microsoft identity it names is
 * linked once the password checked out and the session started. A wrong password and an unknown e-mail get the same answer after the same work
 * (a dummy hash is checked when there is no user), so the reply does not reveal who has an account.
 * Inactive accounts are told so only after the password checked out.
 */
export async function login(ctx: TAppContext, input: TLoginRequest): Promise<TSessionResponse> {
  const row = await findUserByEmail(ctx.db, input.email);
  const passwordHash = row?.user.passwordHash;
  const matches = passwordHash
    ? await verifyPassword(passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!row || !matches) {
    throw new AppError('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials);
  }
  const session = await startSession(ctx, row, MESSAGES.login.loggedIn);
  // Issue 29: a Google / Microsoft identity waiting for this account's password is linked now.
  const linkedProvider = input.linkToken
    ? await linkPendingIdentity(ctx, row, input.linkToken)
    : null;
  return linkedProvider ? { ...session, message: MESSAGES.oidc.linked(linkedProvider) } : session;
}

/**
 * Stores the hash of a new single-use token and returns the token itself (for the mailed link). `db`
 * may be a transaction (the roster's invitations are made with the accounts).
 */
export async function createSingleUseToken(
  ctx: TAppContext,
  userId: string,
  kind: 'magic' | 'reset' | 'invite',
  ttlMs: number,
  db: TDb = ctx.db,
): Promise<string> {
  const token = randomToken();
  const now = ctx.now();
  await insertAuthToken(db, {
    userId,
    kind,
    tokenHash: hashToken(token),
    family: null,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return token;
}

/** The account a link may be mailed to: it exists and may sign in. */
async function findMailableUser(ctx: TAppContext, email: string): Promise<TUserWithSchool | null> {
  const row = await findUserByEmail(ctx.db, email);
  return row && !signInRefusal(row.user, row.school) ? row : null;
}

/**
 * Mails a 15-minute, single-use sign-in link when the e-mail has an account. The reply is the same
 * either way.
 */
export async function requestMagicLink(
  ctx: TAppContext,
  input: TEmailRequest,
): Promise<TSuccessResponse> {
  const row = await findMailableUser(ctx, input.email);
  if (row) {
    const token = await createSingleUseToken(ctx, row.user.id, 'magic', MAGIC_LINK_TTL_MS);
    const link = `${ctx.config.appUrl}/login/verify?token=${encodeURIComponent(token)}`;
    deliverInBackground(
      ctx,
      magicLinkMail({ to: row.user.email, name: row.user.name, link, ttlMs: MAGIC_LINK_TTL_MS }),
    );
  }
  return { success: true, message: MESSAGES.server.magicLinkRequested };
}

/**
 * Spends a magic-link token and signs the user in. The token is marked used by one conditional update,
 * so two simultaneous clicks cannot both sign in. Failures say 'expired' or 'already used' in their
 * message because the web app picks its text by those words (spec 01 §8).
 */
export async function verifyMagicLink(
  ctx: TAppContext,
  input: TTokenRequest,
): Promise<TSessionResponse> {
  const tokenHash = hashToken(input.token);
  const spent = await consumeToken(ctx.db, 'magic', tokenHash, ctx.now());
  if (!spent) {
    const known = await findToken(ctx.db, 'magic', tokenHash);
    if (known?.usedAt) throw new AppError('MAGIC_LINK_USED', MESSAGES.magicLink.serverUsed);
    if (known && !known.revokedAt) {
      throw new AppError('MAGIC_LINK_EXPIRED', MESSAGES.magicLink.serverExpired);
    }
    throw new AppError('MAGIC_LINK_INVALID', MESSAGES.magicLink.serverInvalid);
  }
  const row = await findUserById(ctx.db, spent.userId);
  if (!row) throw new AppError('MAGIC_LINK_INVALID', MESSAGES.magicLink.serverInvalid);
  return startSession(ctx, row, MESSAGES.magicLink.verified);
}

/** Mails a single-use password-reset link when the e-mail has an account; same reply either way. */
export async function requestPasswordReset(
  ctx: TAppContext,
  input: TEmailRequest,
): Promise<TSuccessResponse> {
  const row = await findMailableUser(ctx, input.email);
  if (row) {
    const token = await createSingleUseToken(ctx, row.user.id, 'reset', RESET_TOKEN_TTL_MS);
    const link = `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    deliverInBackground(
      ctx,
      resetPasswordMail({
        to: row.user.email,
        name: row.user.name,
        link,
        ttlMs: RESET_TOKEN_TTL_MS,
      }),
    );
  }
  return { success: true, message: MESSAGES.server.resetRequested };
}

/**
 * Sets a new password with a reset token. In one transaction: the token is spent, the hash replaced,
 * and every session and outstanding link of the user revoked (whoever knew the old password is out).
 */
export async function confirmPasswordReset(
  ctx: TAppContext,
  input: TSetPasswordRequest,
): Promise<TSuccessResponse> {
  assertPasswordAcceptable(input.password);
  // Hashed first so the transaction stays short; an invalid token costs the same time as a valid one.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  const changedFor = await ctx.db.transaction(async (tx) => {
    const spent = await consumeToken(tx, 'reset', hashToken(input.token), now);
    if (!spent) return null;
    await setPasswordHash(tx, spent.userId, passwordHash, now);
    await revokeUserTokens(tx, spent.userId, ['refresh', 'reset', 'magic', 'invite'], now);
    return spent.userId;
  });
  if (!changedFor) throw new AppError('RESET_TOKEN_INVALID', MESSAGES.password.invalidToken);
  // Access tokens of the old sessions stop working at once.
  await ctx.accountStates.forgetUsers([changedFor]);
  return { success: true, message: MESSAGES.server.passwordUpdated };
}

/**
 * POST /auth/accept-invitation (issue 29): the invited person chooses their password with the mailed
 * link. In one transaction the token is spent (once: one conditional update), the password set and the
 * person's other outstanding links revoked. A deactivated account or school is refused with its
 * reason and the link stays unspent. The failures say whether the link was used, expired or replaced.
 */
export async function acceptInvitation(
  ctx: TAppContext,
  input: TSetPasswordRequest,
): Promise<TSuccessResponse> {
  const tokenHash = hashToken(input.token);
  const known = await findToken(ctx.db, 'invite', tokenHash);
  const person = known ? await findUserById(ctx.db, known.userId) : null;
  assertPasswordAcceptable(input.password, {
    email: person?.user.email,
    name: person?.user.name,
  });
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const spent = await consumeToken(tx, 'invite', tokenHash, now);
    if (!spent) return { ok: false as const };
    const row = await findUserById(tx, spent.userId);
    const refusal = row ? signInRefusal(row.user, row.school) : MESSAGES.server.accountInactive;
    if (refusal) throw new AppError('FORBIDDEN', refusal);
    await setPasswordHash(tx, spent.userId, passwordHash, now);
    await revokeUserTokens(tx, spent.userId, ['reset', 'magic', 'invite'], now);
    return { ok: true as const };
  });
  if (!outcome.ok) {
    const R = MESSAGES.roster.invitationErrors;
    if (known?.usedAt) throw new AppError('RESET_TOKEN_INVALID', R.used);
    if (known && !known.revokedAt) throw new AppError('RESET_TOKEN_INVALID', R.expired);
    throw new AppError('RESET_TOKEN_INVALID', R.invalid);
  }
  return { success: true, message: MESSAGES.roster.accepted };
}

/** Exchanges a refresh token for a new access token and refresh token (rotation). */
export async function refreshSession(
  ctx: TAppContext,
  refreshToken: string,
): Promise<TRefreshResponse> {
  const outcome = await rotateRefreshToken(ctx, refreshToken);
  if (!outcome.ok) {
    if (outcome.reason === 'reused') {
      ctx.logger.warn('a spent refresh token was presented again: its family is revoked');
    }
    throw new AppError('REFRESH_INVALID', MESSAGES.server.refreshInvalid);
  }
  return { success: true, ...outcome.tokens };
}

/** Ends the session the refresh token belongs to. Succeeds even without a token (nothing to end). */
export async function logout(
  ctx: TAppContext,
  refreshToken: string | undefined,
): Promise<TSuccessResponse> {
  if (refreshToken) await revokeRefreshToken(ctx, refreshToken);
  return { success: true, message: MESSAGES.login.loggedOut };
}

/** The caller's stored-user record, fresh from the database (the web app re-syncs with it). */
export async function getCurrentUser(
  ctx: TAppContext,
  claims: TAccessClaims,
): Promise<TSessionUser> {
  const row = await findUserById(ctx.db, claims.userId);
  if (!row || signInRefusal(row.user, row.school)) {
    throw new AppError('UNAUTHENTICATED', MESSAGES.server.unauthenticated);
  }
  return presentSessionUser(row);
}

/**
 * Makes a staff account (admin or teacher) for the platform owner's add-school flow, with the
 * permissions of spec 02 §6 for the school's type. Returns null when the e-mail is taken.
 */
export async function createStaffAccount(
  db: TDb,
  values: {
    schoolId: string;
    schoolType: TSchoolType;
    role: 'admin' | 'teacher';
    name: string;
    email: string;
    password: string;
  },
): Promise<{ id: string; permissions: string[] } | null> {
  const permissions = defaultPermissionsFor(values.role, values.schoolType);
  const id = await insertUserIfEmailFree(db, {
    schoolId: values.schoolId,
    name: values.name,
    email: values.email.trim().toLowerCase(),
    passwordHash: await hashPassword(values.password),
    role: values.role,
    permissions,
  });
  return id ? { id, permissions } : null;
}

/**
 * Welcomes an account the owner made (a school's admin, a Personal plan's teacher) by e-mail: where to
 * sign in and a set-password link of the reset flow, valid 7 days and once. Sent in the background.
 */
export async function sendStaffWelcome(
  ctx: TAppContext,
  account: { id: string; name: string; email: string; role: 'admin' | 'teacher' },
  schoolName: string,
): Promise<void> {
  const token = await createSingleUseToken(ctx, account.id, 'reset', STAFF_WELCOME_LINK_TTL_MS);
  deliverInBackground(
    ctx,
    staffWelcomeMail({
      to: account.email,
      name: account.name,
      role: account.role,
      schoolName,
      loginUrl: `${ctx.config.appUrl}/login`,
      setPasswordLink: `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`,
      ttlMs: STAFF_WELCOME_LINK_TTL_MS,
    }),
  );
}

/** Whether an account uses this e-mail (stored lower-cased). */
export function isEmailTaken(db: TDb, email: string): Promise<boolean> {
  return emailExists(db, email.trim().toLowerCase());
}

/**
 * Ends every session of a school's people (its school was deactivated): their refresh tokens and
 * unused links are revoked. Their access tokens stop at the next request once the caller, after its
 * transaction, tells the account states (`forgetSchool`).
 */
export async function endSchoolSessions(db: TDb, schoolId: string, now: Date): Promise<void> {
  await revokeSchoolTokens(db, schoolId, now);
}
