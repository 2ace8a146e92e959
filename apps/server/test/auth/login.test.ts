import type * as Argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import { ZMeResponse, ZSessionResponse, type TSessionResponse } from '@stem/contract/auth';
import { MESSAGES } from '@stem/contract/messages';
import { users } from '../../src/db/schema';
import {
  bearer,
  buildSchool,
  buildSchoolWithUser,
  buildUser,
  DEFAULT_PASSWORD,
  nextClientAddress,
  signIn,
} from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

/** Password checks made, counted by a pass-through around the real argon2 `verify`. */
const argon2 = vi.hoisted(() => ({ verifies: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifies += 1;
      return real.verify(...args);
    },
  };
});

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: apiPath(AUTH_PATHS.login),
    payload: { email, password },
    remoteAddress: nextClientAddress(),
  });

describe('auth.login', () => {
  it('refuses a wrong password with 401 and the spec message', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const response = await login(user.email, 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: MESSAGES.login.invalidCredentials,
    });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const wrongPassword = await login(user.email, 'not-the-password');
    const unknown = await login('nobody-here@example.com', 'not-the-password');
    expect(unknown.statusCode).toBe(wrongPassword.statusCode);
    expect(unknown.json()).toEqual(wrongPassword.json());
  });

  it('does the same work for unknown e-mails as for wrong passwords (a dummy hash is checked)', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    // Counted, not timed: each sign-in checks exactly one argon2id hash, whether or not the e-mail
    // has an account (without the dummy hash an unknown e-mail checks none and answers at once).
    const checksOf = async (email: string) => {
      const before = argon2.verifies;
      expect((await login(email, 'not-the-password')).statusCode).toBe(401);
      return argon2.verifies - before;
    };
    expect(await checksOf(user.email)).toBe(1);
    expect(await checksOf('nobody-at-all@example.com')).toBe(1);
    expect(await checksOf('NOBODY-else@example.com')).toBe(1);
  });

  it('signs in and returns tokens, the school and the stored-user record', async () => {
    const school = await buildSchool(t, { name: 'Oakfield Academy' });
    const user = await buildUser(t, { role: 'teacher', schoolId: school.id, name: 'Ada Lovelace' });
    const response = await login(user.email, DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = ZSessionResponse.parse(response.json());
    expect(body).toMatchObject({
      success: true,
      message: MESSAGES.login.loggedIn,
      role: 'teacher',
      userId: user.id,
      name: 'Ada Lovelace',
      school: { name: 'Oakfield Academy', code: school.code },
      user: {
        userId: user.id,
        name: 'Ada Lovelace',
        email: user.email,
        role: 'teacher',
        school: { name: 'Oakfield Academy', code: school.code },
        schoolCode: school.code,
        schoolType: 'classroom',
        plan: 'classroom',
        permissions: [],
        accountType: 'paid',
      },
    });
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(40);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const response = await login(`  ${user.email.toUpperCase()} `, DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
  });

  it('records the time of the last sign-in', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    await signIn(t.app, user.email);
    const [row] = await t.database.db
      .select({ lastLoginAt: users.lastLoginAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
    expect(Math.abs((row?.lastLoginAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses an inactive user with 403 only once the password is right', async () => {
    const school = await buildSchool(t);
    const user = await buildUser(t, { role: 'student', schoolId: school.id, active: false });
    expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
    const response = await login(user.email, DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: MESSAGES.server.accountInactive });
  });

  it('refuses the users of an inactive school with 403', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher', { active: false });
    const response = await login(user.email, DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: MESSAGES.register.inactiveSchool });
  });

  it('names the field when the e-mail is not an e-mail', async () => {
    const response = await login('not-an-email', DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field: 'email' });
  });
});

describe('auth.permissions', () => {
  const sessionOf = async (
    role: 'admin' | 'teacher' | 'student',
    plan: 'classroom' | 'personal' | 'trial',
  ): Promise<TSessionResponse> => {
    const { user } = await buildSchoolWithUser(t, role, { plan });
    return signIn(t.app, user.email);
  };

  it.each([
    ['admin', 'classroom', ['view_payments', 'manage_payments'], 'paid', 'classroom'],
    ['teacher', 'personal', ['view_payments', 'manage_payments'], 'paid', 'personal'],
    ['teacher', 'classroom', [], 'paid', 'classroom'],
    ['student', 'classroom', [], 'paid', 'classroom'],
    ['student', 'personal', [], 'paid', 'personal'],
    ['teacher', 'trial', [], 'trial', 'classroom'],
  ] as const)(
    '%s of a %s school: permissions %j, %s account',
    async (role, plan, permissions, accountType, schoolType) => {
      const session = await sessionOf(role, plan);
      expect(session.user.permissions).toEqual(permissions);
      expect(session.user.accountType).toBe(accountType);
      expect(session.user.plan).toBe(plan);
      expect(session.user.schoolType).toBe(schoolType);
    },
  );
});

describe('auth.me', () => {
  it('returns the stored-user record of the caller', async () => {
    const { user, school } = await buildSchoolWithUser(t, 'admin');
    const session = await signIn(t.app, user.email);
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(AUTH_PATHS.me),
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(200);
    const body = ZMeResponse.parse(response.json());
    expect(body.user).toEqual(session.user);
    expect(body.user.schoolCode).toBe(school.code);
  });

  it('answers 401 without a token and with a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: apiPath(AUTH_PATHS.me) });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const forged = await t.app.inject({
      method: 'GET',
      url: apiPath(AUTH_PATHS.me),
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.abc' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 401 once the account has been deactivated', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const session = await signIn(t.app, user.email);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(AUTH_PATHS.me),
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(401);
  });
});
