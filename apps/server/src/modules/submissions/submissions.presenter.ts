import { isChangedMark } from '@stem/contract/class-marking';
import { isMarkDoubtKey } from '@stem/contract/marking';
import type {
  TMarkResponse,
  TSubmission,
  TSubmissionAnswer,
  TSubmissionSummary,
} from '@stem/contract/submissions';
import { isFlagged } from './submissions.policy';
import type {
  TAnswerRow,
  THistoryRow,
  TSubmissionRow,
  TSubmissionSummaryRow,
} from './submissions.queries';

/** Who reads a submission: its student, or a teacher/admin who reviews the marks. */
export type TViewer = 'student' | 'reviewer';

/**
 * The feedback a reader sees. When the teacher wrote a comment, the student reads the teacher's
 * comment (as the teacher's) and the AI's feedback is the teacher's to see only.
 */
function visibleFeedback(row: TAnswerRow, viewer: TViewer) {
  if (viewer === 'student' && row.teacherFeedback) return [];
  return row.feedback ? [row.feedback] : [];
}

/** The question (as answered) and the student's answer: what every reader of an answer sees. */
function answeredQuestion(row: TAnswerRow) {
  return {
    _id: row.id,
    questionId: row.questionId
      ? { _id: row.questionId, question: row.questionText, marks: row.marks }
      : null,
    question: row.questionText,
    marks: row.marks,
    answer: row.answer,
    questionNumber: row.questionNumber,
  };
}

/**
 * An answer held until the teacher reviews it (issue 18), as its student sees it: the question and
 * their own answer, no mark and no feedback of any kind yet.
 */
function presentHeldAnswer(row: TAnswerRow): TSubmissionAnswer {
  return {
    ...answeredQuestion(row),
    score: null,
    feedback: [],
    contentModeration: null,
    markedBy: null,
    teacherFeedback: null,
    overriddenAt: null,
    feedbackHeld: true,
    releaseHeld: row.releaseHeld,
  };
}

/** One answer as the submission views show it; the question is the snapshot taken on submitting. */
export function presentAnswer(
  row: TAnswerRow,
  viewer: TViewer = 'student',
  history: THistoryRow[] = [],
  /** Answer id → its kept scan image (issue 28; teachers only). */
  crops: ReadonlyMap<string, string> = new Map(),
): TSubmissionAnswer {
  if (viewer === 'student' && row.feedbackHeld) return presentHeldAnswer(row);
  const shared = {
    ...answeredQuestion(row),
    score: row.score,
    feedback: visibleFeedback(row, viewer),
    contentModeration: row.contentModeration,
    markedBy: row.markedBy,
    teacherFeedback: row.teacherFeedback,
    // "Marked by your teacher" on the student's page: a mark the teacher changed (isChangedMark, as
    // the marking screen's "Changed"); a review that kept the marker's mark with a comment is not.
    overriddenAt:
      row.overriddenAt &&
      isChangedMark({
        score: row.score,
        aiScore: row.aiScore,
        reviewed: true,
        setByTeacher: row.overriddenById !== null,
      })
        ? row.overriddenAt.toISOString()
        : null,
    feedbackHeld: row.feedbackHeld,
    releaseHeld: row.releaseHeld,
  };
  if (viewer === 'student') return shared;
  return {
    ...shared,
    aiScore: row.aiScore,
    overriddenBy:
      row.overriddenById !== null
        ? { _id: row.overriddenById, name: row.overriddenByName ?? '' }
        : null,
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    cropId: crops.get(row.id) ?? null,
    scanned: row.answerSource === 'scan',
    review:
      row.reviewDoubt !== null
        ? {
            doubt: row.reviewDoubt,
            reasons: row.reviewReasons ?? [],
            ...(isMarkDoubtKey(row.doubtNote) ? { note: row.doubtNote } : {}),
            ...(isMarkDoubtKey(row.doubtNote) && row.doubtAbout ? { about: row.doubtAbout } : {}),
          }
        : null,
    history: history
      .filter((h) => h.answerId === row.id)
      .map((h) => ({
        action: h.action,
        by: h.actorName,
        at: h.createdAt.toISOString(),
        scoreBefore: h.scoreBefore,
        scoreAfter: h.scoreAfter,
        commentBefore: h.commentBefore,
        commentAfter: h.commentAfter,
        ...(h.action === 'rescan' ? { textBefore: h.textBefore, textAfter: h.textAfter } : {}),
      })),
  };
}

