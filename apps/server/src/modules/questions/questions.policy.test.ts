import { describe, expect, it } from 'vitest';
import {
  RANGE_OVERLAP_MESSAGE,
  highRangeMessage,
  lowRangeMessage,
} from '@stem/contract/mark-ranges';
import { MESSAGES } from '@stem/contract/messages';
import type { TAccessClaims } from '../../lib/tokens';
import {
  canManageQuestion,
  isOwnTeacherId,
  normaliseRange,
  questionProblem,
  rubricRequestProblem,
} from './questions.policy';

const rubric = 'Low Mark Range (0-1):\nNames it.\n\nHigh Mark Range (3-5):\nExplains it.';
const valid = { marks: 5, lowMarkRange: '0-1', highMarkRange: '3-5', rubric };
const teacher: TAccessClaims = { userId: 't1', role: 'teacher', schoolId: 's1' };

describe('questions.policy', () => {
  it.each([
    ['a valid question', {}, null],
    [
      'a low range ending at marks',
      { lowMarkRange: '0-5' },
      { field: 'lowMarkRange', message: lowRangeMessage(5) },
    ],
    [
      'a high range past marks',
      { highMarkRange: '3-6' },
      { field: 'highMarkRange', message: highRangeMessage(5) },
    ],
    [
      'overlapping ranges',
      { lowMarkRange: '0-3', highMarkRange: '3-5' },
      { field: 'highMarkRange', message: RANGE_OVERLAP_MESSAGE },
    ],
    [
      'no low section',
      { rubric: 'High Mark Range (3-5):\nExplains it.' },
      { field: 'rubric', message: MESSAGES.questions.rubricsRequired },
    ],
    [
      'a blank high section',
      { rubric: 'Low Mark Range (0-1):\nNames it.\nHigh Mark Range (3-5):\n   ' },
      { field: 'rubric', message: MESSAGES.questions.rubricsRequired },
    ],
  ])('questionProblem: %s', (_name, overrides, expected) => {
    expect(questionProblem({ ...valid, ...overrides })).toEqual(expected);
  });

  it('words range errors for the rubric writer as the spec does', () => {
    expect(rubricRequestProblem({ ...valid, lowMarkRange: '0-9' })?.message).toMatch(
      /^Invalid low mark range/,
    );
    expect(rubricRequestProblem({ ...valid, highMarkRange: '0-9' })?.message).toMatch(
      /^Invalid high mark range/,
    );
    expect(
      rubricRequestProblem({ ...valid, lowMarkRange: '0-3', highMarkRange: '3-5' })?.message,
    ).toBe(RANGE_OVERLAP_MESSAGE);
    expect(rubricRequestProblem(valid)).toBeNull();
  });

  it('normalises a valid range', () => {
    expect(normaliseRange(' 0 - 3 ')).toBe('0-3');
  });

  it.each([
    [undefined, true],
    ['', true],
    ['t1', true],
    ['t2', false],
  ])('isOwnTeacherId(%s) is %s', (teacherId, expected) => {
    expect(isOwnTeacherId(teacher, teacherId)).toBe(expected);
  });

  it.each([
    ['own question', teacher, { schoolId: 's1', teacherId: 't1' }, true],
    ["a colleague's", teacher, { schoolId: 's1', teacherId: 't2' }, false],
    ['same teacher id in another school', teacher, { schoolId: 's2', teacherId: 't1' }, false],
    ['orphaned question', teacher, { schoolId: 's1', teacherId: null }, false],
    [
      'a student',
      { ...teacher, role: 'student' as const },
      { schoolId: 's1', teacherId: 't1' },
      false,
    ],
  ])('canManageQuestion: %s', (_name, user, question, expected) => {
    expect(canManageQuestion(user, question)).toBe(expected);
  });
});
