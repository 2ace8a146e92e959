import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { runHousekeeping } from '../../src/jobs/housekeeping';
import { listSchoolAudit, purgeOldAudit, recordAudit } from '../../src/modules/audit/audit.service';
import { buildSchoolWithUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

const silentLogger = {
  info: () => undefined,
  error: () => undefined,
} as unknown as Parameters<typeof runHousekeeping>[0]['logger'];

describe('activity records', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('records who changed what, with before and after, newest first', async () => {
    const { school, user } = await buildSchoolWithUser(t, 'admin');
    const db = t.database.db;
    await recordAudit(db, {
      schoolId: school.id,
      actorId: user.id,
      action: 'user.promoted',
      targetType: 'user',
      targetId: 'u-1',
      before: { role: 'student' },
      after: { role: 'teacher' },
    });
    await recordAudit(db, {
      schoolId: school.id,
      actorId: user.id,
      action: 'user.demoted',
      targetType: 'user',
      targetId: 'u-1',
      before: { role: 'teacher' },
      after: { role: 'student' },
    });
    const records = await listSchoolAudit(db, school.id);
    expect(records.map((r) => r.action)).toEqual(['user.demoted', 'user.promoted']);
    expect(records[1]).toMatchObject({
      actorId: user.id,
      targetType: 'user',
      targetId: 'u-1',
      details: { before: { role: 'student' }, after: { role: 'teacher' } },
    });
  });

  it('keeps 12 months: housekeeping removes older records and leaves newer ones', async () => {
    const { school, user } = await buildSchoolWithUser(t, 'admin');
    const db = t.database.db;
    const now = new Date('2027-06-15T12:00:00Z');
    await db.insert(auditLog).values([
      {
        schoolId: school.id,
        actorId: user.id,
        action: 'class.created',
        createdAt: new Date('2026-06-14T12:00:00Z'),
      },
      {
        schoolId: school.id,
        actorId: user.id,
        action: 'class.reassigned',
        createdAt: new Date('2026-06-16T12:00:00Z'),
      },
    ]);
    await runHousekeeping({ db, now: () => now, logger: silentLogger });
    const left = await listSchoolAudit(db, school.id);
    expect(left.map((r) => r.action)).toEqual(['class.reassigned']);
    expect(await purgeOldAudit(db, now)).toBe(0);
  });
});