/**
 * A student does not see a total that holds a mark their teacher has not released: held for review
 * (issue 18) or for the class's release (issue 27).
 */
function hidesTotal(row: { feedbackHeld: boolean }, viewer: TViewer): boolean {
  return viewer === 'student' && row.feedbackHeld;
}

/** The answers whose marks (and flags) this reader may see. */
function visibleAnswers(answers: TAnswerRow[], viewer: TViewer): TAnswerRow[] {
  return viewer === 'student' ? answers.filter((a) => !a.feedbackHeld) : answers;
}

/** A submission in the spec's shape (spec 02 §3): `classId` is null once the class is deleted. */
export function presentSubmission(
  row: TSubmissionRow,
  answers: TAnswerRow[],
  viewer: TViewer = 'student',
  history: THistoryRow[] = [],
  crops: ReadonlyMap<string, string> = new Map(),
): TSubmission {
  return {
    _id: row.id,
    id: row.id,
    classId: row.classId ? { _id: row.classId, name: row.className ?? '' } : null,
    class: row.className,
    student: row.studentName ? { _id: row.studentId, name: row.studentName } : null,
    submittedAt: row.submittedAt.toISOString(),
    markedAt: row.markedAt ? row.markedAt.toISOString() : null,
    status: row.status,
    totalScore: hidesTotal(row, viewer) ? null : row.totalScore,
    totalMarks: row.totalMarks,
    isFlagged: isFlagged(visibleAnswers(answers, viewer)),
    source: row.source,
    failureReason: row.failureReason,
    ...(viewer === 'reviewer' ? { reviewDoubt: row.reviewDoubt } : {}),
    feedbackHeld: row.feedbackHeld,
    releaseHeld: row.releaseHeld,
    submissions: answers.map((a) => presentAnswer(a, viewer, history, crops)),
  };
}

/** A list card's submission (spec 02 §3 shape without the answers; the drawer loads those). */
export function presentSubmissionSummary(
  row: TSubmissionSummaryRow,
  viewer: TViewer = 'student',
): TSubmissionSummary {
  return {
    _id: row.id,
    id: row.id,
    classId: row.classId ? { _id: row.classId, name: row.className ?? '' } : null,
    class: row.className,
    student: row.studentName ? { _id: row.studentId, name: row.studentName } : null,
    submittedAt: row.submittedAt.toISOString(),
    markedAt: row.markedAt ? row.markedAt.toISOString() : null,
    status: row.status,
    totalScore: hidesTotal(row, viewer) ? null : row.totalScore,
    totalMarks: row.totalMarks,
    isFlagged: hidesTotal(row, viewer) ? false : row.isFlagged,
    source: row.source,
    failureReason: row.failureReason,
    ...(viewer === 'reviewer' ? { reviewDoubt: row.reviewDoubt } : {}),
    feedbackHeld: row.feedbackHeld,
    releaseHeld: row.releaseHeld,
  };
}

/** The reply of the spec's mark call: the total and each answer's score and feedback. */
export function presentMarkResult(
  row: TSubmissionRow,
  answers: TAnswerRow[],
  viewer: TViewer = 'student',
): TMarkResponse {
  return {
    success: true,
    data: {
      status: row.status,
      totalScore: hidesTotal(row, viewer) ? null : row.totalScore,
      totalMarks: row.totalMarks,
      failureReason: row.failureReason,
      feedbackHeld: row.feedbackHeld,
      releaseHeld: row.releaseHeld,
      results: answers.map((a) =>
        viewer === 'student' && a.feedbackHeld
          ? {
              questionId: a.questionId,
              score: null,
              feedback: [],
              teacherFeedback: null,
              contentModeration: null,
              feedbackHeld: true,
              releaseHeld: a.releaseHeld,
            }
          : {
              questionId: a.questionId,
              score: a.score,
              feedback: visibleFeedback(a, viewer),
              teacherFeedback: a.teacherFeedback,
              contentModeration: a.contentModeration,
            },
      ),
    },
  };
}
