import type { TStudentClass } from '@stem/contract/teaching';
import { presentPersonRef } from '../classes/classes.presenter';
import type { TStudentClassRow } from './student.queries';

export function presentStudentClass(row: TStudentClassRow): TStudentClass {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    teacher: presentPersonRef(row.teacherId, row.teacherName),
    questionCount: row.questionCount,
    totalMarks: row.totalMarks,
  };
}
