import type { TRecentSubmission } from '@stem/contract/dashboard';
import type { TRecentClassRow, TRecentSubmissionRow } from './dashboard.queries';

/** A recent submission as the dashboards show it: dates as ISO strings, no other columns. */
export function presentRecentSubmission(row: TRecentSubmissionRow): TRecentSubmission {
  return {
    _id: row.id,
    className: row.className,
    studentName: row.studentName,
    submittedAt: row.submittedAt.toISOString(),
    status: row.status,
    totalScore: row.totalScore,
    totalMarks: row.totalMarks,
  };
}

export function presentRecentClass(row: TRecentClassRow) {
  return {
    _id: row.id,
    name: row.name,
    teacherName: row.teacherName,
    studentCount: row.studentCount,
    createdAt: row.createdAt.toISOString(),
  };
}
