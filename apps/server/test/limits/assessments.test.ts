import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_CLASS_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import type { TAssessmentAllowance, TStudentQuestion } from '@stem/contract/teaching';
import { submissions } from '../../src/db/schema';
import { formatResetDate, monthBounds } from '../../src/lib/london-month';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { submit } from '../submissions/submission-helpers';
import {
  addToClass,
  createClass,
  createQuestion,
  expectError,
  signedIn,
  teacherWithStudents,
  url,
  type TActor,
} from '../teaching/teaching-helpers';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A school of the plan with one teacher, a class holding a signed-in student, and `questions` questions. */
async function setUp(t: TTestApp, plan: 'personal' | 'classroom' | 'trial', questions = 2) {
  const { school, teacher, students } = await teacherWithStudents(t, { plan });
  const student = await signedIn(t, students[0]);
  const cls = await createClass(t.app, teacher, 'Physics', [students[0].id]);
  const qs = [];
  for (let i = 0; i < questions; i += 1) {
    const q = await createQuestion(t.app, teacher, { question: `Question number ${i + 1}?` });
    await addToClass(t.app, teacher, q.id, cls.id);
    qs.push(q);
  }
  return { school, teacher, student, studentUser: students[0], cls, questions: qs };
}

/** Earlier submissions, straight into the table (only their count and date matter here). */
async function pastSubmissions(
  t: TTestApp,
  values: { schoolId: string; classId: string; studentId: string },
  n: number,
  at: Date,
) {
  if (n === 0) return;
  await t.database.db
    .insert(submissions)
    .values(
      Array.from({ length: n }, () => ({ ...values, submittedAt: at, status: 'marked' as const })),
    );
}

async function classReply(t: TTestApp, who: TActor, classId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: url(STUDENT_CLASS_PATHS.classDetails, { classId }),
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    data: { questions: TStudentQuestion[]; allowance: TAssessmentAllowance };
  }>().data;
}

