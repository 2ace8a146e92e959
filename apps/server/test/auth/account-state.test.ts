import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, DASHBOARD_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { schools, users } from '../../src/db/schema';
import { bearer, buildSchoolWithUser, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

/** Promotions, demotions and deactivations apply from the person's next request, on every process. */
describe('account state on every request', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (app: TTestApp['app'], path: string, token: string) =>
    app.inject({ method: 'GET', url: apiPath(path), headers: bearer({ token }) });

  it('a demoted teacher is a student at the next request, with the same token', async () => {
    const { user } = await buildSchoolWithUser(t, 'teacher');
    const session = await signIn(t.app, user.email);
    expect((await get(t.app, DASHBOARD_PATHS.teacher, session.token)).statusCode).toBe(200);

    await t.database.db.update(users).set({ role: 'student' }).where(eq(users.id, user.id));
    await t.app.ctx.accountStates.forgetUsers([user.id]);

    expect((await get(t.app, DASHBOARD_PATHS.teacher, session.token)).statusCode).toBe(403);
    expect((await get(t.app, DASHBOARD_PATHS.student, session.token)).statusCode).toBe(200);
  });

  it('a deactivated school ends its people’s sessions with a clear message; reactivating restores them', async () => {
    const { school, user } = await buildSchoolWithUser(t, 'teacher');
    const session = await signIn(t.app, user.email);
    await t.database.db.update(schools).set({ active: false }).where(eq(schools.id, school.id));
    await t.app.ctx.accountStates.forgetSchool(school.id);

    const refused = await get(t.app, DASHBOARD_PATHS.teacher, session.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_INACTIVE',
      message: MESSAGES.register.inactiveSchool,
    });

    await t.database.db.update(schools).set({ active: true }).where(eq(schools.id, school.id));
    await t.app.ctx.accountStates.forgetSchool(school.id);
    expect((await get(t.app, DASHBOARD_PATHS.teacher, session.token)).statusCode).toBe(200);
  });

  it('a deleted account’s token stops working', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const session = await signIn(t.app, user.email);
    await t.database.db.delete(users).where(eq(users.id, user.id));
    await t.app.ctx.accountStates.forgetUsers([user.id]);
    const refused = await get(t.app, DASHBOARD_PATHS.student, session.token);
    expect(refused.statusCode).toBe(401);
  });
});

// Across API processes (Redis): test/auth/session-end.test.ts, every event on a second process.
