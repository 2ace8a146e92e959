import type { TQuestionMarking } from '@stem/contract/regrades';
import type { TQuestionMarkingRow } from './release.queries';

/** A class-question's release state and re-mark deadline as the teacher's class page reads it. */
export function presentQuestionMarking(row: TQuestionMarkingRow): TQuestionMarking {
  return {
    questionId: row.questionId,
    question: row.question,
    releaseMode: row.releaseMode,
    releasedAt: row.releasedAt ? row.releasedAt.toISOString() : null,
    heldCount: row.heldCount,
    markedCount: row.markedCount,
    regradeDeadline: row.regradeDeadline ? row.regradeDeadline.toISOString() : null,
    openRequests: row.openRequests,
  };
}
