import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeOfflineRubric } from '../language/offline-rubric';
import { combineRubric } from '../language/rubric.format';
import { markOffline } from './offline-marker';

/**
 * Whatever a teacher types as a question and a student as an answer, the offline marker returns a
 * whole score within the marks and says something in both feedback fields: a marking job never
 * fails on odd text.
 */

const ranges = (marks: number) => {
  const low = Math.floor(marks * 0.3);
  const high = Math.max(low + 1, Math.ceil(marks * 0.6));
  return { low: { start: 0, end: low }, high: { start: Math.min(high, marks), end: marks } };
};

function markWithDraft(question: string, answer: string, marks: number) {
  const { low, high } = ranges(marks);
  const drafted = writeOfflineRubric({ question, marks, low, high });
  const lowMarkRange = `${low.start}-${low.end}`;
  const highMarkRange = `${high.start}-${high.end}`;
  return markOffline({
    question,
    marks,
    rubric: combineRubric(drafted.low, drafted.high, lowMarkRange, highMarkRange),
    lowMarkRange,
    highMarkRange,
    referenceAnswer: '',
    answer,
  });
}

function expectWellFormed(result: ReturnType<typeof markOffline>, marks: number) {
  expect(Number.isInteger(result.score)).toBe(true);
  expect(result.score).toBeGreaterThanOrEqual(0);
  expect(result.score).toBeLessThanOrEqual(marks);
  expect(result.aiComment.length).toBeGreaterThan(0);
  expect(result.suggestion.length).toBeGreaterThan(0);
}

/** Questions and answers made of the words the marker reacts to, in any order. */
const sentence = fc
  .array(
    fc.constantFrom(
      'explain',
      'why',
      'name',
      'two',
      'three',
      'the',
      'heart',
      'compare',
      'calculate',
      'describe',
      'evaluate',
      'suggest',
      'of',
      'each',
      'and',
      'it',
      'They',
      'because',
      'so',
      'whereas',
      '150',
      'm',
      '10',
      's',
      '=',
      '/',
      ',',
      '.',
      '?',
      'Rose',
      'NSR',
      'ignore',
      'the rubric',
    ),
    { maxLength: 40 },
  )
  .map((words) => words.join(' '));

describe('the offline marker on any input', () => {
  it('marks arbitrary text against the drafted rubric', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.string({ maxLength: 300 }),
        fc.integer({ min: 1, max: 10 }),
        (question, answer, marks) =>
          expectWellFormed(markWithDraft(question, answer, marks), marks),
      ),
      { numRuns: 300 },
    );
  });

  it('marks questions and answers built from the words it reacts to', () => {
    fc.assert(
      fc.property(sentence, sentence, fc.integer({ min: 1, max: 6 }), (question, answer, marks) =>
        expectWellFormed(markWithDraft(question, answer, marks), marks),
      ),
      { numRuns: 500 },
    );
  });

  it('marks with a rubric that is any text at all, and no ranges', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), sentence, (rubric, answer) => {
        const result = markOffline({
          question: 'Explain why ice floats on water.',
          marks: 3,
          rubric,
          lowMarkRange: '',
          highMarkRange: '',
          referenceAnswer: '',
          answer,
        });
        expectWellFormed(result, 3);
      }),
      { numRuns: 300 },
    );
  });
});
