import { normaliseRole, type TRole } from '@stem/contract/roles';

/**
 * What every page's guard needs from the stored session (is there a token, which role), without
 * the schema library: the app's first chunk loads this, not ./session (which parses the whole
 * stored user with the contract's zod schema).
 */

/** The local-storage keys of spec 01 §3. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  userName: 'userName',
  role: 'role',
  generatedSchoolCode: 'generatedSchoolCode',
  trialSchoolName: 'trialSchoolName',
  registrationSuccess: 'registrationSuccess',
  registrationMessage: 'registrationMessage',
  /** Issue 29: a Google / Microsoft identity waiting for this browser's next password sign-in. */
  oidcLinkToken: 'oidcLinkToken',
} as const;

export function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session then lives only as long as the page.
  }
}

export function getItem(key: keyof typeof STORAGE_KEYS): string | null {
  return read(STORAGE_KEYS[key]);
}

export function setItem(key: keyof typeof STORAGE_KEYS, value: string | null): void {
  write(STORAGE_KEYS[key], value);
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function isSignedIn(): boolean {
  return Boolean(getToken());
}

/** Sent in this tab when the session changes (a `storage` event only reaches other tabs). */
export const SESSION_EVENT = 'stem:session';

/**
 * The role kept under `role` (lower-cased), falling back to the stored user's `role` when the
 * stored user is an object with a user id (./session's getStoredUser checks the whole shape).
 */
export function getStoredRole(): TRole | null {
  const role = normaliseRole(read(STORAGE_KEYS.role));
  if (role) return role;
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user: unknown = JSON.parse(raw);
    if (!user || typeof user !== 'object' || !('userId' in user) || !('role' in user)) return null;
    return typeof user.userId === 'string' ? normaliseRole(user.role) : null;
  } catch {
    return null;
  }
}

const SIGNED_OUT_REASON = 'stem:signedOutReason';

/**
 * Why the server ended this session (a deactivated school or account): kept for the login page,
 * which shows it once (the browser goes there by a full page load, which carries no state).
 */
export function rememberSignedOutReason(text: string): void {
  try {
    window.sessionStorage.setItem(SIGNED_OUT_REASON, text);
  } catch {
    // Private mode: the login page then shows no reason.
  }
}

/** The reason kept by rememberSignedOutReason, once: it is forgotten as it is read. */
export function takeSignedOutReason(): string | null {
  try {
    const text = window.sessionStorage.getItem(SIGNED_OUT_REASON);
    window.sessionStorage.removeItem(SIGNED_OUT_REASON);
    return text;
  } catch {
    return null;
  }
}
