import { MESSAGES } from '@stem/contract/messages';
import type { TSubmissionStatus } from '@stem/contract/submissions';

type TDateInput = string | null | undefined;
type TDateOptions = { hour12?: boolean; timeZone?: string };

/**
 * Dates in submission views: en-US with the long month (spec 02 §9), "March 11, 2025 at 3:45 PM";
 * the teacher's cards use the 24-hour clock, "March 11, 2025 at 15:45".
 */
export function formatSubmissionDate(value: TDateInput, options: TDateOptions = {}): string {
  if (!value) return MESSAGES.dates.none;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return MESSAGES.dates.invalid;
  const hour12 = options.hour12 ?? true;
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: hour12 ? 'numeric' : '2-digit',
    minute: '2-digit',
    // hourCycle, not hour12: en-US with hour12: false writes five past midnight as "24:05".
    hourCycle: hour12 ? 'h12' : 'h23',
    timeZone: options.timeZone,
  });
}

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
