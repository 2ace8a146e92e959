import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubmission } from '@stem/contract/submissions';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  addToClass,
  createClass,
  createQuestion,
  signedIn,
  teacherWithStudents,
  type TActor,
} from '../teaching/teaching-helpers';
import { answerUrl, detailsUrl, getSubmission, markOk, submitOk } from './submission-helpers';

/**
 * A teacher's comment is theirs for the student it was written to (issue 27): the marker learns from
 * the teacher's mark of Bella's answer (Adam's identical answer gets it), but no words of the
 * teacher's comment to Bella reach the feedback Adam reads, nor what he is shown of his answer.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const COMMENT =
  'Bella, you describe gravitational potential energy turning into kinetic energy well, but you only mention sound as the wasted energy.';

/** Every run of five words of `text` (case and punctuation aside). */
function runsOf(text: string, n = 5): string[] {
  const words = text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i + n <= words.length; i++) out.push(words.slice(i, i + n).join(' '));
  return out;
}

function plain(text: string): string {
  return (text.toLowerCase().match(/[a-z0-9']+/g) ?? []).join(' ');
}

describe("a teacher's comment on one student's answer", { timeout: 120_000 }, () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('informs the mark of another student’s answer but is never shown to that student', async () => {
    const { teacher, students } = await teacherWithStudents(t);
    const [bellaUser, adamUser] = students;
    const bella: TActor = await signedIn(t, bellaUser);
    const adam: TActor = await signedIn(t, adamUser);
    const cls = await createClass(t.app, teacher, 'Physics 9', [bellaUser.id, adamUser.id]);
    const question = await createQuestion(t.app, teacher, {
      question: 'Describe the energy transfers when a ball is dropped and bounces.',
      marks: 4,
      lowMarkRange: '0-1',
      highMarkRange: '3-4',
      rubric:
        'Low Mark Range (0-1):\nNames an energy store without any transfer.\n\nHigh Mark Range (3-4):\nGravitational potential energy is transferred to kinetic energy as the ball falls; some energy is wasted as heat and sound when it hits the ground, so it bounces lower.',
    });
    await addToClass(t.app, teacher, question.id, cls.id);
    const answer =
      'As it falls the gravitational potential energy becomes kinetic energy. When it hits the floor some energy goes to sound.';

    // Bella's answer is marked, then the teacher re-marks it with a comment to her.
    const first = await submitOk(t, bella, cls, [{ question, answer }]);
    await markOk(t, bella, cls.id, first);
    const bellaAnswer = (await getSubmission(t, bella, first)).submissions[0];
    if (!bellaAnswer) throw new Error('no answer');
    const teacherMark = (bellaAnswer.aiScore ?? bellaAnswer.score ?? 0) >= 2 ? 1 : 3;
    const review = await t.app.inject({
      method: 'PATCH',
      url: answerUrl(first, bellaAnswer._id),
      headers: teacher.headers,
      payload: { score: teacherMark, comment: COMMENT },
    });
    expect(review.statusCode, review.body).toBe(200);
    // Bella reads the teacher's comment: it was written to her.
    expect((await getSubmission(t, bella, first)).submissions[0]?.teacherFeedback).toBe(COMMENT);

    // Adam writes the same words: the marker follows the teacher's mark ...
    const second = await submitOk(t, adam, cls, [{ question, answer }]);
    const marked = await markOk(t, adam, cls.id, second);
    expect(marked.results[0]?.score).toBe(teacherMark);
    expect(marked.results[0]?.teacherFeedback ?? null).toBeNull();

    // ... but nothing Adam is shown carries the teacher's words to Bella.
    const adamView: TSubmission = await getSubmission(t, adam, second);
    const shown = plain(JSON.stringify({ marked, adamView }));
    expect(shown).not.toContain('bella');
    for (const run of runsOf(COMMENT)) expect(shown).not.toContain(run);
    expect(adamView.submissions[0]?.teacherFeedback ?? null).toBeNull();
    // The teacher, too, sees Adam's AI feedback written from the rubric, not the comment to Bella.
    const details = await t.app.inject({
      method: 'GET',
      url: detailsUrl(second),
      headers: teacher.headers,
    });
    expect(details.statusCode, details.body).toBe(200);
    const teacherView = plain(details.body);
    expect(teacherView).toContain('adam');
    for (const run of runsOf(COMMENT)) expect(teacherView).not.toContain(run);
  });
});
