import type { TOidcCallbackResponse, TOidcProvider } from '@stem/contract/oidc';
import { MESSAGES } from '@stem/contract/messages';
import type { TAppContext } from '../../context';
import type { TOidcProviderConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import { hashToken, randomToken } from '../../lib/tokens';
import { defaultPermissionsFor, isTrialExpired, signInRefusal } from '../auth/auth.policy';
import { findUserByEmail, findUserById, insertUserIfEmailFree } from '../auth/auth.queries';
import { assertRoomForMember } from '../auth/auth.registration';
import { startSession } from '../auth/auth.service';
import { authorizationUrl, finishAuthorization, newChecks, type TOidcClaims } from './oidc.client';
import { signLinkToken } from './oidc.link-token';
import {
  consumeLoginState,
  findIdentityUserId,
  findSchoolByDomain,
  insertIdentity,
  insertLoginState,
} from './oidc.queries';

const M = MESSAGES.oidc;
/** A started sign-in lasts 10 minutes. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

/** The providers the operator turned on, for the login and register pages' buttons. */
export function listProviders(ctx: TAppContext): TOidcProvider[] {
  return ctx.config.oidc.providers.map(({ id, label }) => ({ id, label }));
}

/** A provider that is turned on, else 404 (an unconfigured provider has no routes). */
export function configuredProvider(ctx: TAppContext, id: string): TOidcProviderConfig {
  const provider = ctx.config.oidc.providers.find((p) => p.id === id);
  if (!provider) throw new AppError('NOT_FOUND', M.notConfigured);
  return provider;
}

/**
 * Starts a sign-in: new state, nonce and PKCE verifier, kept server-side (the state only as its
 * hash) with the hash of a random value the browser keeps in a cookie, so the callback is accepted
 * only in the browser that started it. Returns where to send the browser and the cookie's value.
 */
export async function startSignIn(
  ctx: TAppContext,
  provider: TOidcProviderConfig,
): Promise<{ redirectTo: string; browser: string }> {
  const checks = newChecks();
  let url: URL;
  try {
    url = await authorizationUrl(provider, checks);
  } catch (err) {
    ctx.logger.warn({ provider: provider.id, reason: describe(err) }, 'oidc discovery failed');
    throw new AppError('UNAVAILABLE', M.failed(provider.label));
  }
  const browser = randomToken();
  const now = ctx.now();
  await insertLoginState(ctx.db, {
    provider: provider.id,
    stateHash: hashToken(checks.state),
    browserHash: hashToken(browser),
    nonce: checks.nonce,
    codeVerifier: checks.codeVerifier,
    expiresAt: new Date(now.getTime() + LOGIN_STATE_TTL_MS),
    createdAt: now,
  });
  return { redirectTo: url.href, browser };
}

/**
 * The error's name, message, code and the claim at fault (openid-client's checks say which): never
 * a token, a claim's value or the provider's whole reply in the log.
 */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = 'code' in err && typeof err.code === 'string' ? ` (${err.code})` : '';
  // openid-client wraps oauth4webapi's error, whose cause names the claim.
  let claim = '';
  for (let cause: unknown = err.cause, depth = 0; cause && depth < 3; depth += 1) {
    if (typeof cause !== 'object') break;
    if ('claim' in cause && typeof cause.claim === 'string') {
      claim = `, claim "${cause.claim}"`;
      break;
    }
    cause = 'cause' in cause ? cause.cause : undefined;
  }
  return `${err.name}: ${err.message}${code}${claim}`;
}

/**
 * Finishes a sign-in from the query string the provider sent the browser back with. The state is
 * spent once (a replay, an expired state or another browser's state is refused), then openid-client
 * exchanges the code with the PKCE verifier and checks the id_token (signature, issuer, audience,
 * nonce). With a verified e-mail:
 * - an identity already linked signs its account in;
 * - an e-mail that already has an account is not signed in: a pending-link token is handed out,
 *   and the next password sign-in in this browser links the identity;
 * - an e-mail whose domain an active school lists becomes a new student of that school (within the
 *   school's limits, as registration), signed in;
 * - anything else is refused.
 */
