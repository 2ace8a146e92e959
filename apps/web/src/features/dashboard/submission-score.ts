import type { TRecentSubmission } from '@stem/contract/dashboard';
import { MESSAGES } from '@stem/contract/messages';

/** 'Pending' while pending, 'Not marked' if marking failed, else "score/total" (spec 01 §2). */
export function submissionScoreText(
  submission: Pick<TRecentSubmission, 'status' | 'totalScore' | 'totalMarks'>,
): string {
  if (submission.status === 'pending') return MESSAGES.dashboard.scorePending;
  if (submission.status === 'failed' || submission.totalScore === null) {
    return MESSAGES.dashboard.notMarked;
  }
  return `${submission.totalScore}/${submission.totalMarks}`;
}
