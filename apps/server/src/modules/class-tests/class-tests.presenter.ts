import type { TClassTest } from '@stem/contract/class-tests';
import type { TTestQuestionRow, TTestRow } from './class-tests.queries';

/** A test as the API shows it: its questions (still in the class) in order, numbered from 1. */
export function presentTest(row: TTestRow, questions: readonly TTestQuestionRow[]): TClassTest {
  const own = questions.filter((q) => q.testId === row.id);
  return {
    id: row.id,
    classId: row.classId,
    title: row.title,
    questions: own.map((q, i) => ({
      id: q.questionId,
      number: i + 1,
      question: q.question,
      marks: q.marks,
    })),
    totalMarks: own.reduce((sum, q) => sum + q.marks, 0),
    createdBy: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? '' } : null,
    updatedBy: row.updatedBy ? { id: row.updatedBy, name: row.updatedByName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