describe('practice assessments per month and attempts per question', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('Personal: 30 a month for the school, refused with the reset date, open again next month', async () => {
    const s = await setUp(t, 'personal', 1);
    const now = new Date();
    const month = monthBounds(now);
    const ids = { schoolId: s.school.id, classId: s.cls.id, studentId: s.studentUser.id };
    await pastSubmissions(t, ids, 29, now);
    await pastSubmissions(t, ids, 10, new Date(month.start.getTime() - HOUR)); // last month
    const before = await classReply(t, s.student, s.cls.id);
    expect(before.allowance).toMatchObject({
      scope: 'school',
      limit: 30,
      used: 29,
      remaining: 1,
      resetsAt: month.end.toISOString(),
    });
    const answer = [{ questionId: s.questions[0]!.id, answer: 'Energy is conserved.' }];
    expect((await submit(t, s.student, s.cls.id, answer)).statusCode).toBe(201);
    expectError(await submit(t, s.student, s.cls.id, answer), 403, {
      code: 'ASSESSMENT_LIMIT',
      message: MESSAGES.limits.assessmentsOver(30, formatResetDate(month.end)),
    });
    // Just after midnight London time on the 1st: a new month, a new allowance.
    t.clock.advance(month.end.getTime() - now.getTime() + 60_000);
    try {
      expect((await classReply(t, s.student, s.cls.id)).allowance.remaining).toBe(30);
      expect((await submit(t, s.student, s.cls.id, answer)).statusCode).toBe(201);
    } finally {
      t.clock.reset();
    }
  });

  it('Classroom: 30 a month for each class', async () => {
    const s = await setUp(t, 'classroom', 1);
    const other = await createClass(t.app, s.teacher, 'Chemistry', [s.studentUser.id]);
    await addToClass(t.app, s.teacher, s.questions[0]!.id, other.id);
    const ids = { schoolId: s.school.id, classId: s.cls.id, studentId: s.studentUser.id };
    await pastSubmissions(t, ids, 30, new Date());
    const answer = [{ questionId: s.questions[0]!.id, answer: 'Atoms.' }];
    expectError(await submit(t, s.student, s.cls.id, answer), 403, { code: 'ASSESSMENT_LIMIT' });
    expect((await classReply(t, s.student, other.id)).allowance).toMatchObject({
      scope: 'class',
      remaining: 30,
    });
    expect((await submit(t, s.student, other.id, answer)).statusCode).toBe(201);
  });

  it('holds under parallel submissions: from 28 used, exactly 2 of 5 pass', async () => {
    const s = await setUp(t, 'personal', 5);
    const ids = { schoolId: s.school.id, classId: s.cls.id, studentId: s.studentUser.id };
    await pastSubmissions(t, ids, 28, new Date());
    const replies = await Promise.all(
      s.questions.map((q) =>
        submit(t, s.student, s.cls.id, [{ questionId: q.id, answer: 'Yes.' }]),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403, 403]);
  });

  it('Trial: 30 over the whole trial, and no submissions once it has expired', async () => {
    const s = await setUp(t, 'trial', 1);
    const ids = { schoolId: s.school.id, classId: s.cls.id, studentId: s.studentUser.id };
    await pastSubmissions(t, ids, 29, new Date(Date.now() - 40 * DAY));
    expect((await classReply(t, s.student, s.cls.id)).allowance).toMatchObject({
      scope: 'trial',
      remaining: 1,
      resetsAt: null,
      message: MESSAGES.limits.trialAssessmentsLeft(1, 30),
    });
    const answer = [{ questionId: s.questions[0]!.id, answer: 'Gravity.' }];
    expect((await submit(t, s.student, s.cls.id, answer)).statusCode).toBe(201);
    expectError(await submit(t, s.student, s.cls.id, answer), 403, {
      code: 'ASSESSMENT_LIMIT',
      message: MESSAGES.trial.assessmentsOver,
    });

    const fresh = await setUp(t, 'trial', 1);
    t.clock.advance(15 * DAY);
    try {
      expectError(
        await submit(t, fresh.student, fresh.cls.id, [
          { questionId: fresh.questions[0]!.id, answer: 'Late.' },
        ]),
        403,
        { code: 'TRIAL_EXPIRED', message: MESSAGES.register.trialExpired },
      );
    } finally {
      t.clock.reset();
    }
  });

  it('counts attempts per question: the class reply carries them and a refusal names the question', async () => {
    const s = await setUp(t, 'classroom', 2);
    const [q1, q2] = s.questions as [(typeof s.questions)[number], (typeof s.questions)[number]];
    for (let i = 0; i < 3; i += 1) {
      const r = await submit(t, s.student, s.cls.id, [{ questionId: q1.id, answer: `Try ${i}` }]);
      expect(r.statusCode, r.body).toBe(201);
    }
    const reply = await classReply(t, s.student, s.cls.id);
    expect(reply.questions.map((q) => [q.id, q.attemptsUsed, q.attemptLimit])).toEqual(
      expect.arrayContaining([
        [q1.id, 3, 3],
        [q2.id, 0, 3],
      ]),
    );
    // The exhausted question does not block the other one.
    expect(
      (await submit(t, s.student, s.cls.id, [{ questionId: q2.id, answer: 'Fine.' }])).statusCode,
    ).toBe(201);
    expectError(
      await submit(t, s.student, s.cls.id, [{ questionId: q1.id, answer: 'Again' }]),
      403,
      {
        code: 'ATTEMPTS_EXHAUSTED',
        message: MESSAGES.limits.attemptsExhaustedFor(q1.question),
      },
    );
  });

  it('tells a student an over-long answer in plain words', async () => {
    const s = await setUp(t, 'classroom', 1);
    const reply = await submit(t, s.student, s.cls.id, [
      { questionId: s.questions[0]!.id, answer: 'x'.repeat(20_001) },
    ]);
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toContain(
      MESSAGES.limits.answerTooLong(20_000),
    );
  });
});
