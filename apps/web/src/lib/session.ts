import { ZSessionUser, type TSessionResponse, type TSessionUser } from '@stem/contract/auth';
import { normaliseRole, type TRole } from '@stem/contract/roles';
import {
  STORAGE_KEYS,
  getItem,
  getToken,
  isSignedIn,
  read,
  SESSION_EVENT,
  setItem,
  write,
} from './session-core';

export { STORAGE_KEYS, getItem, getToken, isSignedIn, SESSION_EVENT, setItem };

export function getRefreshToken(): string | null {
  return read(STORAGE_KEYS.refreshToken);
}

/** The stored user, or null when missing or not in the expected shape. */
export function getStoredUser(): TSessionUser | null {
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = ZSessionUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The role kept under `role` (lower-cased), falling back to the stored user's. */
export function getStoredRole(): TRole | null {
  return normaliseRole(read(STORAGE_KEYS.role)) ?? getStoredUser()?.role ?? null;
}

/** Saves a session after login, magic-link verification or registration, then tells other tabs. */
export function saveSession(
  session: Pick<TSessionResponse, 'token' | 'refreshToken' | 'user'>,
): void {
  write(STORAGE_KEYS.token, session.token);
  write(STORAGE_KEYS.refreshToken, session.refreshToken);
  write(STORAGE_KEYS.user, JSON.stringify(session.user));
  write(STORAGE_KEYS.userName, session.user.name);
  write(STORAGE_KEYS.role, session.user.role.toLowerCase());
  notifySessionChange();
}

export function saveTokens(token: string, refreshToken: string): void {
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.refreshToken, refreshToken);
}

export function updateStoredUser(patch: Partial<TSessionUser>): void {
  const current = getStoredUser();
  if (!current) return;
  write(STORAGE_KEYS.user, JSON.stringify({ ...current, ...patch }));
  notifySessionChange();
}

/**
 * Log out: clears stored user, token, refresh token, user name and role (spec 01 §4). With
 * `notify: false` this tab's guards are not told (the caller is navigating away itself), so the
 * signed-in guard's own redirect to /login does not overtake that navigation and its state.
 */
export function clearSession({ notify = true }: { notify?: boolean } = {}): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.refreshToken, null);
  write(STORAGE_KEYS.user, null);
  write(STORAGE_KEYS.userName, null);
  write(STORAGE_KEYS.role, null);
  if (notify) notifySessionChange();
}

/** A `storage` event only reaches other tabs; this one also tells this tab. */
export function notifySessionChange(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
  try {
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
  } catch {
    // Old browsers without the StorageEvent constructor: the custom event is enough.
  }
}
