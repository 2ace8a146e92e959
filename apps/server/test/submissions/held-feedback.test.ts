import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLASS_EXTRA_PATHS, type TFeedbackResponse } from '@stem/contract/admin';
import { apiPath, DASHBOARD_PATHS, fillPath, QUESTION_PATHS } from '@stem/contract/api';
import { ACCOUNT_PATHS, type TAccountExport } from '@stem/contract/account';
import type { TStudentDashboard } from '@stem/contract/dashboard';
import type { TSubmission, TSubmissionListResponse } from '@stem/contract/submissions';
import type { TQuestion } from '@stem/contract/teaching';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { addToClass, createQuestion, type TActor } from '../teaching/teaching-helpers';
import {
  answerRows,
  classroom,
  detailsUrl,
  getSubmission,
  markOk,
  PHOTOSYNTHESIS_ANSWER,
  studentSubmissionsUrl,
  submissionRow,
  submitOk,
  teacherSubmissionsUrl,
  answerUrl,
  reviewedUrl,
} from './submission-helpers';

/**
 * Feedback is instant unless the teacher holds it (issue 18): a question can hold each answer's mark
 * and feedback from the student until the teacher reviews it. Every reply a student reads withholds
 * it; the teacher sees it in Needs review; accepting or changing the mark releases it; turning the
 * option off releases what is held. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
const feedbackUrl = (id: string) => apiPath(fillPath(CLASS_EXTRA_PATHS.feedback, { id }));

describe('holding marks and feedback until the teacher reviews them', { timeout: 120_000 }, () => {
  let t: TTestApp;
  let room: Awaited<ReturnType<typeof classroom>>;
  let held: TQuestion;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(async () => {
    room = await classroom(t);
    held = await createQuestion(t.app, room.teacher, {
      question: 'Describe what happens to light energy in photosynthesis.',
      holdFeedback: true,
    });
    await addToClass(t.app, room.teacher, held.id, room.cls.id);
  });
  afterAll(async () => {
    await t.close();
  });

  async function get<T>(who: TActor, url: string): Promise<T> {
    const response = await t.app.inject({ method: 'GET', url, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  /** Submits one answer to the held question and one to an instant one, and marks them. */
  async function submitBoth() {
    const id = await submitOk(t, room.student, room.cls, [
      { question: held, answer: PHOTOSYNTHESIS_ANSWER },
      { question: room.osmosis, answer: 'Water moves into the root by osmosis.' },
    ]);
    const marked = await markOk(t, room.student, room.cls.id, id);
    const [heldAnswer, instantAnswer] = (
      await get<{ data: TSubmission }>(room.teacher, detailsUrl(id))
    ).data.submissions;
    if (!heldAnswer || !instantAnswer) throw new Error('answers missing');
    return { id, marked, heldAnswer, instantAnswer };
  }

  /** The highest doubt of the submission's other answers (null when none is doubtful). */
  async function otherAnswersDoubt(id: string, exceptAnswerId: string): Promise<number | null> {
    const doubts = (await answerRows(t, id))
      .filter((r) => r.id !== exceptAnswerId && r.reviewDoubt !== null)
      .map((r) => r.reviewDoubt ?? 0);
    return doubts.length > 0 ? Math.max(...doubts) : null;
  }

  it('is off by default, and a question keeps or changes it on update', async () => {
    expect(room.osmosis.holdFeedback).toBe(false);
    expect(held.holdFeedback).toBe(true);
    const body = {
      question: held.question,
      marks: held.marks,
      lowMarkRange: held.lowMarkRange,
      highMarkRange: held.highMarkRange,
      rubric: held.rubric,
    };
    const url = apiPath(fillPath(QUESTION_PATHS.update, { id: held.id }));
    const kept = await t.app.inject({
      method: 'PUT',
      url,
      headers: room.teacher.headers,
      payload: body,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<{ data: TQuestion }>().data.holdFeedback).toBe(true);
    const wrong = await t.app.inject({
      method: 'PUT',
      url,
      headers: room.teacher.headers,
      payload: { ...body, holdFeedback: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe('Hold feedback must be a boolean');
  });

  it('withholds the held mark from every reply the student reads, not from the teacher', async () => {
    const { id, marked, heldAnswer, instantAnswer } = await submitBoth();
    // The mark call right after submitting.
    expect(marked.feedbackHeld).toBe(true);
    expect(marked.totalScore).toBeNull();
    const [heldResult, instantResult] = marked.results;
    expect(heldResult).toMatchObject({ score: null, feedback: [], feedbackHeld: true });
    expect(instantResult?.score).not.toBeNull();
    expect(instantResult?.feedback.length).toBe(1);

    // The teacher sees both marks, the held one in Needs review.
    expect(heldAnswer.score).not.toBeNull();
    expect(heldAnswer.feedbackHeld).toBe(true);
    expect(heldAnswer.review?.reasons).toContain('held');
    expect(instantAnswer.feedbackHeld).toBe(false);
    const queue = await get<TSubmissionListResponse>(
      room.teacher,
      `${teacherSubmissionsUrl(room.teacher.user.id)}?review=needed`,
    );
    expect(queue.data.map((s) => s._id)).toContain(id);

    // The student's own views: details, the list card, the feedback call, the dashboard, the export.
    const mine = await getSubmission(t, room.student, id);
    expect(mine.totalScore).toBeNull();
    expect(mine.feedbackHeld).toBe(true);
    expect(mine.submissions[0]).toMatchObject({
      score: null,
      feedback: [],
      markedBy: null,
      feedbackHeld: true,
    });
    expect(mine.submissions[1]?.score).toBe(instantAnswer.score);
    const drawer = await get<{ data: TSubmission }>(room.student, detailsUrl(id));
    expect(drawer.data.totalScore).toBeNull();
    expect(drawer.data.submissions[0]?.score).toBeNull();
    const list = await get<TSubmissionListResponse>(room.student, studentSubmissionsUrl);
    expect(list.data.find((s) => s._id === id)).toMatchObject({
      totalScore: null,
      feedbackHeld: true,
    });
    const feedback = await get<TFeedbackResponse>(room.student, feedbackUrl(id));
    expect(feedback.data.totalScore).toBeNull();
    expect(feedback.data.feedback[0]).toMatchObject({ score: null, feedback: [] });
    const teacherFeedback = await get<TFeedbackResponse>(room.teacher, feedbackUrl(id));
    expect(teacherFeedback.data.feedback[0]?.score).toBe(heldAnswer.score);
    const dashboard = await get<{ data: TStudentDashboard }>(
      room.student,
      apiPath(DASHBOARD_PATHS.student),
    );
    expect(dashboard.data.recentSubmissions.find((s) => s._id === id)?.totalScore).toBeNull();
    const exported = await get<TAccountExport>(room.student, apiPath(ACCOUNT_PATHS.data));
    const answers = exported.submissions.find((s) => s.totalMarks === mine.totalMarks)?.answers;
    expect(answers?.[0]).toMatchObject({ score: null, heldForReview: true });
  });

  it("sorts held work with the unmarked in the student's score order, not by its hidden total", async () => {
    const { id } = await submitBoth();
    const weak = await submitOk(t, room.student, room.cls, [
      { question: room.osmosis, answer: 'I am not sure.' },
    ]);
    await markOk(t, room.student, room.cls.id, weak);
    const order = async (who: TActor, url: string) =>
      (await get<TSubmissionListResponse>(who, `${url}?sort=score`)).data.map((s) => s._id);
    // The teacher's order is by the real totals: the held work scored higher.
    const teachers = await order(room.teacher, teacherSubmissionsUrl(room.teacher.user.id));
    expect(teachers.indexOf(id)).toBeLessThan(teachers.indexOf(weak));
    // The student's puts it after every released mark, as if it were not marked yet.
    const students = await order(room.student, studentSubmissionsUrl);
    expect(students.indexOf(id)).toBeGreaterThan(students.indexOf(weak));
    // Paging through the student's order gives the same list, each once.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `${studentSubmissionsUrl}?sort=score&limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await get<TSubmissionListResponse>(room.student, url);
      paged.push(...page.data.map((s) => s._id));
      cursor = page.page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(students);
  });

  it('releases an answer when the teacher accepts or changes its mark', async () => {
    const { id, heldAnswer } = await submitBoth();
    const accepted = await t.app.inject({
      method: 'POST',
      url: reviewedUrl(id, heldAnswer._id),
      headers: room.teacher.headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mine = await getSubmission(t, room.student, id);
    expect(mine.feedbackHeld).toBe(false);
    expect(mine.totalScore).not.toBeNull();
    expect(mine.submissions[0]?.score).toBe(heldAnswer.score);
    expect(mine.submissions[0]?.feedback.length).toBe(1);
    // What still waits for review is the other answer's own doubt, if it has one.
    expect((await submissionRow(t, id)).reviewDoubt).toBe(
      (await otherAnswersDoubt(id, heldAnswer._id)) ?? null,
    );

    // A second submission, released by an override: the student reads the teacher's mark.
    const second = await submitBoth();
    const changed = await t.app.inject({
      method: 'PATCH',
      url: answerUrl(second.id, second.heldAnswer._id),
      headers: room.teacher.headers,
      payload: { score: 1, comment: 'Say where the light energy is stored.' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await getSubmission(t, room.student, second.id);
    expect(after.submissions[0]).toMatchObject({
      score: 1,
      teacherFeedback: 'Say where the light energy is stored.',
    });
    expect(after.totalScore).toBe(1 + (second.instantAnswer.score ?? 0));
  });

  it('releases everything held when the teacher turns the option off', async () => {
    const { id, heldAnswer } = await submitBoth();
    const response = await t.app.inject({
      method: 'PUT',
      url: apiPath(fillPath(QUESTION_PATHS.update, { id: held.id })),
      headers: room.teacher.headers,
      payload: {
        question: held.question,
        marks: held.marks,
        lowMarkRange: held.lowMarkRange,
        highMarkRange: held.highMarkRange,
        rubric: held.rubric,
        holdFeedback: false,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const mine = await getSubmission(t, room.student, id);
    expect(mine.feedbackHeld).toBe(false);
    expect(mine.submissions[0]?.score).toBe(heldAnswer.score);
    const rows = await answerRows(t, id);
    const released = rows.find((r) => r.id === heldAnswer._id);
    expect(released?.feedbackHeld).toBe(false);
    expect(released?.reviewReasons ?? []).not.toContain('held');
    // The hold leaves the queue: what waits is the answers' other doubts, if any.
    expect((await submissionRow(t, id)).reviewDoubt).toBe(
      Math.max(...rows.map((r) => r.reviewDoubt ?? -1)) < 0
        ? null
        : Math.max(...rows.map((r) => r.reviewDoubt ?? -1)),
    );
    // New answers to it are instant again.
    const next = await submitOk(t, room.student, room.cls, [
      { question: held, answer: PHOTOSYNTHESIS_ANSWER },
    ]);
    const marked = await markOk(t, room.student, room.cls.id, next);
    expect(marked.totalScore).not.toBeNull();
  });
});
