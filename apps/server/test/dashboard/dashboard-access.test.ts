import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, DASHBOARD_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { ROLES, type TRole } from '@stem/contract/roles';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { fixtures } from './dashboard-fixtures';

/** Which role may open which dashboard call. */
const ALLOWED: Record<keyof typeof DASHBOARD_PATHS, TRole> = {
  teacher: 'teacher',
  student: 'student',
  admin: 'admin',
  owner: 'owner',
};

describe('dashboard access', () => {
  let t: TTestApp;
  const headersFor = {} as Record<TRole, Record<string, string>>;

  beforeAll(async () => {
    t = await buildTestApp();
    const f = fixtures(t.database.db, t.config.jwtSecret);
    const school = await f.school();
    for (const role of ROLES) {
      const user = await f.user(role, role === 'owner' ? null : school.id);
      headersFor[role] = await f.auth(user);
    }
  });

  afterAll(async () => {
    await t.close();
  });

  for (const [name, path] of Object.entries(DASHBOARD_PATHS)) {
    const allowed = ALLOWED[name as keyof typeof DASHBOARD_PATHS];

    it(`${path}: 401 without a token`, async () => {
      const response = await t.app.inject({ method: 'GET', url: `${API_BASE}${path}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    });

    it(`${path}: 401 with a forged token`, async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API_BASE}${path}`,
        headers: { authorization: 'Bearer not-a-real-token' },
      });
      expect(response.statusCode).toBe(401);
    });

    it(`${path}: 403 for every role but ${allowed}, 200 for ${allowed}`, async () => {
      for (const role of ROLES) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${API_BASE}${path}`,
          headers: headersFor[role],
        });
        if (role === allowed) {
          expect(response.statusCode, role).toBe(200);
        } else {
          expect(response.statusCode, role).toBe(403);
          expect(response.json()).toMatchObject({
            success: false,
            code: 'FORBIDDEN',
            message: MESSAGES.generic.forbidden,
          });
        }
      }
    });
  }
});
