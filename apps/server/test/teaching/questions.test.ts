import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_PATHS, QUESTION_PATHS } from '@stem/contract/api';
import {
  RANGE_OVERLAP_MESSAGE,
  highRangeMessage,
  lowRangeMessage,
} from '@stem/contract/mark-ranges';
import { MESSAGES } from '@stem/contract/messages';
import type { TClassSummary, TQuestion } from '@stem/contract/teaching';
import { submissionAnswers, submissions } from '../../src/db/schema';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  RUBRIC,
  actor,
  addToClass,
  createClass,
  createQuestion,
  expectError,
  present,
  questionBody,
  teacherWithStudents,
  url,
  type TActor,
} from './teaching-helpers';

describe('questions', () => {
  let t: TTestApp;
  let teacher: TActor;
  let colleague: TActor;
  let studentIds: string[];
  let schoolId: string;
  let myClass: TClassSummary;
  let colleagueClass: TClassSummary;
  let colleagueQuestion: TQuestion;

  beforeAll(async () => {
    t = await buildTestApp();
    const setup = await teacherWithStudents(t);
    teacher = setup.teacher;
    schoolId = setup.school.id;
    studentIds = setup.students.map((s) => s.id);
    colleague = await actor(t, 'teacher', setup.school);
    myClass = await createClass(t.app, teacher, 'Biology 10', studentIds);
    colleagueClass = await createClass(t.app, colleague, 'Physics 11', studentIds);
    colleagueQuestion = await createQuestion(t.app, colleague, { question: 'What is inertia?' });
  });
  afterAll(() => t.close());

  const post = (who: TActor, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: url(path), headers: who.headers, payload });

  describe('POST /question/questions/create', () => {
    it('saves the question for the caller and answers 201 with the spec message', async () => {
      const response = await post(teacher, QUESTION_PATHS.create, {
        ...questionBody({ lowMarkRange: ' 0 - 1 ' }),
        teacherId: teacher.user.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<{
        status: string;
        success: boolean;
        message: string;
        data: TQuestion;
      }>();
      expect(body).toMatchObject({
        status: 'success',
        success: true,
        message: MESSAGES.questions.saved,
        data: {
          question: 'Explain how photosynthesis makes glucose in a leaf.',
          marks: 5,
          lowMarkRange: '0-1',
          highMarkRange: '3-5',
          rubric: RUBRIC,
          teacherId: teacher.user.id,
          classIds: [],
        },
      });
    });

    it('accepts marks sent as a string of digits (the form is a text input)', async () => {
      const question = await createQuestion(t.app, teacher, { marks: '4', highMarkRange: '3-4' });
      expect(question.marks).toBe(4);
    });

    it.each([
      ['a low range past marks − 1', { lowMarkRange: '0-5' }, 'lowMarkRange', lowRangeMessage(5)],
      ['a reversed low range', { lowMarkRange: '2-1' }, 'lowMarkRange', lowRangeMessage(5)],
      [
        'a low range that is not start-end',
        { lowMarkRange: '1' },
        'lowMarkRange',
        lowRangeMessage(5),
      ],
      ['a high range past marks', { highMarkRange: '3-6' }, 'highMarkRange', highRangeMessage(5)],
      [
        'a high range starting at 0',
        { lowMarkRange: '0-0', highMarkRange: '0-5' },
        'highMarkRange',
        highRangeMessage(5),
      ],
      [
        'overlapping ranges',
        { lowMarkRange: '0-3', highMarkRange: '3-5' },
        'highMarkRange',
        RANGE_OVERLAP_MESSAGE,
      ],
    ])(
      'refuses %s with the spec message naming the field',
      async (_name, overrides, field, message) => {
        const response = await post(teacher, QUESTION_PATHS.create, questionBody(overrides));
        expectError(response, 400, { code: 'VALIDATION', field, message });
      },
    );

    it.each([
      ['no High Mark Range section', 'Low Mark Range (0-1):\nNames it.'],
      [
        'an empty Low Mark Range section',
        'Low Mark Range (0-1):\n\nHigh Mark Range (3-5):\nExplains it.',
      ],
      ['no sections at all', 'Give marks for a good answer.'],
    ])('refuses a rubric with %s', async (_name, rubric) => {
      const response = await post(teacher, QUESTION_PATHS.create, questionBody({ rubric }));
      expectError(response, 400, {
        field: 'rubric',
        message: MESSAGES.questions.rubricsRequired,
      });
    });

    it('names the field of a missing question or non-numeric marks', async () => {
      expectError(
        await post(teacher, QUESTION_PATHS.create, questionBody({ question: ' ' })),
        400,
        {
          field: 'question',
        },
      );
      expectError(
        await post(teacher, QUESTION_PATHS.create, questionBody({ marks: 'five' })),
        400,
        {
          field: 'marks',
        },
      );
    });

    it('refuses to create a question in another teacher’s name', async () => {
      const response = await post(teacher, QUESTION_PATHS.create, {
        ...questionBody(),
        teacherId: colleague.user.id,
      });
      expectError(response, 403, { code: 'FORBIDDEN' });
    });
  });

  describe('reading', () => {
    it("lists the caller's questions newest first, with their classes", async () => {
      const first = await createQuestion(t.app, teacher, { question: 'First question' });
      t.clock.advance(60_000);
      const second = await createQuestion(t.app, teacher, { question: 'Second question' });
      await addToClass(t.app, teacher, first.id, myClass.id);
      const response = await t.app.inject({
        method: 'GET',
        url: url(QUESTION_PATHS.byTeacher, { teacherId: teacher.user.id }),
        headers: teacher.headers,
      });
      expect(response.statusCode).toBe(200);
      const list = response.json<{ success: boolean; data: TQuestion[] }>().data;
      expect(list.every((q) => q.teacherId === teacher.user.id)).toBe(true);
      const ids = list.map((q) => q.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(list.find((q) => q.id === first.id)?.classIds).toEqual([myClass.id]);
      expect(ids).not.toContain(colleagueQuestion.id);
    });

    it("refuses another teacher's list with 403", async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: url(QUESTION_PATHS.byTeacher, { teacherId: colleague.user.id }),
        headers: teacher.headers,
      });
      expectError(response, 403, { code: 'FORBIDDEN' });
    });

    it('gives one own question and 404 for a colleague’s', async () => {
      const own = await createQuestion(t.app, teacher);
      const response = await t.app.inject({
        method: 'GET',
        url: url(QUESTION_PATHS.details, { id: own.id }),
        headers: teacher.headers,
      });
      expect(response.json<{ data: TQuestion }>().data).toEqual(own);
      const foreign = await t.app.inject({
        method: 'GET',
        url: url(QUESTION_PATHS.details, { id: colleagueQuestion.id }),
        headers: teacher.headers,
      });
      expectError(foreign, 404, { message: MESSAGES.questions.notFound });
      expect(foreign.body).not.toContain('inertia');
    });
  });

  describe('PUT /question/questions/{id}', () => {
    it('updates an own question with the same validation', async () => {
      const own = await createQuestion(t.app, teacher);
      const update = (payload: object) =>
        t.app.inject({
          method: 'PUT',
          url: url(QUESTION_PATHS.update, { id: own.id }),
          headers: teacher.headers,
          payload,
        });
      const bad = await update(
        questionBody({ marks: 10, lowMarkRange: '0-3', highMarkRange: '11-12' }),
      );
      expectError(bad, 400, { field: 'highMarkRange', message: highRangeMessage(10) });
      const noSection = await update(
        questionBody({ rubric: 'High Mark Range (3-5):\nAll of it.' }),
      );
      expectError(noSection, 400, { message: MESSAGES.questions.rubricsRequired });

      const response = await update(
        questionBody({
          question: 'Explain respiration.',
          marks: 10,
          lowMarkRange: '0-3',
          highMarkRange: '6-10',
          rubric: 'Low Mark Range (0-3):\nNames it.\n\nHigh Mark Range (6-10):\nExplains ATP.',
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'success',
        success: true,
        data: { id: own.id, question: 'Explain respiration.', marks: 10, highMarkRange: '6-10' },
      });
    });

    it("answers 404 for a colleague's question and leaves it unchanged", async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: url(QUESTION_PATHS.update, { id: colleagueQuestion.id }),
        headers: teacher.headers,
        payload: questionBody({ question: 'Hijacked' }),
      });
      expectError(response, 404, { message: MESSAGES.questions.notFound });
      const check = await t.app.inject({
        method: 'GET',
        url: url(QUESTION_PATHS.details, { id: colleagueQuestion.id }),
        headers: colleague.headers,
      });
      expect(check.json<{ data: TQuestion }>().data.question).toBe('What is inertia?');
    });
  });

  describe('classes of a question', () => {
    it('adds to a class idempotently and removes again', async () => {
      const own = await createQuestion(t.app, teacher);
      for (let i = 0; i < 2; i++) {
        const response = await post(teacher, QUESTION_PATHS.addToClass, {
          questionId: own.id,
          classId: myClass.id,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({
          status: 'success',
          success: true,
          message: MESSAGES.questions.addedToClass,
        });
      }
      const details = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: url(CLASS_PATHS.questions, { classId: myClass.id }),
            headers: teacher.headers,
          })
        )
          .json<{ questions: TQuestion[] }>()
          .questions.filter((q) => q.id === own.id);
      expect(await details()).toHaveLength(1);
      const removed = await post(teacher, QUESTION_PATHS.removeFromClass, {
        questionId: own.id,
        classId: myClass.id,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ status: 'success', success: true });
      expect(await details()).toHaveLength(0);
    });

    it("refuses a colleague's question or class with 404", async () => {
      const own = await createQuestion(t.app, teacher);
      await addToClass(t.app, colleague, colleagueQuestion.id, colleagueClass.id);
      for (const path of [QUESTION_PATHS.addToClass, QUESTION_PATHS.removeFromClass]) {
        const foreignQuestion = await post(teacher, path, {
          questionId: colleagueQuestion.id,
          classId: myClass.id,
        });
        expectError(foreignQuestion, 404, { message: MESSAGES.questions.notFound });
        const foreignClass = await post(teacher, path, {
          questionId: own.id,
          classId: colleagueClass.id,
        });
        expectError(foreignClass, 404, { message: MESSAGES.classes.notFound });
      }
      const both = await post(teacher, QUESTION_PATHS.removeFromClass, {
        questionId: colleagueQuestion.id,
        classId: colleagueClass.id,
      });
      expectError(both, 404, {});
      const check = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.questions, { classId: colleagueClass.id }),
        headers: colleague.headers,
      });
      expect(check.json<{ questions: TQuestion[] }>().questions.map((q) => q.id)).toEqual([
        colleagueQuestion.id,
      ]);
    });

    it('gives the class questions to its teacher with rubric and 404 to a colleague', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: url(QUESTION_PATHS.byClass, { classId: colleagueClass.id }),
        headers: colleague.headers,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ status: string; data: TQuestion[] }>();
      expect(body.status).toBe('success');
      expect(body.data[0]?.rubric).toBe(RUBRIC);
      const foreign = await t.app.inject({
        method: 'GET',
        url: url(QUESTION_PATHS.byClass, { classId: colleagueClass.id }),
        headers: teacher.headers,
      });
      expectError(foreign, 404, { message: MESSAGES.classes.notFound });
    });
  });

  describe('DELETE /question/questions/delete/{id}', () => {
    it("refuses a colleague's question with 404", async () => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: url(QUESTION_PATHS.remove, { id: colleagueQuestion.id }),
        headers: teacher.headers,
      });
      expectError(response, 404, { message: MESSAGES.questions.notFound });
    });

    it('deletes an own question; a submission keeps its snapshot of it', async () => {
      const own = await createQuestion(t.app, teacher, { question: 'Snapshot me' });
      await addToClass(t.app, teacher, own.id, myClass.id);
      const db = t.database.db;
      const [inserted] = await db
        .insert(submissions)
        .values({ schoolId, classId: myClass.id, studentId: present(studentIds[0]), totalMarks: 5 })
        .returning();
      const submission = present(inserted, 'submission');
      await db.insert(submissionAnswers).values({
        submissionId: submission.id,
        questionId: own.id,
        questionText: own.question,
        marks: own.marks,
        lowMarkRange: own.lowMarkRange,
        highMarkRange: own.highMarkRange,
        rubric: own.rubric,
        answer: 'Plants use light.',
      });

      const response = await t.app.inject({
        method: 'DELETE',
        url: url(QUESTION_PATHS.remove, { id: own.id }),
        headers: teacher.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        status: 'success',
        success: true,
        message: MESSAGES.questions.deleted,
      });
      const again = await t.app.inject({
        method: 'GET',
        url: url(QUESTION_PATHS.details, { id: own.id }),
        headers: teacher.headers,
      });
      expect(again.statusCode).toBe(404);
      const [answer] = await db
        .select()
        .from(submissionAnswers)
        .where(eq(submissionAnswers.submissionId, submission.id));
      expect(answer).toMatchObject({
        questionId: null,
        questionText: 'Snapshot me',
        rubric: RUBRIC,
      });
      const classQuestions = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.questions, { classId: myClass.id }),
        headers: teacher.headers,
      });
      expect(
        classQuestions.json<{ questions: TQuestion[] }>().questions.map((q) => q.id),
      ).not.toContain(own.id);
    });
  });
});
