import type { TRecentSubmission } from '@stem/contract/dashboard';
import type { TRecentClassRow, TRecentSubmissionRow } from './dashboard.queries';

/**
 * A recent submission as the dashboards show it: dates as ISO strings, no other columns. Its student
 * gets no total while a mark of it waits for the teacher's review (issue 18).
 */
export function presentRecentSubmission(
  row: TRecentSubmissionRow,
  viewer: 'student' | 'teacher' = 'teacher',
): TRecentSubmission {
  const held = viewer === 'student' && row.feedbackHeld;
  return {
    _id: row.id,
    className: row.className,
    studentName: row.studentName,
    submittedAt: row.submittedAt.toISOString(),
    status: row.status,
    totalScore: held ? null : row.totalScore,
    totalMarks: row.totalMarks,
    ...(viewer === 'student'
      ? { feedbackHeld: row.feedbackHeld, releaseHeld: row.releaseHeld }
      : {}),
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
