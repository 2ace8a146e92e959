import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import { RESET_TOKEN_TTL_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  buildSchoolWithUser,
  nextClientAddress,
  signIn,
  tokenOf,
  waitForMail,
} from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => t.clock.reset());

const post = (path: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: apiPath(path),
    payload,
    remoteAddress: nextClientAddress(),
  });

async function mailedResetToken(email: string): Promise<string> {
  const response = await post(AUTH_PATHS.resetPassword, { email });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ success: true, message: MESSAGES.server.resetRequested });
  const mail = await waitForMail(t, (m) => m.to === email && m.subject.includes('Reset'));
  const link = mail.links.find((l) => l.startsWith('http://localhost:3000/reset-password?token='));
  expect(link).toBeDefined();
  expect(mail.text).toContain('1 hour');
  return tokenOf(link as string);
}

const login = (email: string, password: string) => post(AUTH_PATHS.login, { email, password });

describe('auth.reset-password', () => {
  it('answers an unknown e-mail like a known one and mails nothing for it', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const unknown = await post(AUTH_PATHS.resetPassword, { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, message: MESSAGES.server.resetRequested });
    await mailedResetToken(user.email);
    expect((await t.outbox()).some((m) => m.to === 'ghost@example.com')).toBe(false);
  });

  it('sets a new password with the mailed link: the old one fails, the new one works', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const token = await mailedResetToken(user.email);
    const response = await post(AUTH_PATHS.updatePassword, { token, password: 'brand-new-secret' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: MESSAGES.server.passwordUpdated });
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-secret')).statusCode).toBe(200);
  });

  it('works the same through reset-password/confirm', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const token = await mailedResetToken(user.email);
    const response = await post(AUTH_PATHS.resetPasswordConfirm, {
      token,
      password: 'another-new-secret',
    });
    expect(response.statusCode).toBe(200);
    expect((await login(user.email, 'another-new-secret')).statusCode).toBe(200);
  });

  it('refuses a used token with 400 RESET_TOKEN_INVALID', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const token = await mailedResetToken(user.email);
    expect(
      (await post(AUTH_PATHS.updatePassword, { token, password: 'first-new-pass' })).statusCode,
    ).toBe(200);
    const again = await post(AUTH_PATHS.updatePassword, { token, password: 'second-new-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'RESET_TOKEN_INVALID',
      message: MESSAGES.password.invalidToken,
    });
    expect((await login(user.email, 'first-new-pass')).statusCode).toBe(200);
  });

  it('refuses an expired token with 400', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const token = await mailedResetToken(user.email);
    t.clock.advance(RESET_TOKEN_TTL_MS + 1_000);
    const response = await post(AUTH_PATHS.updatePassword, { token, password: 'too-late-pass' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    t.clock.reset();
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses an unknown token with 400 and a short password naming the field', async () => {
    const unknown = await post(AUTH_PATHS.updatePassword, {
      token: 'never-issued',
      password: 'long-enough-pass',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: MESSAGES.password.invalidToken });
    const short = await post(AUTH_PATHS.updatePassword, { token: 'x', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION', field: 'password' });
  });

  it("ends the user's sessions and cancels other outstanding reset links", async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const session = await signIn(t.app, user.email);
    const first = await mailedResetToken(user.email);
    const secondRequest = await post(AUTH_PATHS.resetPassword, { email: user.email });
    expect(secondRequest.statusCode).toBe(200);
    const mails = async () =>
      (await t.outbox()).filter((m) => m.to === user.email && m.subject.includes('Reset'));
    await expect.poll(async () => (await mails()).length).toBe(2);
    const second = tokenOf((await mails())[1]?.links[0] as string);
    expect(second).not.toBe(first);

    expect(
      (await post(AUTH_PATHS.updatePassword, { token: second, password: 'the-new-pass' }))
        .statusCode,
    ).toBe(200);
    const refreshed = await post(AUTH_PATHS.refresh, { refreshToken: session.refreshToken });
    expect(refreshed.statusCode).toBe(401);
    const oldLink = await post(AUTH_PATHS.updatePassword, {
      token: first,
      password: 'sneaky-pass',
    });
    expect(oldLink.statusCode).toBe(400);
  });
});
