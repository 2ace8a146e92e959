import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { submissionAnswers, submissions } from '../../src/db/schema';
import {
  osmosisTeacher,
  ROOT_HAIR_ANSWER,
  rootAnswers,
  rootHairTeacher,
  type TRootAnswer,
} from '../../src/marking/test-support/root-answers';
import type { TMarkedExample } from '../../src/marking/types';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { answerRows, classroom, markOk, submitOk } from './submission-helpers';

/**
 * A question marked over years gathers many teacher marks: the marking job learns from them. The
 * history is written as the review screen stores an override (score, who, when); the new answers go
 * through the API and the marking job like any other.
 */
describe('marking with a model learned from many teacher marks', () => {
  let t: TTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it(
    'marks by the blend once a question has many teacher marks, and follows the teacher when they change',
    { timeout: 120_000 },
    async () => {
      t = await buildTestApp();
      const { school, student, outsider, teacher, cls, osmosis } = await classroom(t);
      const db = t.database.db;

      // Before any teacher mark: the rubric engine alone.
      const before = await submitOk(t, student, cls, [
        { question: osmosis, answer: ROOT_HAIR_ANSWER },
      ]);
      expect((await markOk(t, student, cls.id, before)).results[0]?.score).toBeLessThanOrEqual(1);
      expect((await answerRows(t, before))[0]?.markedBy).toBe('offline@20');

      // 120 earlier answers to the question, re-marked by a teacher who rewards the root-hair points.
      const history = rootAnswers(120, 21);
      const subs = await db
        .insert(submissions)
        .values(
          history.map((a, i) => ({
            schoolId: school.id,
            classId: cls.id,
            className: cls.name,
            // Earlier students' work (another student, so Bella keeps her three attempts).
            studentId: outsider.user.id,
            status: 'marked' as const,
            totalMarks: 4,
            totalScore: rootHairTeacher(a).score,
            // Last year's work: this month's 30 practice assessments of the class stay free.
            submittedAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
            markedAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
          })),
        )
        .returning({ id: submissions.id });
      const rows = await db
        .insert(submissionAnswers)
        .values(
          history.map((a, i) => ({
            submissionId: subs[i]?.id ?? '',
            questionId: osmosis.id,
            questionText: osmosis.question,
            marks: osmosis.marks,
            lowMarkRange: osmosis.lowMarkRange,
            highMarkRange: osmosis.highMarkRange,
            rubric: osmosis.rubric,
            answer: a.text,
            score: rootHairTeacher(a).score,
            aiScore: 1,
            markedBy: 'offline@20',
            overriddenBy: teacher.user.id,
            overriddenAt: new Date(Date.UTC(2025, 0, 2, 0, i)),
          })),
        )
        .returning({ id: submissionAnswers.id });

      const learned = await submitOk(t, student, cls, [
        { question: osmosis, answer: ROOT_HAIR_ANSWER },
      ]);
      expect((await markOk(t, student, cls.id, learned)).results[0]?.score).toBeGreaterThanOrEqual(
        3,
      );
      const [stored] = await answerRows(t, learned);
      expect(stored?.markedBy).toMatch(/^offline@20\+learned\(n=120,w=0\.\d\d\)$/);

      // The teacher re-marks the same answers, rewarding the osmosis points instead: the next marking
      // refits on the new marks and the answer loses what the first marking gave its root-hair points.
      const remark = async (teacherMark: (a: TRootAnswer) => TMarkedExample) => {
        for (const score of [0, 2, 4]) {
          const ids = rows.filter((_, i) => teacherMark(history[i] as TRootAnswer).score === score);
          if (ids.length === 0) continue;
          await db
            .update(submissionAnswers)
            .set({ score, overriddenAt: new Date(Date.UTC(2025, 1, 1)) })
            .where(
              inArray(
                submissionAnswers.id,
                ids.map((r) => r.id),
              ),
            );
        }
      };
      await remark(osmosisTeacher);
      const refitted = await submitOk(t, student, cls, [
        { question: osmosis, answer: ROOT_HAIR_ANSWER },
      ]);
      expect((await markOk(t, student, cls.id, refitted)).results[0]?.score).toBeLessThanOrEqual(1);
    },
  );
});
