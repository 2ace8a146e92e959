import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_PATHS, STUDENT_CLASS_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import type { TClassSummary, TQuestion, TStudentClass } from '@stem/contract/teaching';
import { classes, users } from '../../src/db/schema';
import { buildSchool } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  actor,
  addToClass,
  createClass,
  createQuestion,
  expectError,
  signedIn,
  teacherWithStudents,
  url,
  type TActor,
} from './teaching-helpers';

describe("the student's view of classes", () => {
  let t: TTestApp;
  let teacher: TActor;
  let enrolled: TActor;
  let outsider: TActor;
  let biology: TClassSummary;
  let otherClass: TClassSummary;
  let osmosis: TQuestion;

  beforeAll(async () => {
    t = await buildTestApp();
    const setup = await teacherWithStudents(t);
    teacher = setup.teacher;
    const [bella, adam] = setup.students;
    enrolled = await signedIn(t, bella);
    outsider = await signedIn(t, adam);
    biology = await createClass(t.app, teacher, 'Biology 10', [bella.id]);
    otherClass = await createClass(t.app, teacher, 'Adam only', [adam.id]);
    osmosis = await createQuestion(t.app, teacher, {
      question: 'Explain osmosis.',
      marks: 4,
      highMarkRange: '3-4',
    });
    const diffusion = await createQuestion(t.app, teacher, { question: 'Explain diffusion.' });
    for (const question of [osmosis, diffusion]) {
      await addToClass(t.app, teacher, question.id, biology.id);
    }
  });
  afterAll(() => t.close());

  const get = (who: TActor, path: string, params: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: url(path, params), headers: who.headers });

  it('lists the enrolled classes with teacher, question count and total marks', async () => {
    const response = await get(enrolled, STUDENT_CLASS_PATHS.enrolledClasses, {
      userId: enrolled.user.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ success: boolean; classes: TStudentClass[] }>()).toEqual({
      success: true,
      classes: [
        {
          _id: biology.id,
          id: biology.id,
          name: 'Biology 10',
          teacher: { _id: teacher.user.id, id: teacher.user.id, name: teacher.user.name },
          questionCount: 2,
          totalMarks: 9,
        },
      ],
    });
  });

  it('answers 200 with an empty list for a student in no class', async () => {
    const school = await buildSchool(t);
    const loner = await actor(t, 'student', school);
    const response = await get(loner, STUDENT_CLASS_PATHS.enrolledClasses, {
      userId: loner.user.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, classes: [] });
  });

  it("refuses another student's list with 403, and teachers altogether", async () => {
    const response = await get(outsider, STUDENT_CLASS_PATHS.enrolledClasses, {
      userId: enrolled.user.id,
    });
    expectError(response, 403, { code: 'FORBIDDEN' });
    const asTeacher = await get(teacher, STUDENT_CLASS_PATHS.enrolledClasses, {
      userId: teacher.user.id,
    });
    expectError(asTeacher, 403, { code: 'FORBIDDEN' });
  });

  it('gives an enrolled class with its questions, never a rubric or range', async () => {
    const response = await get(enrolled, STUDENT_CLASS_PATHS.classDetails, { classId: biology.id });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: { class: TStudentClass; questions: object[] } }>();
    expect(body.data.class.name).toBe('Biology 10');
    expect(body.data.questions.map((q) => (q as { question: string }).question)).toEqual([
      'Explain osmosis.',
      'Explain diffusion.',
    ]);
    for (const question of body.data.questions) {
      expect(Object.keys(question).sort()).toEqual([
        '_id',
        'attemptLimit',
        'attemptsUsed',
        'createdAt',
        'id',
        'marks',
        'question',
      ]);
    }
    expect(response.body).not.toContain('Mark Range');
  });

  it('answers 404 (not 403) for a class the student is not enrolled in', async () => {
    const response = await get(enrolled, STUDENT_CLASS_PATHS.classDetails, {
      classId: otherClass.id,
    });
    expectError(response, 404, { message: MESSAGES.classes.notFound });
    const questionsOf = await get(enrolled, QUESTION_PATHS.byClass, { classId: otherClass.id });
    expectError(questionsOf, 404, { message: MESSAGES.classes.notFound });
  });

  it('gives the class questions to an enrolled student without any rubric key', async () => {
    const response = await get(enrolled, QUESTION_PATHS.byClass, { classId: biology.id });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      status: string;
      success: boolean;
      data: Record<string, unknown>[];
    }>();
    expect(body.status).toBe('success');
    expect(body.data).toHaveLength(2);
    for (const question of body.data) {
      expect(question).not.toHaveProperty('rubric');
      expect(question).not.toHaveProperty('lowMarkRange');
      expect(question).not.toHaveProperty('highMarkRange');
    }
    expect(response.body).not.toContain('Mark Range');
  });

  it('refuses a student the teacher-only question route with 403', async () => {
    const response = await get(enrolled, QUESTION_PATHS.details, { id: osmosis.id });
    expectError(response, 403, { code: 'FORBIDDEN' });
    expect(response.body).not.toContain('Mark Range');
  });

  it('hides an inactive class from its students', async () => {
    const dormant = await createClass(t.app, teacher, 'Dormant', [enrolled.user.id]);
    await t.database.db.update(classes).set({ active: false }).where(eq(classes.id, dormant.id));
    const list = await get(enrolled, STUDENT_CLASS_PATHS.enrolledClasses, {
      userId: enrolled.user.id,
    });
    expect(list.json<{ classes: TStudentClass[] }>().classes.map((c) => c.id)).toEqual([
      biology.id,
    ]);
    const details = await get(enrolled, STUDENT_CLASS_PATHS.classDetails, { classId: dormant.id });
    expectError(details, 404, {});
  });

  it('shows a class whose teacher left without a teacher', async () => {
    const school = await buildSchool(t);
    const leaver = await actor(t, 'teacher', school);
    const pupil = await actor(t, 'student', school);
    const cls = await createClass(t.app, leaver, 'Orphaned', [pupil.user.id]);
    await t.database.db.delete(users).where(eq(users.id, leaver.user.id));
    const response = await get(pupil, STUDENT_CLASS_PATHS.classDetails, { classId: cls.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: { class: TStudentClass } }>().data.class.teacher).toBeNull();
  });
});
