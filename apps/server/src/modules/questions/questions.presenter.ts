import type { TQuestion, TStudentQuestion } from '@stem/contract/teaching';
import type { TQuestionRow, TStudentQuestionRow } from './questions.queries';

/** A question as its teacher sees it, rubric included. */
export function presentQuestion(row: TQuestionRow): TQuestion {
  return {
    _id: row.id,
    id: row.id,
    question: row.question,
    marks: row.marks,
    lowMarkRange: row.lowMarkRange,
    highMarkRange: row.highMarkRange,
    rubric: row.rubric,
    holdFeedback: row.holdFeedback,
    teacherId: row.teacherId,
    classIds: row.classIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A question as a student sees it: text and marks only. */
export function presentStudentQuestion(row: TStudentQuestionRow): TStudentQuestion {
  return {
    _id: row.id,
    id: row.id,
    question: row.question,
    marks: row.marks,
    createdAt: row.createdAt.toISOString(),
  };
}
