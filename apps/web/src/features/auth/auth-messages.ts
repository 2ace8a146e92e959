import { MESSAGES } from '@stem/contract/messages';
import { normaliseRole } from '@stem/contract/roles';
import { isNoResponse, serverMessageOf, statusOf } from '../../lib/http';

/** Server error codes of a failed magic-link verification (the server's message says the same). */
const MAGIC_LINK_CODE_MESSAGES: Record<string, string> = {
  MAGIC_LINK_EXPIRED: MESSAGES.magicLink.expired,
  MAGIC_LINK_USED: MESSAGES.magicLink.alreadyUsed,
};

/**
 * What the verification page says about a failed magic link (spec 01 §8): a text containing
 * 'expired' or 'already used' gets its own message, anything else the general one.
 */
export function magicLinkErrorMessage(text: string | undefined, code?: string): string {
  const byCode = code ? MAGIC_LINK_CODE_MESSAGES[code] : undefined;
  if (byCode) return byCode;
  const lower = (text ?? '').toLowerCase();
  if (lower.includes('expired')) return MESSAGES.magicLink.expired;
  // The server words it 'already been used'; the spec's 'already used' is matched as well.
  if (lower.includes('already used') || lower.includes('already been used')) {
    return MESSAGES.magicLink.alreadyUsed;
  }
  return MESSAGES.magicLink.other;
}

export type TLoginMode = 'password' | 'magicLink' | 'forgotPassword';

const LOGIN_FALLBACKS: Record<TLoginMode, string> = {
  password: MESSAGES.login.loginFailed,
  magicLink: MESSAGES.login.magicLinkFailed,
  forgotPassword: MESSAGES.login.resetFailed,
};

/**
 * The login screen's error (spec 01 §8): its own words for a 401, the server's message otherwise,
 * then a fallback for each mode.
 */
export function loginErrorMessage(error: unknown, mode: TLoginMode): string {
  const status = statusOf(error);
  if (status === 401 && mode === 'password') return MESSAGES.login.invalidCredentials;
  if (status === 401 && mode === 'forgotPassword') return MESSAGES.login.resetUnauthorized;
  if (status === 429) return serverMessageOf(error) ?? MESSAGES.generic.rateLimited;
  if (status !== undefined) return serverMessageOf(error) ?? LOGIN_FALLBACKS[mode];
  if (isNoResponse(error)) return MESSAGES.generic.network;
  return LOGIN_FALLBACKS[mode];
}

/** The set-new-password page's error (spec 01 §8 "Password reset"). */
export function resetPasswordErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400 && serverMessageOf(error) === MESSAGES.password.tooCommon) {
    return MESSAGES.password.tooCommon;
  }
  if (status === 400) return MESSAGES.password.invalidToken;
  if (status === 429) return serverMessageOf(error) ?? MESSAGES.generic.rateLimited;
  if (status === undefined && isNoResponse(error)) return MESSAGES.password.network;
  return MESSAGES.password.failed;
}

/**
 * Server messages that tell a student exactly why registration was refused. A 400 carrying one of
 * these shows it instead of the generic 400 text, so the student learns what to fix.
 */
const SPECIFIC_REGISTRATION_MESSAGES: ReadonlySet<string> = new Set([
  MESSAGES.register.invalidCode,
  MESSAGES.register.codeFormat,
  MESSAGES.register.codeLength,
  MESSAGES.register.codeRequired,
  MESSAGES.register.inactiveSchool,
  MESSAGES.register.trialTeacherLimit,
  MESSAGES.register.trialStudentLimit,
  MESSAGES.register.trialExpired,
  MESSAGES.register.licenceRequired,
  MESSAGES.trial.linkMissing,
  MESSAGES.trial.linkInvalid,
  MESSAGES.trial.linkExpired,
  MESSAGES.trial.notTrialSchool,
  MESSAGES.password.tooCommon,
]);

/** The registration page's error for one failed attempt (spec 01 §8 "Registration"). */
export function registrationErrorMessage(error: unknown): string {
  const status = statusOf(error);
  const serverMessage = serverMessageOf(error);
  switch (status) {
    case undefined:
      return isNoResponse(error) ? MESSAGES.register.noResponse : MESSAGES.generic.unexpected;
    case 400:
      return serverMessage && SPECIFIC_REGISTRATION_MESSAGES.has(serverMessage)
        ? serverMessage
        : MESSAGES.register.badRequest;
    case 401:
      return MESSAGES.register.unauthorized;
    case 403:
      // Trial limits and expired trials come as 403 with the spec's own words.
      return serverMessage ?? MESSAGES.generic.forbidden;
    case 409:
      return MESSAGES.register.conflict;
    case 500:
      return MESSAGES.register.server;
    default:
      return MESSAGES.register.otherStatus(status);
  }
}

/** Where a user goes after signing in (spec 01 §2): admin to its dashboard, everyone else /dashboard. */
export function destinationAfterSignIn(role: unknown): string {
  return normaliseRole(role) === 'admin' ? '/admin-dashboard' : '/dashboard';
}
