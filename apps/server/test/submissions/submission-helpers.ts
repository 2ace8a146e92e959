import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiPath, fillPath } from '@stem/contract/api';
import {
  ROOT_PATHS,
  SUBMISSION_PATHS,
  type TMarkResponse,
  type TSubmission,
} from '@stem/contract/submissions';
import type { TClassSummary, TQuestion } from '@stem/contract/teaching';
import { submissionAnswers, submissions } from '../../src/db/schema';
import type { TMarker } from '../../src/modules/marking/marking.service';
import { createMarker } from '../../src/marking/engine';
import type { TMarkingInput } from '../../src/marking/types';
import type { TTestApp } from '../helpers/test-app';
import {
  addToClass,
  createClass,
  createQuestion,
  signedIn,
  teacherWithStudents,
  type TActor,
} from '../teaching/teaching-helpers';

/** Shared steps of the submissions tests: real schools, classes and questions through the API. */

export const PHOTOSYNTHESIS_ANSWER =
  'Plants take in carbon dioxide through the stomata and water through the roots. Chlorophyll in ' +
  'the chloroplasts absorbs light energy, which converts the water and carbon dioxide into glucose, ' +
  'and oxygen is released.';

/** A school with a teacher, a class holding one enrolled student (Bella), and two questions. */
export async function classroom(t: TTestApp) {
  const { school, teacher, students } = await teacherWithStudents(t);
  const [bella, adam] = students;
  const student = await signedIn(t, bella);
  const outsider = await signedIn(t, adam);
  const cls = await createClass(t.app, teacher, 'Biology 10', [bella.id]);
  const photosynthesis = await createQuestion(t.app, teacher);
  const osmosis = await createQuestion(t.app, teacher, {
    question: 'Explain osmosis in a plant root cell.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric:
      'Low Mark Range (0-1):\nMentions water moving.\n\nHigh Mark Range (3-4):\nWater moves from a dilute solution to a concentrated one across a partially permeable membrane.',
  });
  for (const q of [photosynthesis, osmosis]) await addToClass(t.app, teacher, q.id, cls.id);
  return { school, teacher, student, outsider, cls, photosynthesis, osmosis };
}

export const studentSubmissionsUrl = apiPath(SUBMISSION_PATHS.studentSubmissions);
export const submissionUrl = (id: string) =>
  apiPath(fillPath(SUBMISSION_PATHS.studentSubmission, { id }));
/** GET /submissions/{id}: the drawer's details, for the student or the teacher. */
export const detailsUrl = (id: string) => apiPath(fillPath(SUBMISSION_PATHS.details, { id }));
export const teacherSubmissionsUrl = (userId: string) =>
  apiPath(fillPath(SUBMISSION_PATHS.teacherSubmissions, { userId }));
/** PATCH: a teacher's override of one answer's mark. */
export const answerUrl = (id: string, answerId: string) =>
  apiPath(fillPath(SUBMISSION_PATHS.answer, { id, answerId }));
/** POST: a teacher keeps the AI's mark of one answer (reviewed, unchanged). */
export const reviewedUrl = (id: string, answerId: string) =>
  apiPath(fillPath(SUBMISSION_PATHS.answerReviewed, { id, answerId }));
export const retryUrl = (id: string) => apiPath(fillPath(SUBMISSION_PATHS.retryMarking, { id }));
export const markUrl = (classId: string, submissionId: string) =>
  fillPath(ROOT_PATHS.markSubmission, { classId, submissionId });

/** Submits answers as the student; returns the raw reply. */
export function submit(
  t: TTestApp,
  who: TActor,
  classId: string,
  answers: { questionId: string; answer: string }[],
) {
  return t.app.inject({
    method: 'POST',
    url: studentSubmissionsUrl,
    headers: who.headers,
    payload: { classId, submissions: answers, totalScore: 0, status: 'pending' },
  });
}

/** Submits and expects 201; returns the new submission's id. */
export async function submitOk(
  t: TTestApp,
  who: TActor,
  cls: TClassSummary,
  answers: { question: TQuestion; answer: string }[],
): Promise<string> {
  const response = await submit(
    t,
    who,
    cls.id,
    answers.map((a) => ({ questionId: a.question.id, answer: a.answer })),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { _id: string } }>().data._id;
}

export function callMark(t: TTestApp, who: TActor, classId: string, submissionId: string) {
  return t.app.inject({
    method: 'POST',
    url: markUrl(classId, submissionId),
    headers: who.headers,
  });
}

/** The mark call, expecting 200; returns its data. */
export async function markOk(
  t: TTestApp,
  who: TActor,
  classId: string,
  submissionId: string,
): Promise<TMarkResponse['data']> {
  const response = await callMark(t, who, classId, submissionId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TMarkResponse>().data;
}

export async function getSubmission(t: TTestApp, who: TActor, id: string): Promise<TSubmission> {
  const response = await t.app.inject({
    method: 'GET',
    url: submissionUrl(id),
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TSubmission }>().data;
}

/** The submission's row as stored (for what the API does not show, e.g. marking attempts). */
export async function submissionRow(t: TTestApp, id: string) {
  const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, id));
  if (!row) throw new Error(`no submission ${id}`);
  return row;
}

export async function answerRows(t: TTestApp, submissionId: string) {
  return t.database.db
    .select()
    .from(submissionAnswers)
    .where(eq(submissionAnswers.submissionId, submissionId));
}

/** Polls the database until the submission leaves `pending` (or fails the test after timeoutMs). */
export async function waitForStatus(
  t: TTestApp,
  id: string,
  status: 'marked' | 'failed',
  // Only a hang fails here: it waits for the status, and a busy machine marks slowly.
  timeoutMs = 90_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await submissionRow(t, id);
    if (row.status === status) return row;
    if (Date.now() > deadline) {
      throw new Error(`submission ${id} is ${row.status}, expected ${status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The real offline marker wrapped so a test can count its calls, slow it down or make it fail:
 * an adapter seam passed to buildApp, not a stand-in for our database, queue or HTTP layer.
 */
export function instrumentedMarker(
  options: { delayMs?: number; fail?: () => Error | null } = {},
): TMarker & { calls: TMarkingInput[] } {
  const real = createMarker();
  const calls: TMarkingInput[] = [];
  return {
    calls,
    async mark(input) {
      calls.push(input);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const error = options.fail?.();
      if (error) throw error;
      return real.mark(input);
    },
  };
}
