import type { TRegradeRequest } from '@stem/contract/regrades';
import type { TRegradeRow } from './regrades.queries';

/**
 * A re-mark request as its student reads it (their reason, the teacher's reply and marks), or as the
 * teacher's list shows it (with who asked, about which question and answer, and the mark now).
 */
export function presentRegrade(row: TRegradeRow, viewer: 'student' | 'teacher'): TRegradeRequest {
  const base: TRegradeRequest = {
    _id: row.id,
    answerId: row.answerId,
    submissionId: row.submissionId,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    scoreBefore: row.scoreBefore,
    scoreAfter: row.scoreAfter,
    reply: row.reply,
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    answeredBy: row.answeredByName,
  };
  if (viewer === 'student') return base;
  return {
    ...base,
    student: { _id: row.studentId, name: row.studentName },
    question: row.question,
    answer: row.answer,
    marks: row.marks,
    score: row.score,
    className: row.className,
  };
}