export async function finishSignIn(
  ctx: TAppContext,
  search: string,
  browser: string | undefined,
): Promise<TOidcCallbackResponse> {
  if (ctx.config.oidc.providers.length === 0) throw new AppError('NOT_FOUND', M.notConfigured);
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  const state = params.get('state');
  const now = ctx.now();
  const started =
    state && browser
      ? await consumeLoginState(ctx.db, hashToken(state), hashToken(browser), now)
      : null;
  if (!state || !started) throw new AppError('BAD_REQUEST', M.stateInvalid);
  const provider = configuredProvider(ctx, started.provider);
  let claims: TOidcClaims;
  try {
    const callbackUrl = new URL(`${provider.redirectUri}?${params.toString()}`);
    claims = await finishAuthorization(provider, callbackUrl, {
      state,
      nonce: started.nonce,
      codeVerifier: started.codeVerifier,
    });
  } catch (err) {
    ctx.logger.warn({ provider: provider.id, reason: describe(err) }, 'oidc sign-in refused');
    throw new AppError('BAD_REQUEST', M.failed(provider.label));
  }
  if (!claims.email || !claims.isEmailVerified) {
    throw new AppError('FORBIDDEN', M.emailUnverified(provider.label));
  }
  const email = claims.email;

  const linkedUserId = await findIdentityUserId(ctx.db, provider.id, claims.subject);
  const linked = linkedUserId ? await findUserById(ctx.db, linkedUserId) : null;
  if (linked) {
    return { outcome: 'signedIn', session: await startSession(ctx, linked, M.signedIn) };
  }

  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    const refusal = signInRefusal(existing.user, existing.school);
    if (refusal) throw new AppError('FORBIDDEN', refusal);
    const linkToken = await signLinkToken(ctx, {
      provider: provider.id,
      subject: claims.subject,
      email,
    });
    return {
      outcome: 'linkPending',
      success: true,
      message: M.linkPending(provider.label, email),
      email,
      linkToken,
    };
  }

  const userId = await joinSchoolByDomain(ctx, provider, claims, email);
  const row = await findUserById(ctx.db, userId);
  if (!row) throw new AppError('FORBIDDEN', M.noSchool);
  return { outcome: 'signedIn', session: await startSession(ctx, row, M.signedIn) };
}

/**
 * Makes a student account, with the identity linked, in the active school that lists the e-mail's
 * domain. The school row is locked, so the plan's last place cannot go twice. Teachers never join
 * this way (only by an admin's promotion or an invitation).
 */
async function joinSchoolByDomain(
  ctx: TAppContext,
  provider: TOidcProviderConfig,
  claims: TOidcClaims,
  email: string,
): Promise<string> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return ctx.db.transaction(async (tx) => {
    const school = await findSchoolByDomain(tx, domain, { lock: true });
    if (!school) throw new AppError('FORBIDDEN', M.noSchool);
    if (!school.active) throw new AppError('FORBIDDEN', MESSAGES.register.inactiveSchool);
    if (isTrialExpired(school, ctx.now())) {
      throw new AppError('TRIAL_EXPIRED', MESSAGES.register.trialExpired);
    }
    await assertRoomForMember(tx, school, 'student');
    const userId = await insertUserIfEmailFree(tx, {
      schoolId: school.id,
      name: claims.name ?? email.slice(0, email.lastIndexOf('@')),
      email,
      // No password: the person signs in with the provider (or sets one with "Forgot password?").
      passwordHash: null,
      role: 'student',
      permissions: defaultPermissionsFor('student', school.schoolType),
    });
    if (!userId) throw new AppError('CONFLICT', MESSAGES.register.conflict);
    await insertIdentity(tx, {
      userId,
      provider: provider.id,
      subject: claims.subject,
      email,
    });
    return userId;
  });
}
