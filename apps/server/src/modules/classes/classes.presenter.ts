import type { TClassDetails, TClassSummary, TQuestion, TStudentRef } from '@stem/contract/teaching';
import type { TClassSummaryRow, TStudentRow } from './classes.queries';

/** `{ _id, id, name }` of a teacher, or null when the class has lost its teacher. */
export function presentPersonRef(id: string | null, name: string | null) {
  return id && name !== null ? { _id: id, id, name } : null;
}

export function presentStudentRef(row: TStudentRow): TStudentRef {
  return { _id: row.id, id: row.id, name: row.name, email: row.email };
}

export function presentClassSummary(row: TClassSummaryRow): TClassSummary {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    teacher: presentPersonRef(row.teacherId, row.teacherName),
    studentCount: row.studentCount,
    questionCount: row.questionCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentClassDetails(
  summary: TClassSummaryRow,
  students: TStudentRow[],
  questions: TQuestion[],
): TClassDetails {
  return {
    ...presentClassSummary(summary),
    students: students.map(presentStudentRef),
    questions,
  };
}
