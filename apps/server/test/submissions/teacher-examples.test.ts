import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { submissionAnswers } from '../../src/db/schema';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { answerRows, classroom, markOk, submitOk } from './submission-helpers';

/**
 * A teacher's overridden marks are the marker's worked examples for the same question: the next
 * answer is marked the way this school marks. (The override screen comes with the review issue; the
 * override is written here as that screen will store it.)
 */
describe("marking with the teacher's overridden marks as examples", () => {
  let t: TTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('marks an answer like one the teacher has re-marked, and only after the override', async () => {
    t = await buildTestApp();
    const { student, teacher, cls, osmosis } = await classroom(t);
    const answer = 'The root hair cell takes in water.';

    const first = await submitOk(t, student, cls, [{ question: osmosis, answer }]);
    const aiScore = (await markOk(t, student, cls.id, first)).results[0]?.score;
    expect(aiScore).toBeLessThan(3);

    // Without an override the same answer gets the same mark: the engine is deterministic.
    const again = await submitOk(t, student, cls, [{ question: osmosis, answer }]);
    expect((await markOk(t, student, cls.id, again)).results[0]?.score).toBe(aiScore);

    // The teacher re-marks the first attempt 3/4.
    const [row] = await answerRows(t, first);
    if (!row) throw new Error('no answer row');
    await t.database.db
      .update(submissionAnswers)
      .set({ score: 3, overriddenBy: teacher.user.id, overriddenAt: new Date() })
      .where(and(eq(submissionAnswers.id, row.id), eq(submissionAnswers.submissionId, first)));

    const third = await submitOk(t, student, cls, [{ question: osmosis, answer }]);
    const marked = (await markOk(t, student, cls.id, third)).results[0];
    expect(marked?.score).toBe(3);
    // The stored AI mark is the one the engine gave, recorded with the engine that gave it.
    const [stored] = await answerRows(t, third);
    expect(stored).toMatchObject({ score: 3, aiScore: 3, overriddenBy: null });
  });
});
