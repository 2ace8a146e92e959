import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, fillPath, QUESTION_PATHS } from '@stem/contract/api';
import { MAX_ATTEMPTS_PER_QUESTION } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { MAX_ANSWER_LENGTH, type TSubmission } from '@stem/contract/submissions';
import { buildSchool, buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  actor,
  addToClass,
  createClass,
  createQuestion,
  expectError,
  questionBody,
  signedIn,
  type TActor,
} from '../teaching/teaching-helpers';
import {
  answerRows,
  classroom,
  getSubmission,
  PHOTOSYNTHESIS_ANSWER,
  studentSubmissionsUrl,
  submissionRow,
  submissionUrl,
  detailsUrl,
  submit,
  submitOk,
  teacherSubmissionsUrl,
  waitForStatus,
} from './submission-helpers';

describe('submitting answers', () => {
  let t: TTestApp;
  let setup: Awaited<ReturnType<typeof classroom>>;

  beforeAll(async () => {
    t = await buildTestApp();
    setup = await classroom(t);
  });
  afterAll(() => t.close());

  it('saves a pending submission with a snapshot of each question and its total marks', async () => {
    const { student, cls, photosynthesis, osmosis } = setup;
    const id = await submitOk(t, student, cls, [
      { question: photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
      { question: osmosis, answer: 'Water moves into the root cell by osmosis.' },
    ]);
    const row = await submissionRow(t, id);
    // Marking starts at once; the offline engine may already have finished.
    expect(['pending', 'marked']).toContain(row.status);
    expect(row).toMatchObject({
      source: 'student',
      studentId: student.user.id,
      classId: cls.id,
      className: 'Biology 10',
      totalMarks: photosynthesis.marks + osmosis.marks,
      uploadedBy: null,
    });
    const answers = await answerRows(t, id);
    expect(answers.map((a) => [a.questionText, a.marks, a.rubric, a.answerSource])).toEqual(
      expect.arrayContaining([
        [photosynthesis.question, 5, photosynthesis.rubric, 'typed'],
        [osmosis.question, 4, osmosis.rubric, 'typed'],
      ]),
    );
    await waitForStatus(t, id, 'marked');
    // Marked by the job, not saved as marked: every answer has a score and the engine that gave it.
    for (const answer of await answerRows(t, id)) {
      expect(answer.score).not.toBeNull();
      expect(answer.markedBy).toMatch(/^offline@/);
    }
    expect((await submissionRow(t, id)).markingAttempts).toBe(1);
  });

  it('keeps the old question text, marks and rubric after the teacher edits the question', async () => {
    const { teacher, student, cls } = setup;
    const question = await createQuestion(t.app, teacher, {
      question: 'Describe the water cycle.',
      marks: 6,
      lowMarkRange: '0-1',
      highMarkRange: '4-6',
      rubric:
        'Low Mark Range (0-1):\nNames one stage.\n\nHigh Mark Range (4-6):\nEvaporation, condensation, precipitation and collection in order.',
    });
    await addToClass(t.app, teacher, question.id, cls.id);
    const id = await submitOk(t, student, cls, [
      { question, answer: 'Water evaporates, condenses into clouds and falls as rain.' },
    ]);
    await waitForStatus(t, id, 'marked');
    const before = await getSubmission(t, student, id);

    const edit = await t.app.inject({
      method: 'PUT',
      url: apiPath(fillPath(QUESTION_PATHS.update, { id: question.id })),
      headers: teacher.headers,
      payload: questionBody({
        question: 'Describe the carbon cycle.',
        marks: 2,
        lowMarkRange: '0-1',
        highMarkRange: '2-2',
        rubric: 'Low Mark Range (0-1):\nOne process.\n\nHigh Mark Range (2-2):\nTwo processes.',
      }),
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const after = await getSubmission(t, student, id);
    expect(after.submissions[0]).toMatchObject({
      question: 'Describe the water cycle.',
      marks: 6,
      questionId: { _id: question.id, question: 'Describe the water cycle.', marks: 6 },
    });
    expect(after).toEqual(before);
    const [answer] = await answerRows(t, id);
    expect(answer?.rubric).toContain('Evaporation, condensation, precipitation');
    expect(after.totalMarks).toBe(6);
  });

  it('refuses a class the student is not enrolled in with 404', async () => {
    const { outsider, cls, photosynthesis } = setup;
    const response = await submit(t, outsider, cls.id, [
      { questionId: photosynthesis.id, answer: 'An answer.' },
    ]);
    expectError(response, 404, {
      code: 'NOT_FOUND',
      message: MESSAGES.submissions.notEnrolled,
    });
  });

  it("refuses another school's class with the same 404", async () => {
    const other = await buildSchool(t);
    const otherTeacher = await actor(t, 'teacher', other);
    const otherStudent = await buildUser(t, { role: 'student', schoolId: other.id });
    const otherClass = await createClass(t.app, otherTeacher, 'Elsewhere', [otherStudent.id]);
    const response = await submit(t, setup.student, otherClass.id, [
      { questionId: setup.photosynthesis.id, answer: 'An answer.' },
    ]);
    expectError(response, 404, { code: 'NOT_FOUND' });
  });

  it('refuses a question that is not in the class with 400 naming the answer', async () => {
    const { teacher, student, cls, photosynthesis } = setup;
    const loose = await createQuestion(t.app, teacher, { question: 'Not assigned anywhere.' });
    const response = await submit(t, student, cls.id, [
      { questionId: photosynthesis.id, answer: 'An answer.' },
      { questionId: loose.id, answer: 'Another answer.' },
    ]);
    expectError(response, 400, {
      code: 'VALIDATION',
      message: MESSAGES.submissions.questionNotInClass,
      field: 'submissions.1.questionId',
    });
  });

  it('refuses a blank answer with the spec message', async () => {
    const response = await submit(t, setup.student, setup.cls.id, [
      { questionId: setup.photosynthesis.id, answer: '   ' },
    ]);
    const body = expectError(response, 400, { code: 'VALIDATION' });
    expect(body.message).toContain('Please provide an answer');
  });

  it('refuses an over-long answer in words a student reads: the field in `field`, no path in the message', async () => {
    const response = await submit(t, setup.student, setup.cls.id, [
      { questionId: setup.photosynthesis.id, answer: 'x'.repeat(MAX_ANSWER_LENGTH + 1) },
    ]);
    expectError(response, 400, {
      code: 'VALIDATION',
      field: 'submissions.0.answer',
      message: MESSAGES.limits.answerTooLong(MAX_ANSWER_LENGTH),
    });
  });

  it('allows 3 attempts per question and refuses the fourth with 403, even in parallel', async () => {
    const { teacher } = setup;
    const student = await signedIn(
      t,
      await buildUser(t, { role: 'student', schoolId: setup.school.id }),
    );
    const classOfOne = await createClass(t.app, teacher, 'Attempts', [student.user.id]);
    const question = await createQuestion(t.app, teacher, { question: 'Name a greenhouse gas.' });
    await addToClass(t.app, teacher, question.id, classOfOne.id);

    // Four attempts at once: the lock serialises them, so exactly three get in.
    const replies = await Promise.all(
      Array.from({ length: MAX_ATTEMPTS_PER_QUESTION + 1 }, (_, i) =>
        submit(t, student, classOfOne.id, [
          { questionId: question.id, answer: `Carbon dioxide, attempt ${i + 1}.` },
        ]),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 403]);
    const refused = replies.find((r) => r.statusCode === 403);
    expectError(refused as (typeof replies)[number], 403, {
      code: 'ATTEMPTS_EXHAUSTED',
      message: MESSAGES.limits.attemptsExhaustedFor(question.question),
    });

    // Still refused afterwards, and the refusal saved nothing.
    expectError(
      await submit(t, student, classOfOne.id, [{ questionId: question.id, answer: 'Methane.' }]),
      403,
      { code: 'ATTEMPTS_EXHAUSTED' },
    );
    const list = await t.app.inject({
      method: 'GET',
      url: studentSubmissionsUrl,
      headers: student.headers,
    });
    expect(list.json<{ data: TSubmission[] }>().data).toHaveLength(MAX_ATTEMPTS_PER_QUESTION);
  });

  it('counts two answers to one question in one submission as two attempts', async () => {
    const { teacher, school } = setup;
    const student = await signedIn(t, await buildUser(t, { role: 'student', schoolId: school.id }));
    const cls = await createClass(t.app, teacher, 'Doubles', [student.user.id]);
    const question = await createQuestion(t.app, teacher, { question: 'Name a planet.' });
    await addToClass(t.app, teacher, question.id, cls.id);
    const answer = (text: string) => ({ questionId: question.id, answer: text });
    expect((await submit(t, student, cls.id, [answer('Mars'), answer('Venus')])).statusCode).toBe(
      201,
    );
    expectError(await submit(t, student, cls.id, [answer('Earth'), answer('Jupiter')]), 403, {
      code: 'ATTEMPTS_EXHAUSTED',
      field: 'submissions.1.questionId',
    });
  });

  it("numbers the student's attempts on their cards, and ignores a teacher's filter and order", async () => {
    const { teacher, school } = setup;
    const student = await signedIn(t, await buildUser(t, { role: 'student', schoolId: school.id }));
    const cls = await createClass(t.app, teacher, 'Attempt numbers', [student.user.id]);
    const first = await createQuestion(t.app, teacher, { question: 'Name a noble gas.' });
    const second = await createQuestion(t.app, teacher, { question: 'Name an alkali metal.' });
    for (const q of [first, second]) await addToClass(t.app, teacher, q.id, cls.id);
    const one = (q: { id: string }, answer: string) => ({ questionId: q.id, answer });
    // Both questions (1st attempt at each), the first alone (its 2nd), then both (3rd and 2nd).
    for (const answers of [
      [one(first, 'Neon'), one(second, 'Sodium')],
      [one(first, 'Argon')],
      [one(first, 'Helium'), one(second, 'Lithium')],
    ]) {
      expect((await submit(t, student, cls.id, answers)).statusCode).toBe(201);
    }
    const list = async (query = '') => {
      const reply = await t.app.inject({
        method: 'GET',
        url: `${studentSubmissionsUrl}${query}`,
        headers: student.headers,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<{ data: TSubmission[] }>().data;
    };
    const newestFirst = await list();
    expect(newestFirst.map((s) => s.attempts)).toEqual([
      { from: 2, to: 3, limit: MAX_ATTEMPTS_PER_QUESTION },
      { from: 2, to: 2, limit: MAX_ATTEMPTS_PER_QUESTION },
      { from: 1, to: 1, limit: MAX_ATTEMPTS_PER_QUESTION },
    ]);
    // 'Flagged Only' and 'Student Name' are the teacher's: the student's list ignores them.
    const asked = await list('?flag=flagged&sort=student');
    expect(asked.map((s) => s.id)).toEqual(newestFirst.map((s) => s.id));
    // The teacher's list carries no attempt numbers.
    const teachers = await t.app.inject({
      method: 'GET',
      url: teacherSubmissionsUrl(teacher.user.id),
      headers: teacher.headers,
    });
    expect(teachers.json<{ data: TSubmission[] }>().data[0]?.attempts).toBeUndefined();
  });

  it('lets only students create submissions', async () => {
    const response = await submit(t, setup.teacher, setup.cls.id, [
      { questionId: setup.photosynthesis.id, answer: 'An answer.' },
    ]);
    expectError(response, 403, { code: 'FORBIDDEN' });
  });
});

describe('reading submissions', () => {
  let t: TTestApp;
  let setup: Awaited<ReturnType<typeof classroom>>;
  let first: string;
  let second: string;

  beforeAll(async () => {
    t = await buildTestApp();
    setup = await classroom(t);
    const { student, cls, photosynthesis, osmosis } = setup;
    first = await submitOk(t, student, cls, [
      { question: photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
    ]);
    second = await submitOk(t, student, cls, [
      { question: osmosis, answer: 'Water moves by osmosis.' },
      { question: photosynthesis, answer: 'Light makes sugar.' },
    ]);
    await waitForStatus(t, first, 'marked');
    await waitForStatus(t, second, 'marked');
  });
  afterAll(() => t.close());

  const get = (who: TActor, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who.headers });

  it("lists the student's own submissions, newest first, without answers; details hold them", async () => {
    const response = await get(setup.student, studentSubmissionsUrl);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ success: boolean; data: TSubmission[] }>();
    expect(body.success).toBe(true);
    expect(body.data.map((s) => s._id)).toEqual([second, first]);
    const [latest] = body.data;
    expect(latest).toMatchObject({
      classId: { _id: setup.cls.id, name: 'Biology 10' },
      class: 'Biology 10',
      student: { _id: setup.student.user.id, name: setup.student.user.name },
      status: 'marked',
      totalMarks: 9,
      isFlagged: false,
      source: 'student',
    });
    expect(latest).not.toHaveProperty('submissions');
    const details = await get(setup.student, detailsUrl(second));
    expect(details.statusCode, details.body).toBe(200);
    const full = details.json<{ data: TSubmission }>().data;
    expect(full.submissions.map((a) => a.question)).toEqual([
      setup.osmosis.question,
      setup.photosynthesis.question,
    ]);
    const feedback = full.submissions[0]?.feedback[0];
    expect(feedback?.aiComment.length).toBeGreaterThan(0);
    expect(feedback?.suggestion.length).toBeGreaterThan(0);
  });

  it('shows nothing of another student', async () => {
    const response = await get(setup.outsider, studentSubmissionsUrl);
    expect(response.json<{ data: TSubmission[] }>().data).toEqual([]);
    expectError(await get(setup.outsider, submissionUrl(first)), 404, {
      code: 'NOT_FOUND',
      message: MESSAGES.submissions.notFound,
    });
  });

  it("answers 404 for another school's submission and for an unknown id", async () => {
    const other = await buildSchool(t);
    const stranger = await actor(t, 'student', other);
    expectError(await get(stranger, submissionUrl(first)), 404, { code: 'NOT_FOUND' });
    expectError(
      await get(setup.student, submissionUrl('00000000-0000-4000-8000-000000000000')),
      404,
      { code: 'NOT_FOUND' },
    );
  });

  it("lists the submissions of the teacher's classes for that teacher only", async () => {
    const { teacher } = setup;
    const response = await get(teacher, teacherSubmissionsUrl(teacher.user.id));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: TSubmission[] }>().data;
    expect(data.map((s) => s._id)).toEqual([second, first]);
    const details = await get(teacher, detailsUrl(second));
    expect(details.json<{ data: TSubmission }>().data.submissions).toHaveLength(2);

    const colleague = await actor(t, 'teacher', setup.school);
    const theirs = await get(colleague, teacherSubmissionsUrl(colleague.user.id));
    expect(theirs.json<{ data: TSubmission[] }>().data).toEqual([]);
    expectError(await get(colleague, teacherSubmissionsUrl(teacher.user.id)), 403, {
      code: 'FORBIDDEN',
    });
    expectError(await get(setup.student, teacherSubmissionsUrl(setup.student.user.id)), 403, {
      code: 'FORBIDDEN',
    });
  });
});
