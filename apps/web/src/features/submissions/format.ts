import { MESSAGES } from '@stem/contract/messages';
import type { TSubmissionStatus } from '@stem/contract/submissions';

/** "Pending" while pending, "Not marked" when marking failed, else "score/total". */
export function scoreText(submission: {
  status: TSubmissionStatus;
  totalScore: number | null;
  totalMarks: number;
}): string {
  if (submission.status === 'pending') return MESSAGES.submissions.pending;
  if (submission.status === 'failed' || submission.totalScore === null) {
    return MESSAGES.dashboard.notMarked;
  }
  return `${submission.totalScore}/${submission.totalMarks}`;
}

/** The class as the student's list names it: "Deleted Class" once the class is gone. */
export function studentClassName(submission: { classId: { name: string } | null }): string {
  return submission.classId?.name ?? MESSAGES.submissions.deletedClass;
}

/** The class as the teacher's list names it (the name is kept if the class was deleted). */
export function teacherClassName(submission: {
  classId: { name: string } | null;
  class: string | null;
}): string {
  return submission.classId?.name ?? submission.class ?? MESSAGES.dashboard.unknownClass;
}

export function studentName(submission: { student: { name: string } | null }): string {
  return submission.student?.name.trim() || MESSAGES.dashboard.unknownStudent;
}
