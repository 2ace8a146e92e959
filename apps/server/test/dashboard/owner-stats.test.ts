import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, DASHBOARD_PATHS } from '@stem/contract/api';
import type { TOwnerStats } from '@stem/contract/dashboard';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { fixtures } from './dashboard-fixtures';

const url = `${API_BASE}${DASHBOARD_PATHS.owner}`;

describe('GET /owner/stats', () => {
  let t: TTestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    const f = fixtures(t.database.db, t.config.jwtSecret);
    const owner = await f.user('owner', null);
    const paid = await f.school({ plan: 'classroom' });
    const trial = await f.school({
      plan: 'trial',
      trialExpiresAt: new Date(Date.now() + 86_400_000),
    });
    await f.school({ plan: 'personal', schoolType: 'personal', active: false });
    await f.user('admin', paid.id);
    await f.user('teacher', paid.id);
    await f.user('teacher', paid.id);
    await f.user('teacher', trial.id);
    await f.user('student', paid.id);
    await f.user('student', paid.id);
    await f.user('student', paid.id);
    await f.user('student', trial.id);
    headers = await f.auth(owner);
  });

  afterAll(async () => {
    await t.close();
  });

  it('counts every school (active and on trial) and every user by role', async () => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ success: boolean; data: TOwnerStats }>()).toEqual({
      success: true,
      data: {
        schools: { total: 3, active: 2, trial: 1 },
        users: { total: 9, byRole: { owner: 1, admin: 1, teacher: 3, student: 4 } },
      },
    });
  });
});
