import {
  formatMarkRange,
  parseMarkRange,
  rubricRangeMessage,
  validateMarkRanges,
} from '@stem/contract/mark-ranges';
import { MESSAGES } from '@stem/contract/messages';
import type { TAccessClaims } from '../../lib/tokens';
import { parseRubricSections } from '../rubrics/rubric.service';

export type TQuestionProblem = {
  field: 'marks' | 'lowMarkRange' | 'highMarkRange' | 'rubric';
  message: string;
};

type TRangesInput = { marks: number; lowMarkRange: string; highMarkRange: string };

/**
 * A question may be saved when its ranges pass the shared validator (spec 02 §5) and its rubric holds
 * a non-empty Low Mark Range section and a non-empty High Mark Range section. Null when it may.
 */
export function questionProblem(input: TRangesInput & { rubric: string }): TQuestionProblem | null {
  const rangeError = validateMarkRanges(input);
  if (rangeError) return rangeError;
  const sections = parseRubricSections(input.rubric);
  if (!sections.low || !sections.high) {
    return { field: 'rubric', message: MESSAGES.questions.rubricsRequired };
  }
  return null;
}

/** The rubric writer's check: the same rules, with the writer's "Invalid … mark range" wording. */
export function rubricRequestProblem(input: TRangesInput): TQuestionProblem | null {
  const rangeError = validateMarkRanges(input);
  return rangeError ? { field: rangeError.field, message: rubricRangeMessage(rangeError) } : null;
}

/** " 0 - 3 " → "0-3"; call only on a range that passed validation. */
export function normaliseRange(value: string): string {
  const range = parseMarkRange(value);
  return range ? formatMarkRange(range) : value.trim();
}

/** A create may name its teacher (the spec's form sends teacherId), but only as the caller. */
export function isOwnTeacherId(user: TAccessClaims, teacherId: string | undefined): boolean {
  return teacherId === undefined || teacherId === '' || teacherId === user.userId;
}

/** A teacher manages only their own questions, in their own school (spec 02 §6). */
export function canManageQuestion(
  user: TAccessClaims,
  question: { schoolId: string; teacherId: string | null },
): boolean {
  return (
    user.role === 'teacher' &&
    user.schoolId !== null &&
    question.schoolId === user.schoolId &&
    question.teacherId === user.userId
  );
}
