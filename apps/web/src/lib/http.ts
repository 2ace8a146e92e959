import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE, AUTH_PATHS } from '@stem/contract/api';
import { ZMeResponse, ZRefreshResponse } from '@stem/contract/auth';
import { REQUEST_TIMEOUT_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  clearSession,
  getRefreshToken,
  getStoredUser,
  getToken,
  saveTokens,
  setItem,
  updateStoredUser,
} from './session';
import { rememberSignedOutReason } from './session-core';

/**
 * The one HTTP client: same-origin, JSON, bearer token, 30 s timeout (spec 01 §7). No default
 * Content-Type: axios writes `application/json` for an object body itself, and leaves a FormData
 * body to the browser, which writes `multipart/form-data` with its boundary (a JSON default made
 * axios turn every upload's form into JSON).
 */
export const http = axios.create({
  baseURL: '',
  timeout: REQUEST_TIMEOUT_MS,
});

http.interceptors.request.use((config) => {
  const token = getToken();
  config.headers.set('Authorization', token ? `Bearer ${token}` : '');
  return config;
});

/** Calls that must never trigger a refresh: a 401 there means wrong credentials, not an old token. */
const NO_REFRESH = [
  AUTH_PATHS.login,
  AUTH_PATHS.refresh,
  AUTH_PATHS.logout,
  AUTH_PATHS.magicLink,
  AUTH_PATHS.magicLinkVerify,
  AUTH_PATHS.register,
  AUTH_PATHS.resetPassword,
  AUTH_PATHS.updatePassword,
].map((p) => `${API_BASE}${p}`);

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time, however many calls failed with 401 together. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    try {
      const response = await axios.post(
        `${API_BASE}${AUTH_PATHS.refresh}`,
        { refreshToken },
        { timeout: REQUEST_TIMEOUT_MS },
      );
      const parsed = ZRefreshResponse.safeParse(response.data);
      if (!parsed.success) return false;
      saveTokens(parsed.data.token, parsed.data.refreshToken);
      void syncStoredUser();
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** At most one re-read of the current user this often, however many calls were refused. */
export const USER_SYNC_MIN_INTERVAL_MS = 5_000;
let lastUserSync = 0;

/**
 * Reads the signed-in user again (GET /auth/me) and stores what changed, the role included, so a
 * person promoted or demoted by their admin moves to the screens of their new role: the route guards
 * re-read the stored role. Runs after every token refresh and after a 403 (a role the server no
 * longer grants), at most once per USER_SYNC_MIN_INTERVAL_MS.
 */
export async function syncStoredUser(): Promise<void> {
  const now = Date.now();
  if (!getToken() || now - lastUserSync < USER_SYNC_MIN_INTERVAL_MS) return;
  lastUserSync = now;
  try {
    const response = await http.get<unknown>(`${API_BASE}${AUTH_PATHS.me}`);
    const parsed = ZMeResponse.safeParse(response.data);
    if (!parsed.success) return;
    const fresh = parsed.data.user;
    const stored = getStoredUser();
    if (stored?.role !== fresh.role) setItem('role', fresh.role.toLowerCase());
    updateStoredUser(fresh);
  } catch {
    // Offline or signed out meanwhile: the next refresh or refusal tries again.
  }
}

/** Lets tests run the sync again at once. */
export function resetUserSync(): void {
  lastUserSync = 0;
}

type TRetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

/** Where a 401 that survives a refresh sends the browser; replaced in tests. */
export const navigation = {
  toLogin: () => {
    if (window.location.pathname !== '/login') window.location.assign('/login');
  },
};

http.interceptors.response.use(undefined, async (error: unknown) => {
  if (
    error instanceof AxiosError &&
    error.response?.status === 403 &&
    !(error.config?.url ?? '').startsWith(`${API_BASE}${AUTH_PATHS.me}`)
  ) {
    void syncStoredUser();
    throw error;
  }
  if (!(error instanceof AxiosError) || error.response?.status !== 401 || !error.config) {
    throw error;
  }
  const config = error.config as TRetriableConfig;
  const url = config.url ?? '';
  if (NO_REFRESH.some((p) => url.startsWith(p))) throw error;
  // The school or the account was deactivated: no refresh can help, and the login page says why.
  if (serverCodeOf(error) === 'ACCOUNT_INACTIVE') {
    rememberSignedOutReason(serverMessageOf(error) ?? MESSAGES.register.inactiveSchool);
    clearSession({ notify: false });
    navigation.toLogin();
    throw error;
  }
  if (!config._retried && (await refreshSession())) {
    config._retried = true;
    return http.request(config);
  }
  clearSession();
  navigation.toLogin();
  throw error;
});

export { statusOf } from './http-status';

export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof AxiosError)) return undefined;
  const data: unknown = error.response?.data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return undefined;
}

export function serverCodeOf(error: unknown): string | undefined {
  if (!(error instanceof AxiosError)) return undefined;
  const data: unknown = error.response?.data;
  if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') {
    return data.code;
  }
  return undefined;
}

/** True when the request went out but nothing came back (offline, timeout, server down). */
export function isNoResponse(error: unknown): boolean {
  return error instanceof AxiosError && Boolean(error.request) && !error.response;
}

/**
 * The generic error catalogue of spec 01 §8. `overrides` lets a screen word a status its own way
 * (the login screen's 401, registration's 409, ...).
 */
export function describeError(
  error: unknown,
  overrides: Partial<Record<number | 'noResponse' | 'fallback', string>> = {},
): string {
  // A refusal the screen words for the user (4xx) is not a fault; anything else is logged.
  const status = error instanceof AxiosError ? error.response?.status : undefined;
  if (status === undefined || status >= 500) console.error(error);
  if (error instanceof AxiosError) {
    const status = error.response?.status;
    if (status !== undefined) {
      const override = overrides[status];
      if (override) return override;
      switch (status) {
        case 401:
          return overrides.fallback ?? '';
        case 403:
          return MESSAGES.generic.forbidden;
        case 404:
          return MESSAGES.generic.notFound;
        case 500:
          return MESSAGES.generic.server;
        default:
          return serverMessageOf(error) ?? overrides.fallback ?? MESSAGES.generic.fallback;
      }
    }
    if (error.request) return overrides.noResponse ?? MESSAGES.generic.network;
  }
  return MESSAGES.generic.unexpected;
}

/** The request layer of spec 01 §7: each helper returns the response body. */
export const api = {
  get: async <T>(path: string, params?: Record<string, unknown>, config?: AxiosRequestConfig) =>
    (await http.get<T>(`${API_BASE}${path}`, { ...config, params })).data,
  post: async <T>(path: string, body?: unknown, config?: AxiosRequestConfig) =>
    (await http.post<T>(`${API_BASE}${path}`, body ?? {}, config)).data,
  put: async <T>(path: string, body?: unknown, config?: AxiosRequestConfig) =>
    (await http.put<T>(`${API_BASE}${path}`, body ?? {}, config)).data,
  patch: async <T>(path: string, body?: unknown, config?: AxiosRequestConfig) =>
    (await http.patch<T>(`${API_BASE}${path}`, body ?? {}, config)).data,
  delete: async <T>(path: string, body?: unknown, config?: AxiosRequestConfig) =>
    (await http.delete<T>(`${API_BASE}${path}`, { ...config, data: body })).data,
  /** Raw helpers for root-level paths (/api/textract/..., /api/claude/...). */
  rawGet: async <T>(url: string, config?: AxiosRequestConfig) =>
    (await http.get<T>(url, config)).data,
  rawPost: async <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    (await http.post<T>(url, body ?? {}, config)).data,
};
