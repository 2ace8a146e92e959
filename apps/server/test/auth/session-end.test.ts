import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '@stem/contract/account';
import { ADMIN_PATHS } from '@stem/contract/admin';
import { apiPath, AUTH_PATHS, DASHBOARD_PATHS, fillPath } from '@stem/contract/api';
import type { TSessionResponse } from '@stem/contract/auth';
import { MESSAGES } from '@stem/contract/messages';
import { OWNER_PATHS } from '@stem/contract/owner';
import { buildApp } from '../../src/app';
import { users } from '../../src/db/schema';
import {
  bearer,
  buildSchoolWithUser,
  buildUser,
  DEFAULT_PASSWORD,
  nextClientAddress,
  signIn,
  tokenOf,
  waitForMail,
  type TBuiltSchool,
  type TBuiltUser,
} from '../helpers/factories';
import { findTestRedis } from '../helpers/redis';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

/**
 * Issue 26: an access token stops working at the request after its session ends (sign-out, password
 * reset, a revoked refresh family) or its account or school stops (deactivation, deletion), not when
 * the token expires 15 minutes later.
 */

type TEvent = {
  name: string;
  /** Ends access for `user` (of `school`) whose session is `session`; `app` is where it happens. */
  end: (ctx: {
    t: TTestApp;
    app: FastifyInstance;
    school: TBuiltSchool;
    user: TBuiltUser;
    session: TSessionResponse;
  }) => Promise<void>;
  /** The refusal's code and message on the old token. */
  refusal: { code: string; message: string };
};

const post = (app: FastifyInstance, path: string, payload: object, headers = {}) =>
  app.inject({
    method: 'POST',
    url: apiPath(path),
    payload,
    headers,
    remoteAddress: nextClientAddress(),
  });

/** A student's dashboard: a kept reply (plugins/reply-cache.ts) that reads nothing of the account. */
const me = (app: FastifyInstance, session: { token: string }) =>
  app.inject({ method: 'GET', url: apiPath(DASHBOARD_PATHS.student), headers: bearer(session) });

const ended = { code: 'UNAUTHENTICATED', message: MESSAGES.server.sessionEnded };

const EVENTS: TEvent[] = [
  {
    name: 'signing out',
    end: async ({ app, session }) => {
      const out = await post(app, AUTH_PATHS.logout, { refreshToken: session.refreshToken });
      expect(out.statusCode).toBe(200);
    },
    refusal: ended,
  },
  {
    name: 'a password reset',
    end: async ({ t, app, user }) => {
      expect((await post(app, AUTH_PATHS.resetPassword, { email: user.email })).statusCode).toBe(
        200,
      );
      const mail = await waitForMail(t, (m) => m.to === user.email && m.subject.includes('Reset'));
      const link = mail.links.find((l) => l.includes('/reset-password?token=')) ?? '';
      const reset = await post(app, AUTH_PATHS.updatePassword, {
        token: tokenOf(link),
        password: 'a-brand-new-password',
      });
      expect(reset.statusCode).toBe(200);
    },
    refusal: ended,
  },
  {
    name: 'a refresh token presented twice (the family is revoked)',
    end: async ({ app, session }) => {
      const first = await post(app, AUTH_PATHS.refresh, { refreshToken: session.refreshToken });
      expect(first.statusCode).toBe(200);
      const again = await post(app, AUTH_PATHS.refresh, { refreshToken: session.refreshToken });
      expect(again.statusCode).toBe(401);
    },
    refusal: ended,
  },
  {
    name: 'deactivating the account',
    // No screen deactivates one person; whatever sets the flag tells the account states.
    end: async ({ t, app, user }) => {
      await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
      await app.ctx.accountStates.forgetUsers([user.id]);
    },
    refusal: { code: 'ACCOUNT_INACTIVE', message: MESSAGES.server.accountInactive },
  },
  {
    name: 'the owner deactivating the school',
    end: async ({ t, app, school }) => {
      const owner = await buildUser(t, { role: 'owner', schoolId: null });
      const done = await app.inject({
        method: 'PUT',
        url: apiPath(fillPath(OWNER_PATHS.schoolByCode, { code: school.code })),
        headers: bearer(await signIn(app, owner.email)),
        payload: { active: false },
      });
      expect(done.statusCode, done.body).toBe(200);
    },
    refusal: { code: 'ACCOUNT_INACTIVE', message: MESSAGES.register.inactiveSchool },
  },
  {
    name: 'the admin deleting the account',
    end: async ({ t, app, school, user }) => {
      const admin = await buildUser(t, { role: 'admin', schoolId: school.id });
      const done = await app.inject({
        method: 'DELETE',
        url: apiPath(ADMIN_PATHS.deleteUsers),
        headers: bearer(await signIn(app, admin.email)),
        payload: { users: [user.id] },
      });
      expect(done.statusCode, done.body).toBe(200);
    },
    refusal: { code: 'ACCOUNT_INACTIVE', message: MESSAGES.server.unauthenticated },
  },
  {
    name: 'deleting one’s own account',
    end: async ({ app, session }) => {
      const done = await post(
        app,
        ACCOUNT_PATHS.delete,
        { password: DEFAULT_PASSWORD },
        bearer(session),
      );
      expect(done.statusCode, done.body).toBe(200);
    },
    refusal: { code: 'ACCOUNT_INACTIVE', message: MESSAGES.server.unauthenticated },
  },
];

