import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS, DASHBOARD_PATHS } from '@stem/contract/api';
import { ZRefreshResponse, ZSchoolDetailsResponse } from '@stem/contract/auth';
import {
  REFRESH_TOKEN_TTL_MS,
  TRIAL_MAX_STUDENTS,
  TRIAL_MAX_TEACHERS,
} from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { users } from '../../src/db/schema';
import { bearer, buildSchool, buildSchoolWithUser, buildUser, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ OWNER_EMAIL: 'Owner@Example.com', OWNER_PASSWORD: 'owner-password' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => t.clock.reset());

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: apiPath(AUTH_PATHS.refresh),
    payload: { refreshToken },
  });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: apiPath(AUTH_PATHS.me), headers: bearer({ token }) });

describe('auth.refresh', () => {
  it('rotates: new tokens come back, the new access token works, the old refresh token is spent', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const session = await signIn(t.app, user.email);
    const response = await refresh(session.refreshToken);
    expect(response.statusCode).toBe(200);
    const body = ZRefreshResponse.parse(response.json());
    expect(body.refreshToken).not.toBe(session.refreshToken);
    expect((await me(body.token)).statusCode).toBe(200);
    // And the new refresh token rotates again.
    expect((await refresh(body.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is presented again', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const session = await signIn(t.app, user.email);
    const second = ZRefreshResponse.parse((await refresh(session.refreshToken)).json());
    const third = ZRefreshResponse.parse((await refresh(second.refreshToken)).json());

    const reuse = await refresh(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({
      success: false,
      code: 'REFRESH_INVALID',
      message: MESSAGES.server.refreshInvalid,
    });
    // The newest token of the family, never used, is dead too.
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
  });

  it('leaves the other sessions of the same user alone', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const laptop = await signIn(t.app, user.email);
    const phone = await signIn(t.app, user.email);
    await refresh(laptop.refreshToken);
    await refresh(laptop.refreshToken); // reuse: the laptop family dies
    expect((await refresh(phone.refreshToken)).statusCode).toBe(200);
  });

  it('refuses unknown and expired refresh tokens with 401', async () => {
    expect((await refresh('not-a-token-we-issued')).statusCode).toBe(401);
    const { user } = await buildSchoolWithUser(t, 'student');
    const session = await signIn(t.app, user.email);
    t.clock.advance(REFRESH_TOKEN_TTL_MS + 1_000);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('refuses to refresh for a deactivated user', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const session = await signIn(t.app, user.email);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });
});

describe('auth.logout', () => {
  it('revokes the refresh token it is given', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const session = await signIn(t.app, user.email);
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.logout),
      headers: bearer(session),
      payload: { refreshToken: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: MESSAGES.login.loggedOut });
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('also revokes refresh tokens issued later in the same family', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const session = await signIn(t.app, user.email);
    const rotated = ZRefreshResponse.parse((await refresh(session.refreshToken)).json());
    await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.logout),
      payload: { refreshToken: rotated.refreshToken },
    });
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
  });

  it('succeeds without a body or token', async () => {
    const response = await t.app.inject({ method: 'POST', url: apiPath(AUTH_PATHS.logout) });
    expect(response.statusCode).toBe(200);
  });
});

describe('auth.school-details', () => {
  const details = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: apiPath(AUTH_PATHS.schoolDetails),
      headers: token ? bearer({ token }) : {},
    });

  it('answers 401 without a token', async () => {
    const response = await details();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it("gives a paid school's details without trial details", async () => {
    const school = await buildSchool(t, { name: 'Elmwood School' });
    const teacher = await buildUser(t, { role: 'teacher', schoolId: school.id });
    await buildUser(t, { role: 'student', schoolId: school.id });
    await buildUser(t, { role: 'student', schoolId: school.id });
    const session = await signIn(t.app, teacher.email);
    const response = await details(session.token);
    expect(response.statusCode).toBe(200);
    const body = ZSchoolDetailsResponse.parse(response.json());
    expect(body.data).toEqual({
      schoolCode: school.code,
      schoolName: 'Elmwood School',
      isTrial: false,
      plan: 'classroom',
      schoolType: 'classroom',
      totalStudents: 2,
      logo: null,
      trialDetails: null,
    });
  });

  it("gives a trial school's expiry, usage and limits", async () => {
    const expires = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    const { user, school } = await buildSchoolWithUser(t, 'teacher', {
      plan: 'trial',
      trialExpiresAt: expires,
    });
    const session = await signIn(t.app, user.email);
    const body = ZSchoolDetailsResponse.parse((await details(session.token)).json());
    expect(body.data).toMatchObject({
      schoolCode: school.code,
      isTrial: true,
      plan: 'trial',
      trialDetails: {
        expiresAt: expires.toISOString(),
        usage: { teacherCount: 1, studentCount: 0 },
        limits: { maxTeachers: TRIAL_MAX_TEACHERS, maxStudents: TRIAL_MAX_STUDENTS },
      },
    });
  });

  it('answers 404 for the owner, who has no school', async () => {
    const session = await signIn(t.app, 'owner@example.com', 'owner-password');
    expect(session.role).toBe('owner');
    expect(session.school).toBeNull();
    const response = await details(session.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: MESSAGES.server.noSchool });
  });
});

describe('auth.owner-bootstrap', () => {
  it('created the owner from OWNER_EMAIL at start-up, exactly once', async () => {
    const owners = await t.database.db.select().from(users).where(eq(users.role, 'owner'));
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({ email: 'owner@example.com', schoolId: null });
    expect(owners[0]?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('auth.roles', () => {
  // The teacher dashboard (dashboard module) is a teacher-only route.
  it('answers 403 when a student calls a teacher-only route', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const session = await signIn(t.app, user.email);
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(DASHBOARD_PATHS.teacher),
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: MESSAGES.generic.forbidden,
    });
  });
});
