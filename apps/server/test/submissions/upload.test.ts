import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS_PER_QUESTION } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { ROOT_PATHS, type TSubmission } from '@stem/contract/submissions';
import { buildSchool, buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  actor,
  addToClass,
  createClass,
  createQuestion,
  expectError,
  signedIn,
  type TActor,
} from '../teaching/teaching-helpers';
import {
  answerRows,
  classroom,
  markOk,
  PHOTOSYNTHESIS_ANSWER,
  studentSubmissionsUrl,
  submissionRow,
  teacherSubmissionsUrl,
} from './submission-helpers';

describe('teacher upload of student work', () => {
  let t: TTestApp;
  let setup: Awaited<ReturnType<typeof classroom>>;

  beforeAll(async () => {
    t = await buildTestApp();
    setup = await classroom(t);
  });
  afterAll(() => t.close());

  const upload = (who: TActor, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: ROOT_PATHS.submitForStudent,
      headers: who.headers,
      payload: body,
    });
  const bodyFor = (overrides: Record<string, unknown> = {}) => ({
    studentId: setup.student.user.id,
    classId: setup.cls.id,
    questionId: setup.photosynthesis.id,
    extractedText: PHOTOSYNTHESIS_ANSWER,
    ...overrides,
  });

  it('submits the work for the student, marks it, and lists it for teacher and student', async () => {
    const response = await upload(setup.teacher, bodyFor());
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ status: string; message: string; data: { _id: string } }>();
    expect(body).toMatchObject({ status: 'success', message: MESSAGES.upload.uploaded });
    const id = body.data._id;

    expect(await submissionRow(t, id)).toMatchObject({
      source: 'teacher_upload',
      uploadedBy: setup.teacher.user.id,
      studentId: setup.student.user.id,
      classId: setup.cls.id,
      totalMarks: setup.photosynthesis.marks,
    });
    const [answer] = await answerRows(t, id);
    expect(answer).toMatchObject({ answerSource: 'upload', answer: PHOTOSYNTHESIS_ANSWER });

    const marks = await markOk(t, setup.teacher, setup.cls.id, id);
    expect(marks.status).toBe('marked');

    const forTeacher = await t.app.inject({
      method: 'GET',
      url: teacherSubmissionsUrl(setup.teacher.user.id),
      headers: setup.teacher.headers,
    });
    expect(forTeacher.json<{ data: TSubmission[] }>().data[0]).toMatchObject({
      _id: id,
      source: 'teacher_upload',
      student: { _id: setup.student.user.id },
      status: 'marked',
    });
    const forStudent = await t.app.inject({
      method: 'GET',
      url: studentSubmissionsUrl,
      headers: setup.student.headers,
    });
    expect(forStudent.json<{ data: TSubmission[] }>().data.map((s) => s._id)).toContain(id);
  });

  it('refuses a student who is not in the class', async () => {
    expectError(await upload(setup.teacher, bodyFor({ studentId: setup.outsider.user.id })), 400, {
      field: 'studentId',
      message: MESSAGES.upload.studentNotInClass,
    });
  });

  it('refuses a question that is not in the class', async () => {
    const loose = await createQuestion(t.app, setup.teacher, { question: 'Unassigned.' });
    expectError(await upload(setup.teacher, bodyFor({ questionId: loose.id })), 400, {
      field: 'questionId',
      message: MESSAGES.submissions.questionNotInClass,
    });
  });

  it("answers 404 for another teacher's class and another school's class", async () => {
    const colleague = await actor(t, 'teacher', setup.school);
    expectError(await upload(colleague, bodyFor()), 404, { code: 'NOT_FOUND' });
    const other = await buildSchool(t);
    const stranger = await actor(t, 'teacher', other);
    expectError(await upload(stranger, bodyFor()), 404, { code: 'NOT_FOUND' });
  });

  it('refuses students and blank text', async () => {
    expectError(await upload(setup.student, bodyFor()), 403, { code: 'FORBIDDEN' });
    expectError(await upload(setup.teacher, bodyFor({ extractedText: '  \n ' })), 400, {
      code: 'VALIDATION',
    });
  });

  it("applies the student's 3 attempts per question to uploads too", async () => {
    const { teacher, school } = setup;
    const student = await signedIn(t, await buildUser(t, { role: 'student', schoolId: school.id }));
    const cls = await createClass(t.app, teacher, 'Uploads', [student.user.id]);
    const question = await createQuestion(t.app, teacher, { question: 'What is a cell?' });
    await addToClass(t.app, teacher, question.id, cls.id);
    const body = {
      studentId: student.user.id,
      classId: cls.id,
      questionId: question.id,
      extractedText: 'The basic unit of life.',
    };
    for (let i = 0; i < MAX_ATTEMPTS_PER_QUESTION; i += 1) {
      expect((await upload(teacher, body)).statusCode).toBe(201);
    }
    expectError(await upload(teacher, body), 403, {
      code: 'ATTEMPTS_EXHAUSTED',
      message: MESSAGES.limits.attemptsExhaustedFor(question.question),
    });
  });
});
