import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import { RATE_LIMITS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { buildSchool, buildSchoolWithUser, DEFAULT_PASSWORD } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, payload: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: apiPath(path), payload, remoteAddress });

/** Sends `times` requests in a row and returns the status codes. */
async function hammer(times: number, send: () => ReturnType<typeof post>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push((await send()).statusCode);
  return statuses;
}

function expectRateLimited(response: Awaited<ReturnType<typeof post>>, windowMs: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    message: MESSAGES.generic.rateLimited,
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

describe('auth.rate-limit', () => {
  // The limiters' clock (Date) is the test's and stands still: a limit is counted within its window
  // however slowly a busy machine sends the requests. Timers still run.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('limits sign-in attempts per address and e-mail, with Retry-After', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const address = '192.0.2.10';
    const { max, windowMs } = RATE_LIMITS.login;
    const statuses = await hammer(max, () =>
      post(AUTH_PATHS.login, { email: user.email, password: 'wrong-password' }, address),
    );
    expect(statuses.every((s) => s === 401)).toBe(true);

    // Even the right password is refused now, from this address, for this account.
    const blocked = await post(
      AUTH_PATHS.login,
      { email: user.email.toUpperCase(), password: DEFAULT_PASSWORD },
      address,
    );
    expectRateLimited(blocked, windowMs);

    // The account still works from another address, and the address for another account.
    const otherAddress = await post(
      AUTH_PATHS.login,
      { email: user.email, password: DEFAULT_PASSWORD },
      '192.0.2.11',
    );
    expect(otherAddress.statusCode).toBe(200);
    const otherAccount = await post(
      AUTH_PATHS.login,
      { email: 'someone.else@example.com', password: 'whatever-pass' },
      address,
    );
    expect(otherAccount.statusCode).toBe(401);
  });

  it('limits magic-link requests', async () => {
    const { max, windowMs } = RATE_LIMITS.magicLink;
    const address = '192.0.2.20';
    const statuses = await hammer(max, () =>
      post(AUTH_PATHS.magicLink, { email: 'target@example.com' }, address),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    expectRateLimited(
      await post(AUTH_PATHS.magicLink, { email: 'target@example.com' }, address),
      windowMs,
    );
  });

  it('limits password-reset requests', async () => {
    const { max, windowMs } = RATE_LIMITS.resetPassword;
    const address = '192.0.2.30';
    await hammer(max, () =>
      post(AUTH_PATHS.resetPassword, { email: 'target@example.com' }, address),
    );
    expectRateLimited(
      await post(AUTH_PATHS.resetPassword, { email: 'target@example.com' }, address),
      windowMs,
    );
  });

  it('limits registrations per address, whatever the e-mail, above a whole class', async () => {
    // Two classes' worth of pupils behind one school network: each school holds 30 students.
    const schools = [await buildSchool(t), await buildSchool(t), await buildSchool(t)];
    const { max, windowMs } = RATE_LIMITS.register;
    expect(max).toBeGreaterThanOrEqual(30);
    const address = '192.0.2.40';
    let i = 0;
    const payload = () => ({
      fullName: 'Rate Limited',
      email: `rl.${Date.now()}.${(i += 1)}@example.com`,
      password: 'long-enough-pass',
      schoolCode: schools[Math.floor((i - 1) / 30)]!.code,
    });
    const statuses = await hammer(max, () => post(AUTH_PATHS.register, payload(), address));
    expect(statuses.every((s) => s === 201)).toBe(true);
    expectRateLimited(await post(AUTH_PATHS.register, payload(), address), windowMs);
    expect((await post(AUTH_PATHS.register, payload(), '192.0.2.41')).statusCode).toBe(201);
  });
});
