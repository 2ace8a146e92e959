import {
  AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { describeError, isNoResponse, serverCodeOf, serverMessageOf, statusOf } from './http';

function httpError(status: number, data: unknown = {}): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: '', data, headers: {}, config };
  return new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_RESPONSE',
    config,
    {},
    response,
  );
}

/** The request went out (it has a request object) but no response came back. */
function noResponseError(): AxiosError {
  return new AxiosError(
    'timeout of 30000ms exceeded',
    'ECONNABORTED',
    { headers: new AxiosHeaders() },
    {},
  );
}

/** Failed before sending: no request and no response. */
function unsentError(): AxiosError {
  return new AxiosError('Invalid URL', 'ERR_INVALID_URL', { headers: new AxiosHeaders() });
}

beforeEach(() => {
  // describeError logs every error first (spec 01 §8); keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('describeError', () => {
  it('gives the catalogue texts for 403, 404 and 500, even when the server sent a message', () => {
    expect(describeError(httpError(403, { message: 'nope' }))).toBe(MESSAGES.generic.forbidden);
    expect(describeError(httpError(404))).toBe(MESSAGES.generic.notFound);
    expect(describeError(httpError(500, { message: 'stack trace' }))).toBe(MESSAGES.generic.server);
  });

  it("uses another status's own message, else the generic one", () => {
    expect(describeError(httpError(409, { message: 'Already exists' }))).toBe('Already exists');
    expect(describeError(httpError(422, { message: 42 }))).toBe(MESSAGES.generic.fallback);
    expect(describeError(httpError(418))).toBe(MESSAGES.generic.fallback);
    expect(describeError(httpError(418), { fallback: 'Could not brew' })).toBe('Could not brew');
  });

  it('reports a request that got no response as a connection problem', () => {
    expect(describeError(noResponseError())).toBe(MESSAGES.generic.network);
    expect(describeError(noResponseError(), { noResponse: 'Offline' })).toBe('Offline');
  });

  it('calls anything else unexpected', () => {
    expect(describeError(new Error('boom'))).toBe(MESSAGES.generic.unexpected);
    expect(describeError('a string')).toBe(MESSAGES.generic.unexpected);
    expect(describeError(unsentError())).toBe(MESSAGES.generic.unexpected);
  });

  it('lets a screen word a status its own way', () => {
    expect(describeError(httpError(401), { 401: MESSAGES.login.invalidCredentials })).toBe(
      MESSAGES.login.invalidCredentials,
    );
    expect(describeError(httpError(409), { 409: MESSAGES.register.conflict })).toBe(
      MESSAGES.register.conflict,
    );
    expect(describeError(httpError(500), { 500: MESSAGES.register.server })).toBe(
      MESSAGES.register.server,
    );
    // An override for one status leaves the others alone.
    expect(describeError(httpError(404), { 409: 'x' })).toBe(MESSAGES.generic.notFound);
  });

  it('says nothing about a plain 401 (the session handling redirects instead)', () => {
    expect(describeError(httpError(401))).toBe('');
  });

  it('logs a fault (5xx), not a refusal the screen words for the user (4xx)', () => {
    const refusal = httpError(404);
    describeError(refusal);
    expect(console.error).not.toHaveBeenCalledWith(refusal);
    const fault = httpError(500);
    describeError(fault);
    expect(console.error).toHaveBeenCalledWith(fault);
  });
});

describe('error readers', () => {
  it('read status, message and code from a server error reply', () => {
    const error = httpError(400, { success: false, message: 'Bad code', code: 'VALIDATION' });
    expect(statusOf(error)).toBe(400);
    expect(serverMessageOf(error)).toBe('Bad code');
    expect(serverCodeOf(error)).toBe('VALIDATION');
    expect(isNoResponse(error)).toBe(false);
  });

  it('find nothing in errors that are not HTTP replies', () => {
    expect(statusOf(new Error('x'))).toBeUndefined();
    expect(serverMessageOf(noResponseError())).toBeUndefined();
    expect(serverCodeOf(httpError(400, 'plain text'))).toBeUndefined();
    expect(isNoResponse(noResponseError())).toBe(true);
    expect(isNoResponse(unsentError())).toBe(false);
  });
});

describe('a session the server ended for a deactivated school', () => {
  it('goes to /login without trying a refresh, keeping the reason for the login page', async () => {
    const { http, navigation } = await import('./http');
    const { takeSignedOutReason } = await import('./session-core');
    window.localStorage.setItem('token', 'old-token');
    window.localStorage.setItem('refreshToken', 'old-refresh');
    const toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => undefined);
    const calls: string[] = [];
    const adapter = (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
      calls.push(config.url ?? '');
      const data = {
        success: false,
        code: 'ACCOUNT_INACTIVE',
        message: MESSAGES.register.inactiveSchool,
      };
      const response: AxiosResponse = { status: 401, statusText: '', data, headers: {}, config };
      return Promise.reject(new AxiosError('401', 'ERR_BAD_REQUEST', config, {}, response));
    };
    await expect(http.get('/api/v1/stem@home/dashboard/teacher', { adapter })).rejects.toThrow();
    expect(calls).toEqual(['/api/v1/stem@home/dashboard/teacher']);
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(takeSignedOutReason()).toBe(MESSAGES.register.inactiveSchool);
    expect(takeSignedOutReason()).toBeNull();
  });
});
