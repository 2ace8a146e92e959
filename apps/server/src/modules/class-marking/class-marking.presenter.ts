import { isMarkDoubtKey } from '@stem/contract/marking';
import {
  isChangedMark,
  REVIEW_REASONS,
  type TClassAnswer,
  type TClassAnswerRow,
} from '@stem/contract/class-marking';
import type { TFeedback, TReviewReason } from '../../db/schema';
import { markerConfidenceOf } from '../marking/review-doubt';
import type { TStudentAnswerRow } from './class-marking.queries';

/** A raw statement's timestamp (a Date from PGlite, a string from node-postgres) as ISO 8601. */
function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return new Date(value).toISOString();
}

/** A jsonb column read by a raw statement: parsed by the driver, or still its text. */
function json<T>(value: T | string | null): T | null {
  if (value === null) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function presentAnswer(row: TStudentAnswerRow, rubricVersion: string): TClassAnswer | null {
  if (row.answerId === null || row.submissionId === null) return null;
  const feedback = json<TFeedback>(row.feedback);
  const reviewedAt = iso(row.reviewedAt);
  // Only the reasons the screen can word (a reason added later must not break the reply).
  const reasons = (json<TReviewReason[]>(row.reviewReasons) ?? []).filter((r) =>
    (REVIEW_REASONS as readonly string[]).includes(r),
  );
  return {
    _id: row.answerId,
    submissionId: row.submissionId,
    submittedAt: iso(row.submittedAt) ?? '',
    status: row.status ?? 'pending',
    answer: row.answer ?? '',
    source: row.answerSource ?? 'typed',
    submissionSource: row.submissionSource ?? 'student',
    ocrConfidence: row.ocrConfidence === null ? null : Number(row.ocrConfidence),
    cropId: null,
    marks: row.marks ?? 0,
    score: row.score,
    aiScore: row.aiScore,
    markRange: feedback?.markRange ?? null,
    aiComment: feedback?.aiComment ?? null,
    suggestion: feedback?.suggestion ?? null,
    teacherFeedback: row.teacherFeedback,
    doubt: row.reviewDoubt,
    confidence: markerConfidenceOf(row.reviewDoubt, reasons),
    reasons,
    doubtNote: isMarkDoubtKey(row.doubtNote) ? row.doubtNote : null,
    doubtAbout: isMarkDoubtKey(row.doubtNote) ? row.doubtAbout : null,
    flagged: row.isFlagged === true,
    reviewedAt,
    reviewedBy: reviewedAt ? row.reviewerName : null,
    // "Changed" is the mark, not the edit: a review that only added a comment kept the marker's mark.
    overridden: isChangedMark({
      score: row.score,
      aiScore: row.aiScore,
      reviewed: reviewedAt !== null,
      setByTeacher: row.overriddenBy !== null,
    }),
    held: { review: row.reviewHeld === true, release: row.releaseHeld === true },
    // The marker's mark, not yet reviewed, made under another rubric than the question's now.
    earlierRubric:
      row.status === 'marked' &&
      row.score !== null &&
      reviewedAt === null &&
      row.rubricVersion !== null &&
      row.rubricVersion !== rubricVersion,
  };
}

/**
 * One student of the class with their latest answer to the question (or none); `rubricVersion` is
 * the question's rubric now (`rubricVersionOf`).
 */
export function presentStudentAnswer(
  row: TStudentAnswerRow,
  rubricVersion: string,
): TClassAnswerRow {
  return {
    student: { _id: row.studentId, name: row.studentName },
    answer: presentAnswer(row, rubricVersion),
  };
}
