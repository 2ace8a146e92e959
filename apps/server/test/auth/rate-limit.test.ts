import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import { RATE_LIMITS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { buildApp } from '../../src/app';
import {
  buildSchool,
  buildSchoolWithUser,
  buildUser,
  DEFAULT_PASSWORD,
} from '../helpers/factories';
import { findTestRedis } from '../helpers/redis';
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

describe('auth.rate-limit per client (failed sign-ins, whatever the e-mail)', () => {
  const signInFrom = (
    app: TTestApp['app'],
    address: string,
    email: string,
    password: string,
    cookie?: string,
  ) =>
    app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.login),
      payload: { email, password },
      remoteAddress: address,
      headers: cookie ? { cookie } : {},
    });
  const deviceOf = (response: Awaited<ReturnType<typeof post>>) =>
    String(response.headers['set-cookie'] ?? '').split(';')[0] ?? '';

  it('refuses a client cycling e-mails once its failures fill the allowance', async () => {
    const { max, windowMs } = RATE_LIMITS.loginFailuresPerAddress;
    const address = '192.0.2.40';
    const statuses: number[] = [];
    for (let i = 0; i < max; i += 1) {
      const response = await signInFrom(t.app, address, `cycle.${i}@example.com`, 'wrong-pass');
      statuses.push(response.statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const { user } = await buildSchoolWithUser(t, 'student');
    // The next try is refused whatever it is, even a right password.
    expectRateLimited(await signInFrom(t.app, address, user.email, DEFAULT_PASSWORD), windowMs);
    // Another address is another client.
    expect((await signInFrom(t.app, '192.0.2.41', user.email, DEFAULT_PASSWORD)).statusCode).toBe(
      200,
    );
  });

  it('lets a class of 30 sign in behind one address; each browser then has its own allowance', async () => {
    const address = '192.0.2.50';
    const school = await buildSchool(t);
    const students = await Promise.all(
      Array.from({ length: 30 }, () => buildUser(t, { role: 'student', schoolId: school.id })),
    );
    // A third of the class mistypes once first; everybody gets in.
    const devices: string[] = [];
    for (const [i, student] of students.entries()) {
      if (i % 3 === 0) {
        expect((await signInFrom(t.app, address, student.email, 'mistyped')).statusCode).toBe(401);
      }
      const response = await signInFrom(t.app, address, student.email, DEFAULT_PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Strict/);
      devices.push(deviceOf(response));
    }

    // One browser that fails again and again is slowed alone.
    const { max, windowMs } = RATE_LIMITS.loginFailuresPerDevice;
    const [first, second] = students;
    const [firstDevice = '', secondDevice = ''] = devices;
    for (let i = 0; i < max; i += 1) {
      const response = await signInFrom(
        t.app,
        address,
        `guess.${i}@example.com`,
        'wrong-pass',
        firstDevice,
      );
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(
      await signInFrom(t.app, address, first?.email ?? '', DEFAULT_PASSWORD, firstDevice),
      windowMs,
    );
    expect(
      (await signInFrom(t.app, address, second?.email ?? '', DEFAULT_PASSWORD, secondDevice))
        .statusCode,
    ).toBe(200);
    // A made-up device cookie is no device: it counts with the address.
    const forged = `${firstDevice.slice(0, -3)}abc`;
    expect(
      (await signInFrom(t.app, address, 'nobody@example.com', 'wrong-pass', forged)).statusCode,
    ).toBe(401);
  });
});

describe('auth.rate-limit per client across API processes (Redis)', () => {
  it('counts the failures of every process together', async () => {
    const redisUrl = await findTestRedis();
    if (!redisUrl) return; // Redis is required on CI (findTestRedis throws there).
    const shared = await buildTestApp({
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: `rl-${Date.now().toString(36)}`,
    });
    const other = await buildApp(shared.config, { database: shared.database });
    await other.ready();
    try {
      const { max, windowMs } = RATE_LIMITS.loginFailuresPerAddress;
      const address = '192.0.2.60';
      for (let i = 0; i < max; i += 1) {
        const app = i % 2 === 0 ? shared.app : other;
        const response = await app.inject({
          method: 'POST',
          url: apiPath(AUTH_PATHS.login),
          payload: { email: `split.${i}@example.com`, password: 'wrong-pass' },
          remoteAddress: address,
        });
        expect(response.statusCode).toBe(401);
      }
      for (const app of [shared.app, other]) {
        const refused = await app.inject({
          method: 'POST',
          url: apiPath(AUTH_PATHS.login),
          payload: { email: 'split.last@example.com', password: 'wrong-pass' },
          remoteAddress: address,
        });
        expectRateLimited(refused, windowMs);
      }
    } finally {
      await other.close();
      await shared.close();
    }
  });
});
