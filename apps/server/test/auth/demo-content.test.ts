import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, DASHBOARD_PATHS } from '@stem/contract/api';
import { ZTeacherDashboard } from '@stem/contract/dashboard';
import {
  classes,
  classQuestions,
  questions,
  submissionAnswers,
  submissions,
} from '../../src/db/schema';
import { createMarker } from '../../src/marking/engine';
import { addDemoContent, DEMO_CONTENT } from '../../src/modules/demo/demo.content';
import { createDemoSchools, DEMO_SHAPE } from '../../src/modules/demo/demo.service';
import { bearer, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

describe('demo.content', () => {
  it('gives every teacher questions and most students marked work, one flagged, over several weeks', async () => {
    const now = new Date();
    const created = await createDemoSchools(t.database.db, {
      count: 2,
      password: 'demo-password-1',
    });
    const codes = created.map((s) => s.school.code);
    const summary = await addDemoContent(
      { db: t.database.db, marker: createMarker(), logger: t.app.log, now },
      codes,
      { markedSchools: 1 },
    );
    const perClass = DEMO_CONTENT.submittingStudents + DEMO_CONTENT.studentsWithOlderWork;
    expect(summary).toEqual({
      questions: 2 * DEMO_SHAPE.teachers * 4,
      submissions: DEMO_SHAPE.teachers * perClass,
      marked: DEMO_SHAPE.teachers * perClass,
      failed: 0,
      flagged: 1,
    });

    const [first, second] = created;
    if (!first || !second) throw new Error('two demo schools expected');
    const db = t.database.db;
    // Every teacher of both schools has 4 questions with rubrics, assigned to their class.
    for (const demo of created) {
      for (const teacher of demo.accounts.filter((a) => a.role === 'teacher')) {
        const session = await signIn(t.app, teacher.email, 'demo-password-1');
        const dashboard = await t.app.inject({
          method: 'GET',
          url: apiPath(DASHBOARD_PATHS.teacher),
          headers: bearer(session),
        });
        expect(dashboard.statusCode).toBe(200);
        const body = ZTeacherDashboard.parse(dashboard.json<{ data: unknown }>().data);
        expect(body.totalQuestions).toBe(4);
        if (demo === first) {
          expect(body.totalSubmissions).toBe(perClass);
          expect(body.recentSubmissions).toHaveLength(5);
        } else {
          expect(body.totalSubmissions).toBe(0);
        }
      }
    }
    const rubrics = await db
      .select({ rubric: questions.rubric, classId: classQuestions.classId })
      .from(questions)
      .innerJoin(classQuestions, eq(classQuestions.questionId, questions.id));
    expect(rubrics).toHaveLength(16);
    for (const row of rubrics)
      expect(row.rubric).toMatch(/^Low Mark Range \(\d+-\d+\):\n.+\n\nHigh Mark Range/s);

    const [school] = await db
      .select({ schoolId: classes.schoolId })
      .from(classes)
      .innerJoin(classQuestions, eq(classQuestions.classId, classes.id))
      .limit(1);
    const rows = await db
      .select({
        id: submissions.id,
        status: submissions.status,
        totalScore: submissions.totalScore,
        totalMarks: submissions.totalMarks,
        isFlagged: submissions.isFlagged,
        submittedAt: submissions.submittedAt,
        markedAt: submissions.markedAt,
      })
      .from(submissions);
    expect(school).toBeDefined();
    expect(rows.every((r) => r.status === 'marked' && r.markedAt !== null)).toBe(true);
    // Answers of varied quality give varied marks, not one score for everybody.
    expect(new Set(rows.map((r) => r.totalScore)).size).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => r.totalScore === r.totalMarks).length).toBeGreaterThan(0);
    expect(rows.filter((r) => (r.totalScore ?? 0) * 2 < r.totalMarks).length).toBeGreaterThan(0);
    // Spread over several weeks: the oldest is more than three weeks back, none in the future.
    const ages = rows.map((r) => (now.getTime() - r.submittedAt.getTime()) / DAY_MS);
    expect(Math.max(...ages)).toBeGreaterThan(21);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    // The flagged one was flagged by the marker's moderation check, with its reason.
    const flagged = rows.filter((r) => r.isFlagged);
    expect(flagged).toHaveLength(1);
    const flaggedAnswers = await db
      .select({
        contentModeration: submissionAnswers.contentModeration,
        markedBy: submissionAnswers.markedBy,
      })
      .from(submissionAnswers)
      .where(
        and(
          inArray(
            submissionAnswers.submissionId,
            flagged.map((r) => r.id),
          ),
          eq(submissionAnswers.isFlagged, true),
        ),
      );
    expect(flaggedAnswers).toHaveLength(1);
    expect(flaggedAnswers[0]?.contentModeration?.reason).toMatch(/Bullying/);
    expect(flaggedAnswers[0]?.markedBy).toMatch(/^offline@/);
  });
});
