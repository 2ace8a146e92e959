import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_PATHS, QUESTION_PATHS, TRIAL_LIMIT_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { classes, questions, schools } from '../../src/db/schema';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  actor,
  createClass,
  createQuestion,
  expectError,
  present,
  questionBody,
  teacherWithStudents,
  url,
  type TActor,
} from './teaching-helpers';

const DAY = 24 * 60 * 60 * 1000;

describe('trial limits: 3 classes and 3 questions per teacher', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const validate = (who: TActor, limitType: string) =>
    t.app.inject({
      method: 'GET',
      url: url(TRIAL_LIMIT_PATHS.validate, { limitType }),
      headers: who.headers,
    });
  const postClass = (who: TActor, name: string, students: string[]) =>
    t.app.inject({
      method: 'POST',
      url: url(CLASS_PATHS.create),
      headers: who.headers,
      payload: { name, students },
    });
  const postQuestion = (who: TActor, question: string) =>
    t.app.inject({
      method: 'POST',
      url: url(QUESTION_PATHS.create),
      headers: who.headers,
      payload: questionBody({ question }),
    });
  const countRows = async (table: typeof classes | typeof questions, teacherId: string) =>
    (await t.database.db.select().from(table).where(eq(table.teacherId, teacherId))).length;

  it('lets a trial teacher create 3 classes, then refuses the fourth with 403 TRIAL_LIMIT', async () => {
    const { teacher, students } = await teacherWithStudents(t, { plan: 'trial' });
    const ids = [students[0].id];
    for (let i = 1; i <= 2; i++) await createClass(t.app, teacher, `Class ${i}`, ids);
    expect((await validate(teacher, 'classes')).json()).toMatchObject({
      success: true,
      canProceed: true,
      isTrial: true,
      limitType: 'classes',
      count: 2,
      limit: 3,
    });
    await createClass(t.app, teacher, 'Class 3', ids);
    expect((await validate(teacher, 'classes')).json()).toEqual({
      success: true,
      canProceed: false,
      isTrial: true,
      limitType: 'classes',
      count: 3,
      limit: 3,
      message: MESSAGES.classes.trialLimit,
    });
    expectError(await postClass(teacher, 'Class 4', ids), 403, {
      code: 'TRIAL_LIMIT',
      message: MESSAGES.classes.trialLimit,
    });
    expect(await countRows(classes, teacher.user.id)).toBe(3);
    // Questions are counted apart from classes.
    expect((await validate(teacher, 'questions')).json()).toMatchObject({
      canProceed: true,
      count: 0,
    });
  });

  it('refuses the fourth question with 403 TRIAL_LIMIT', async () => {
    const { teacher } = await teacherWithStudents(t, { plan: 'trial' });
    for (let i = 1; i <= 3; i++) await createQuestion(t.app, teacher, { question: `Q${i}` });
    expect((await validate(teacher, 'questions')).json()).toMatchObject({
      canProceed: false,
      count: 3,
      limit: 3,
      message: MESSAGES.questions.trialLimit,
    });
    expectError(await postQuestion(teacher, 'Q4'), 403, {
      code: 'TRIAL_LIMIT',
      message: MESSAGES.questions.trialLimit,
    });
    expect(await countRows(questions, teacher.user.id)).toBe(3);
  });

  it('frees a place when a trial question is deleted', async () => {
    const { teacher } = await teacherWithStudents(t, { plan: 'trial' });
    const made = [];
    for (let i = 1; i <= 3; i++)
      made.push(await createQuestion(t.app, teacher, { question: `Q${i}` }));
    await t.app.inject({
      method: 'DELETE',
      url: url(QUESTION_PATHS.remove, { id: present(made[0]).id }),
      headers: teacher.headers,
    });
    expect((await postQuestion(teacher, 'Q4')).statusCode).toBe(201);
  });

  it('puts no limit on a paid school', async () => {
    const { teacher, students } = await teacherWithStudents(t, { plan: 'classroom' });
    for (let i = 1; i <= 4; i++) await createClass(t.app, teacher, `Paid ${i}`, [students[0].id]);
    for (let i = 1; i <= 4; i++) await createQuestion(t.app, teacher, { question: `Paid Q${i}` });
    expect((await validate(teacher, 'classes')).json()).toMatchObject({
      canProceed: true,
      isTrial: false,
      count: 4,
      limit: null,
      message: MESSAGES.trialLimits.paidPlan,
    });
    expect((await validate(teacher, 'questions')).json()).toMatchObject({
      canProceed: true,
      limit: null,
    });
  });

  it('refuses creates with 403 TRIAL_EXPIRED once the trial is over', async () => {
    const { teacher, students, school } = await teacherWithStudents(t, { plan: 'trial' });
    const cls = await createClass(t.app, teacher, 'Before expiry', [students[0].id]);
    const question = await createQuestion(t.app, teacher, { question: 'Before expiry' });
    await t.database.db
      .update(schools)
      .set({ trialExpiresAt: new Date(Date.now() - DAY) })
      .where(eq(schools.id, school.id));
    expectError(await postClass(teacher, 'After expiry', [students[0].id]), 403, {
      code: 'TRIAL_EXPIRED',
      message: MESSAGES.register.trialExpired,
    });
    expectError(await postQuestion(teacher, 'After expiry'), 403, { code: 'TRIAL_EXPIRED' });
    // Putting a question in a class is new work too (issue 26: it said "added successfully").
    const added = await t.app.inject({
      method: 'POST',
      url: url(QUESTION_PATHS.addToClass),
      headers: teacher.headers,
      payload: { questionId: question.id, classId: cls.id },
    });
    expectError(added, 403, { code: 'TRIAL_EXPIRED', message: MESSAGES.register.trialExpired });
    expect((await validate(teacher, 'classes')).json()).toMatchObject({
      canProceed: false,
      count: 1,
      message: MESSAGES.register.trialExpired,
    });
  });

  it('expires by the server clock', async () => {
    const { teacher } = await teacherWithStudents(t, {
      plan: 'trial',
      trialExpiresAt: new Date(Date.now() + DAY),
    });
    expect((await postQuestion(teacher, 'In time')).statusCode).toBe(201);
    t.clock.advance(2 * DAY);
    try {
      expectError(await postQuestion(teacher, 'Too late'), 403, { code: 'TRIAL_EXPIRED' });
    } finally {
      t.clock.reset();
    }
  });

  it('answers 400 naming limitType for any other kind, and 403 to a student', async () => {
    const { teacher, school } = await teacherWithStudents(t, { plan: 'trial' });
    expectError(await validate(teacher, 'students'), 400, {
      code: 'VALIDATION',
      field: 'limitType',
    });
    const student = await actor(t, 'student', school);
    expectError(await validate(student, 'classes'), 403, { code: 'FORBIDDEN' });
  });

  it('holds under concurrent class creates: from 1 class, exactly 2 of 5 parallel creates pass', async () => {
    const { teacher, students } = await teacherWithStudents(t, { plan: 'trial' });
    await createClass(t.app, teacher, 'First', [students[0].id]);
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => postClass(teacher, `Race ${i}`, [students[0].id])),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 403, 403, 403]);
    for (const reply of replies.filter((r) => r.statusCode === 403)) {
      expect(reply.json()).toMatchObject({ code: 'TRIAL_LIMIT' });
    }
    expect(await countRows(classes, teacher.user.id)).toBe(3);
  });

  it('holds under concurrent question creates: from 1 question, exactly 2 of 5 pass', async () => {
    const { teacher } = await teacherWithStudents(t, { plan: 'trial' });
    await createQuestion(t.app, teacher, { question: 'First' });
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => postQuestion(teacher, `Race ${i}`)),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403, 403]);
    expect(await countRows(questions, teacher.user.id)).toBe(3);
  });
});
