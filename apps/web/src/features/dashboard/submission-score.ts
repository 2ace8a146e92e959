import type { TRecentSubmission } from '@stem/contract/dashboard';
import { MESSAGES } from '@stem/contract/messages';

/** 'Pending' while pending, 'Not marked' if marking failed, else "score/total" (spec 01 §2). */
export function submissionScoreText(
  submission: Pick<
    TRecentSubmission,
    'status' | 'totalScore' | 'totalMarks' | 'feedbackHeld' | 'releaseHeld'
  >,
): string {
  if (submission.status === 'pending') return MESSAGES.dashboard.scorePending;
  // The student's own card while the teacher holds a mark of it (issue 18).
  // Or waits for the teacher's release of the class's marks (issue 27).
  if (submission.feedbackHeld && submission.totalScore === null) {
    return submission.releaseHeld ? MESSAGES.release.waitingBadge : MESSAGES.review.heldTotal;
  }
  if (submission.status === 'failed' || submission.totalScore === null) {
    return MESSAGES.dashboard.notMarked;
  }
  return `${submission.totalScore}/${submission.totalMarks}`;
}