describe('access ends at once', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(EVENTS.map((event) => [event.name, event] as const))(
    'after %s, the old access token gets 401 at the next request',
    async (_name, event) => {
      const { school, user } = await buildSchoolWithUser(t, 'student');
      const session = await signIn(t.app, user.email);
      // Seen (and kept in the short cache) before the event.
      expect((await me(t.app, session)).statusCode).toBe(200);

      await event.end({ t, app: t.app, school, user, session });

      const refused = await me(t.app, session);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject(event.refusal);
    },
  );

  it('signing out ends that session only: another sign-in of the same person goes on', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const phone = await signIn(t.app, user.email);
    const laptop = await signIn(t.app, user.email);
    expect((await me(t.app, phone)).statusCode).toBe(200);
    expect((await me(t.app, laptop)).statusCode).toBe(200);
    await post(t.app, AUTH_PATHS.logout, { refreshToken: phone.refreshToken });
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, laptop)).statusCode).toBe(200);
  });

  it('the access token a refresh gives belongs to the same session, and ends with it', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const session = await signIn(t.app, user.email);
    const refreshed = await post(t.app, AUTH_PATHS.refresh, { refreshToken: session.refreshToken });
    const next = refreshed.json<{ token: string; refreshToken: string }>();
    expect((await me(t.app, next)).statusCode).toBe(200);
    expect((await me(t.app, session)).statusCode).toBe(200);
    await post(t.app, AUTH_PATHS.logout, { refreshToken: next.refreshToken });
    expect((await me(t.app, next)).statusCode).toBe(401);
    expect((await me(t.app, session)).statusCode).toBe(401);
  });
});

describe('access ends at once on every API process (Redis)', () => {
  it.each(EVENTS.map((event) => [event.name, event] as const))(
    'after %s on one process, the old token gets 401 on another',
    async (_name, event) => {
      const redisUrl = await findTestRedis();
      if (!redisUrl) return; // Redis is required on CI (findTestRedis throws there).
      const t = await buildTestApp({ REDIS_URL: redisUrl });
      const other = await buildApp(t.config, { database: t.database });
      await other.ready();
      try {
        const { school, user } = await buildSchoolWithUser(t, 'student');
        const session = await signIn(t.app, user.email);
        expect((await me(other, session)).statusCode).toBe(200); // kept by the other process

        await event.end({ t, app: t.app, school, user, session });

        // The notice crosses Redis; wait for it (a bounded number of looks, no clock assertion).
        let refused = await me(other, session);
        for (let look = 0; look < 100 && refused.statusCode === 200; look += 1) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          refused = await me(other, session);
        }
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject(event.refusal);
      } finally {
        await other.close();
        await t.close();
      }
    },
  );
});
