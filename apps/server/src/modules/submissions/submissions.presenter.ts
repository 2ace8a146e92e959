import type {
  TMarkResponse,
  TSubmission,
  TSubmissionAnswer,
  TSubmissionSummary,
} from '@stem/contract/submissions';
import { isFlagged } from './submissions.policy';
import type { TAnswerRow, TSubmissionRow, TSubmissionSummaryRow } from './submissions.queries';

/** One answer as the submission views show it; the question is the snapshot taken on submitting. */
export function presentAnswer(row: TAnswerRow): TSubmissionAnswer {
  return {
    _id: row.id,
    questionId: row.questionId
      ? { _id: row.questionId, question: row.questionText, marks: row.marks }
      : null,
    question: row.questionText,
    marks: row.marks,
    answer: row.answer,
    score: row.score,
    feedback: row.feedback ? [row.feedback] : [],
    contentModeration: row.contentModeration,
    markedBy: row.markedBy,
  };
}

/** A submission in the spec's shape (spec 02 §3): `classId` is null once the class is deleted. */
export function presentSubmission(row: TSubmissionRow, answers: TAnswerRow[]): TSubmission {
  return {
    _id: row.id,
    id: row.id,
    classId: row.classId ? { _id: row.classId, name: row.className ?? '' } : null,
    class: row.className,
    student: row.studentName ? { _id: row.studentId, name: row.studentName } : null,
    submittedAt: row.submittedAt.toISOString(),
    markedAt: row.markedAt ? row.markedAt.toISOString() : null,
    status: row.status,
    totalScore: row.totalScore,
    totalMarks: row.totalMarks,
    isFlagged: isFlagged(answers),
    source: row.source,
    failureReason: row.failureReason,
    submissions: answers.map(presentAnswer),
  };
}

/** A list card's submission (spec 02 §3 shape without the answers; the drawer loads those). */
export function presentSubmissionSummary(row: TSubmissionSummaryRow): TSubmissionSummary {
  return {
    _id: row.id,
    id: row.id,
    classId: row.classId ? { _id: row.classId, name: row.className ?? '' } : null,
    class: row.className,
    student: row.studentName ? { _id: row.studentId, name: row.studentName } : null,
    submittedAt: row.submittedAt.toISOString(),
    markedAt: row.markedAt ? row.markedAt.toISOString() : null,
    status: row.status,
    totalScore: row.totalScore,
    totalMarks: row.totalMarks,
    isFlagged: row.isFlagged,
    source: row.source,
    failureReason: row.failureReason,
  };
}

/** The reply of the spec's mark call: the total and each answer's score and feedback. */
export function presentMarkResult(row: TSubmissionRow, answers: TAnswerRow[]): TMarkResponse {
  return {
    success: true,
    data: {
      status: row.status,
      totalScore: row.totalScore,
      totalMarks: row.totalMarks,
      failureReason: row.failureReason,
      results: answers.map((a) => ({
        questionId: a.questionId,
        score: a.score,
        feedback: a.feedback ? [a.feedback] : [],
        contentModeration: a.contentModeration,
      })),
    },
  };
}
