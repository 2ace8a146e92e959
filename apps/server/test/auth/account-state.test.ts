import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, DASHBOARD_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { buildApp } from '../../src/app';
import { schools, users } from '../../src/db/schema';
import { bearer, buildSchoolWithUser, signIn } from '../helpers/factories';
import { findTestRedis } from '../helpers/redis';
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

describe('account state across API processes (Redis)', () => {
  it('a change announced by one process is seen by another at once', async () => {
    const redisUrl = await findTestRedis();
    if (!redisUrl) return; // Redis is required on CI (findTestRedis throws there).
    const t = await buildTestApp({ REDIS_URL: redisUrl });
    const other = await buildApp(t.config, { database: t.database });
    await other.ready();
    try {
      const { user } = await buildSchoolWithUser(t, 'teacher');
      const session = await signIn(t.app, user.email);
      const onOther = () =>
        other.inject({
          method: 'GET',
          url: apiPath(DASHBOARD_PATHS.teacher),
          headers: bearer(session),
        });
      expect((await onOther()).statusCode).toBe(200); // now cached by the other process

      await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
      await t.app.ctx.accountStates.forgetUsers([user.id]);

      let status = 200;
      for (let i = 0; i < 50 && status === 200; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await onOther()).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
      await t.close();
    }
  });
});
