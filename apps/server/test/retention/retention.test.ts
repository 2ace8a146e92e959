import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  paymentRecords,
  schools,
  submissionAnswers,
  submissions,
  users,
} from '../../src/db/schema';
import { runRetention } from '../../src/jobs/retention';
import { buildSchool, buildSchoolWithUser, buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

const logged: unknown[] = [];
const logger = {
  info: (entry: unknown) => logged.push(entry),
  error: (entry: unknown) => logged.push(entry),
} as unknown as Parameters<typeof runRetention>[0]['logger'];

const NOW = new Date('2030-06-15T12:00:00Z');
const monthsAgo = (months: number, days = 0) => {
  const d = new Date(NOW);
  d.setUTCMonth(d.getUTCMonth() - months);
  d.setUTCDate(d.getUTCDate() - days);
  return d;
};

/** Each retention period of spec 01 §9, with a controlled clock: just past it goes, just inside stays. */
describe('retention rules of the privacy notice', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const answerRow = (submissionId: string, answer: string) => ({
    submissionId,
    questionText: 'Why is the sky blue?',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric: 'Low Mark Range: ... High Mark Range: ...',
    answer,
    score: 3,
    feedback: { aiComment: 'Good', suggestion: 'More detail', markRange: '3-4' },
  });

  it('empties answer text after 24 months, deletes scores and feedback after 36, and says how many', async () => {
    const { school, user: student } = await buildSchoolWithUser(t, 'student');
    const db = t.database.db;
    const rows = await db
      .insert(submissions)
      .values([
        {
          schoolId: school.id,
          studentId: student.id,
          submittedAt: monthsAgo(23, 20),
          status: 'marked',
        },
        {
          schoolId: school.id,
          studentId: student.id,
          submittedAt: monthsAgo(24, 1),
          status: 'marked',
        },
        {
          schoolId: school.id,
          studentId: student.id,
          submittedAt: monthsAgo(35, 20),
          status: 'marked',
        },
        {
          schoolId: school.id,
          studentId: student.id,
          submittedAt: monthsAgo(36, 1),
          status: 'marked',
        },
      ])
      .returning({ id: submissions.id });
    const ids = rows.map((r) => r.id);
    await db.insert(submissionAnswers).values(ids.map((id, i) => answerRow(id, `answer ${i}`)));

    const report = await runRetention({ db, now: () => NOW, logger });
    expect(report.submissionsDeleted).toBe(1);
    expect(report.answerTextsEmptied).toBe(2);

    const left = await db
      .select({
        submissionId: submissionAnswers.submissionId,
        answer: submissionAnswers.answer,
        score: submissionAnswers.score,
      })
      .from(submissionAnswers)
      .where(inArray(submissionAnswers.submissionId, ids));
    const byId = new Map(left.map((r) => [r.submissionId, r]));
    expect(byId.get(ids[0] as string)?.answer).toBe('answer 0');
    expect(byId.get(ids[1] as string)).toMatchObject({ answer: '', score: 3 });
    expect(byId.get(ids[2] as string)).toMatchObject({ answer: '', score: 3 });
    expect(byId.has(ids[3] as string)).toBe(false);

    // A second round finds nothing more to do.
    const again = await runRetention({ db, now: () => NOW, logger });
    expect(again.submissionsDeleted).toBe(0);
    expect(again.answerTextsEmptied).toBe(0);
  });

  it('removes schools 24 months after their plan ended, with their people, and keeps payment records 7 years', async () => {
    const db = t.database.db;
    const oldTrial = await buildSchool(t, { plan: 'trial' });
    const recentTrial = await buildSchool(t, { plan: 'trial' });
    const cancelled = await buildSchool(t, { plan: 'personal' });
    const activePaid = await buildSchool(t, { plan: 'classroom' });
    await db
      .update(schools)
      .set({ trialExpiresAt: monthsAgo(24, 2) })
      .where(eq(schools.id, oldTrial.id));
    await db
      .update(schools)
      .set({ trialExpiresAt: monthsAgo(23) })
      .where(eq(schools.id, recentTrial.id));
    await db
      .update(schools)
      .set({ subscriptionStatus: 'canceled', currentPeriodEnd: monthsAgo(25) })
      .where(eq(schools.id, cancelled.id));
    const teacher = await buildUser(t, { role: 'teacher', schoolId: oldTrial.id });
    const payer = await buildUser(t, { role: 'teacher', schoolId: cancelled.id });
    await buildUser(t, { role: 'teacher', schoolId: activePaid.id });
    await db.insert(paymentRecords).values([
      {
        schoolId: cancelled.id,
        invoiceId: 'in_recent',
        description: 'Personal',
        amountPence: 499,
        currency: 'gbp',
        status: 'paid',
        occurredAt: monthsAgo(30),
      },
      {
        schoolId: cancelled.id,
        invoiceId: 'in_old',
        description: 'Personal',
        amountPence: 499,
        currency: 'gbp',
        status: 'paid',
        occurredAt: monthsAgo(7 * 12, 1),
      },
    ]);

    const report = await runRetention({ db, now: () => NOW, logger });
    expect(report.schoolsEnded).toBe(2);
    expect(report.accountsOfEndedSchools).toBe(2);
    expect(report.paymentRecordsDeleted).toBe(1);

    const remaining = await db.select({ id: schools.id }).from(schools);
    const remainingIds = remaining.map((s) => s.id);
    expect(remainingIds).not.toContain(oldTrial.id);
    expect(remainingIds).not.toContain(cancelled.id);
    expect(remainingIds).toContain(recentTrial.id);
    expect(remainingIds).toContain(activePaid.id);
    expect(
      await db
        .select()
        .from(users)
        .where(inArray(users.id, [teacher.id, payer.id])),
    ).toHaveLength(0);
    const receipts = await db.select({ invoiceId: paymentRecords.invoiceId }).from(paymentRecords);
    expect(receipts.map((r) => r.invoiceId)).toEqual(['in_recent']);
  });

  it('keeps activity records 12 months and sent mail 24 months', async () => {
    const db = t.database.db;
    const { school, user } = await buildSchoolWithUser(t, 'admin');
    await db.insert(auditLog).values([
      {
        schoolId: school.id,
        actorId: user.id,
        action: 'user.promoted',
        createdAt: monthsAgo(12, 1),
      },
      { schoolId: school.id, actorId: user.id, action: 'user.demoted', createdAt: monthsAgo(11) },
    ]);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-retention-'));
    try {
      const outbox = path.join(dataDir, 'outbox');
      mkdirSync(outbox);
      writeFileSync(path.join(outbox, 'old.eml'), 'old');
      writeFileSync(path.join(outbox, 'new.eml'), 'new');
      utimesSync(path.join(outbox, 'old.eml'), monthsAgo(24, 1), monthsAgo(24, 1));
      utimesSync(path.join(outbox, 'new.eml'), monthsAgo(23), monthsAgo(23));

      const report = await runRetention({ db, now: () => NOW, logger, dataDir });
      expect(report.activityRecordsDeleted).toBeGreaterThanOrEqual(1);
      expect(report.outboxMessagesDeleted).toBe(1);
      expect(readdirSync(outbox)).toEqual(['new.eml']);
      const actions = await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.schoolId, school.id));
      expect(actions.map((a) => a.action)).toEqual(['user.demoted']);
      expect(logged.some((entry) => JSON.stringify(entry).includes('outboxMessagesDeleted'))).toBe(
        true,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
