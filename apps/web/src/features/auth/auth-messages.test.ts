import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import {
  destinationAfterSignIn,
  loginErrorMessage,
  magicLinkErrorMessage,
  registrationErrorMessage,
  resetPasswordErrorMessage,
} from './auth-messages';

function httpError(status: number, data: unknown = {}): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: '', data, headers: {}, config };
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
}

const noResponse = () =>
  new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() }, {});

describe('magicLinkErrorMessage', () => {
  it("maps a text containing 'expired' to the expired message", () => {
    expect(magicLinkErrorMessage(MESSAGES.magicLink.serverExpired)).toBe(
      MESSAGES.magicLink.expired,
    );
    expect(magicLinkErrorMessage('Token EXPIRED')).toBe(MESSAGES.magicLink.expired);
  });

  it("maps a text containing 'already used' to the already-used message", () => {
    expect(magicLinkErrorMessage(MESSAGES.magicLink.serverUsed)).toBe(
      MESSAGES.magicLink.alreadyUsed,
    );
    expect(magicLinkErrorMessage('Link already used')).toBe(MESSAGES.magicLink.alreadyUsed);
  });

  it('maps anything else, or nothing, to the general message', () => {
    expect(magicLinkErrorMessage(MESSAGES.magicLink.serverInvalid)).toBe(MESSAGES.magicLink.other);
    expect(magicLinkErrorMessage(MESSAGES.magicLink.verificationFailed)).toBe(
      MESSAGES.magicLink.other,
    );
    expect(magicLinkErrorMessage(undefined)).toBe(MESSAGES.magicLink.other);
  });

  it("trusts the server's error code over the wording", () => {
    expect(magicLinkErrorMessage('This magic link has already been used.', 'MAGIC_LINK_USED')).toBe(
      MESSAGES.magicLink.alreadyUsed,
    );
    expect(magicLinkErrorMessage('gone', 'MAGIC_LINK_EXPIRED')).toBe(MESSAGES.magicLink.expired);
    expect(magicLinkErrorMessage('nope', 'MAGIC_LINK_INVALID')).toBe(MESSAGES.magicLink.other);
  });
});

describe('loginErrorMessage', () => {
  it('words a 401 for password sign-in and for a reset request', () => {
    expect(loginErrorMessage(httpError(401, { message: 'x' }), 'password')).toBe(
      MESSAGES.login.invalidCredentials,
    );
    expect(loginErrorMessage(httpError(401), 'forgotPassword')).toBe(
      MESSAGES.login.resetUnauthorized,
    );
  });

  it("shows the server's message otherwise, with a fallback for each mode", () => {
    expect(loginErrorMessage(httpError(403, { message: 'Account closed' }), 'password')).toBe(
      'Account closed',
    );
    expect(loginErrorMessage(httpError(500), 'password')).toBe(MESSAGES.login.loginFailed);
    expect(loginErrorMessage(httpError(500), 'magicLink')).toBe(MESSAGES.login.magicLinkFailed);
    expect(loginErrorMessage(httpError(500), 'forgotPassword')).toBe(MESSAGES.login.resetFailed);
  });

  it("shows a 429's own message", () => {
    expect(loginErrorMessage(httpError(429, { message: 'Slow down' }), 'magicLink')).toBe(
      'Slow down',
    );
    expect(loginErrorMessage(httpError(429), 'password')).toBe(MESSAGES.generic.rateLimited);
  });

  it('reports a lost connection, and falls back for anything else', () => {
    expect(loginErrorMessage(noResponse(), 'password')).toBe(MESSAGES.generic.network);
    expect(loginErrorMessage(new Error('bad reply'), 'password')).toBe(MESSAGES.login.loginFailed);
  });
});

describe('resetPasswordErrorMessage', () => {
  it('maps 400, no response and anything else', () => {
    expect(resetPasswordErrorMessage(httpError(400))).toBe(MESSAGES.password.invalidToken);
    expect(
      resetPasswordErrorMessage(httpError(400, { message: MESSAGES.password.tooCommon })),
    ).toBe(MESSAGES.password.tooCommon);
    expect(resetPasswordErrorMessage(noResponse())).toBe(MESSAGES.password.network);
    expect(resetPasswordErrorMessage(httpError(500))).toBe(MESSAGES.password.failed);
    expect(resetPasswordErrorMessage(new Error('x'))).toBe(MESSAGES.password.failed);
  });
});

describe('registrationErrorMessage', () => {
  it('gives the generic 400 text unless the server names a reason the student can act on', () => {
    expect(registrationErrorMessage(httpError(400, { message: 'fullName: Required' }))).toBe(
      MESSAGES.register.badRequest,
    );
    expect(
      registrationErrorMessage(httpError(400, { message: MESSAGES.register.invalidCode })),
    ).toBe(MESSAGES.register.invalidCode);
    expect(
      registrationErrorMessage(httpError(400, { message: MESSAGES.register.trialStudentLimit })),
    ).toBe(MESSAGES.register.trialStudentLimit);
  });

  it("shows a 403's message (trial limit or expiry)", () => {
    expect(
      registrationErrorMessage(httpError(403, { message: MESSAGES.register.trialExpired })),
    ).toBe(MESSAGES.register.trialExpired);
    expect(registrationErrorMessage(httpError(403))).toBe(MESSAGES.generic.forbidden);
  });

  it('maps the other statuses of the catalogue', () => {
    expect(registrationErrorMessage(httpError(401))).toBe(MESSAGES.register.unauthorized);
    expect(registrationErrorMessage(httpError(409))).toBe(MESSAGES.register.conflict);
    expect(registrationErrorMessage(httpError(500))).toBe(MESSAGES.register.server);
    expect(registrationErrorMessage(httpError(502))).toBe('Registration failed: 502');
    expect(registrationErrorMessage(noResponse())).toBe(MESSAGES.register.noResponse);
  });
});

describe('destinationAfterSignIn', () => {
  it('sends an admin (any case) to the admin dashboard and everyone else to /dashboard', () => {
    expect(destinationAfterSignIn('admin')).toBe('/admin-dashboard');
    expect(destinationAfterSignIn('ADMIN')).toBe('/admin-dashboard');
    expect(destinationAfterSignIn('teacher')).toBe('/dashboard');
    expect(destinationAfterSignIn('student')).toBe('/dashboard');
    expect(destinationAfterSignIn('owner')).toBe('/dashboard');
  });
});
