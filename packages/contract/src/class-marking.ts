import { z } from 'zod';
import { ZMarkDoubtKey } from './marking';
import { RELEASE_MODES } from './regrades';
import { SUBMISSION_STATUSES } from './submissions';

/**
 * Issue 27, "Mark one question across the class": every student of a class with their latest answer
 * to one question of it, the marker's mark and doubt, the teacher's review and whether the mark is
 * held, for the screen where a teacher marks that question for the whole class. Reviews go through
 * the submissions module's review calls (PATCH answer, POST reviewed); this reply only reads.
 */
export const CLASS_MARKING_PATHS = {
  /** GET: the class's students, each with their latest answer to the question (or none). */
  answers: '/classes/:classId/questions/:questionId/answers',
  /**
   * GET ("Test on a few first"): the few answers the marker proposes the teacher marks first, one
   * of each of the biggest groups and the least sure, chosen as the review order is.
   */
  fewFirst: '/classes/:classId/questions/:questionId/few-first',
} as const;

/** How many answers "Test on a few first" proposes (fewer when fewer are left to mark). */
export const FEW_FIRST_SIZE = 6;

export const ZFewFirst = z.object({
  /** The proposed answers (ids of marked answers not yet reviewed), in the order to mark them. */
  answerIds: z.array(z.string()),
  /** The class's answers to the question the teacher has marked so far (the examples). */
  examples: z.number().int(),
  /** Marked answers the teacher has not marked: what "Mark the rest" sends to the marker. */
  rest: z.number().int(),
});
export type TFewFirst = z.infer<typeof ZFewFirst>;
export const ZFewFirstResponse = z.object({ success: z.literal(true), data: ZFewFirst });
export type TFewFirstResponse = z.infer<typeof ZFewFirstResponse>;

/**
 * `?anonymous=true` on the marking screen's reads (the answers, the answer groups and the groups'
 * edits): the server sends no student's name, e-mail or id. Each student is "Student n", numbered
 * by an order the server draws for that teacher and question (the same on every read, not by name),
 * the rows come in that order, and the student's id is a pseudonym (stable, and the same in both
 * replies) that names no one.
 */
export const ZAnonymousQuery = z.object({
  anonymous: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type TAnonymousQuery = z.infer<typeof ZAnonymousQuery>;

export const ANSWER_SOURCES = ['typed', 'photo', 'upload', 'scan'] as const;
export type TAnswerSource = (typeof ANSWER_SOURCES)[number];

export const REVIEW_REASONS = ['flagged', 'unreadable', 'uncertain', 'held'] as const;

/**
 * Whether a reviewed mark was changed: the teacher's mark differs from the marker's. A review that
 * keeps the marker's mark (accepted, saved again, or given only a comment) is not a change. A mark
 * with no marker's mark beside it is changed when a teacher set it (`setByTeacher`).
 */
export function isChangedMark(mark: {
  score: number | null;
  aiScore: number | null;
  reviewed: boolean;
  setByTeacher: boolean;
}): boolean {
  if (!mark.reviewed || mark.score === null) return false;
  return mark.aiScore === null ? mark.setByTeacher : mark.score !== mark.aiScore;
}

/** One student's latest answer to the question, as the marking screen shows it to staff. */
export const ZClassAnswer = z.object({
  _id: z.string(),
  submissionId: z.string(),
  submittedAt: z.string(),
  /** The submission's marking state: a pending or failed answer has no mark to review yet. */
  status: z.enum(SUBMISSION_STATUSES),
  answer: z.string(),
  /**
   * How the answer arrived. No photo is kept after its text was read (the privacy notice), so the
   * "original" the screen opens is the submission as it was handed in, with this, the OCR
   * confidence, and a scanned answer's image while its batch is open (`cropId`).
   */
  source: z.enum(ANSWER_SOURCES),
  /** Who handed it in: the student, the teacher's upload, or a bulk scan of answer sheets. */
  submissionSource: z.enum(['student', 'teacher_upload', 'bulk_scan']),
  ocrConfidence: z.number().nullable(),
  /**
   * The scanned answer box's image, kept while its scan batch is open (issue 28): null for typed and
   * photographed answers, once the batch closed, and in anonymous mode (a page may show the name).
   */
  cropId: z.string().nullable(),
  /** The question's marks when answered (the mark is within 0..marks). */
  marks: z.number().int(),
  /** The mark now: the teacher's when they changed it, else the marker's. */
  score: z.number().int().nullable(),
  /** The marker's own mark. */
  aiScore: z.number().int().nullable(),
  markRange: z.string().nullable(),
  aiComment: z.string().nullable(),
  suggestion: z.string().nullable(),
  teacherFeedback: z.string().nullable(),
  /**
   * How much the answer needs a teacher's look (0..100, null when nothing calls for one): the review
   * queue's priority, not a confidence (flagged content 100, unreadable OCR 60..100, the marker's own
   * doubt up to 55, held only 1), and why.
   */
  doubt: z.number().int().nullable(),
  /**
   * The marker's own confidence in its mark (0..100 %) when it was unsure of it (reason
   * 'uncertain' and the doubt its own); null otherwise. The screen shows this, not the doubt.
   */
  confidence: z.number().int().nullable(),
  reasons: z.array(z.enum(REVIEW_REASONS)),
  /** What the marker was unsure of (a key of MARK_DOUBTS), null when it was sure or did not say. */
  doubtNote: ZMarkDoubtKey.nullable(),
  /**
   * The rubric's point that doubt is about, in the rubric's words, when it names one ('unsure:
   * contradicts the rubric' of "the ball bounces to a lower height"); null otherwise.
   */
  doubtAbout: z.string().nullable(),
  flagged: z.boolean(),
  /** The teacher's review: when and by whom (null: not reviewed yet). */
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  /**
   * The reviewed mark differs from the marker's ("Changed", `isChangedMark`); a review that kept the
   * marker's mark, with or without a comment, is not a change.
   */
  overridden: z.boolean(),
  /** The student does not see the mark yet: held until review (issue 18) or for release (issue 27). */
  held: z.object({ review: z.boolean(), release: z.boolean() }),
  /**
   * The marker's mark, not reviewed yet, was made under an earlier rubric: the question's marks,
   * bands or rubric changed since (issue 27). POST .../remark sends these to the marker again.
   */
  earlierRubric: z.boolean(),
});
export type TClassAnswer = z.infer<typeof ZClassAnswer>;

export const ZClassAnswerRow = z.object({
  student: z.object({ _id: z.string(), name: z.string() }),
  answer: ZClassAnswer.nullable(),
});
export type TClassAnswerRow = z.infer<typeof ZClassAnswerRow>;

export const ZClassQuestionAnswers = z.object({
  class: z.object({ _id: z.string(), name: z.string() }),
  question: z.object({
    _id: z.string(),
    question: z.string(),
    marks: z.number().int(),
    lowMarkRange: z.string(),
    highMarkRange: z.string(),
    rubric: z.string(),
    releaseMode: z.enum(RELEASE_MODES),
  }),
  /** Every student of the class, by name (anonymous: "Student n" in the server's drawn order). */
  rows: z.array(ZClassAnswerRow),
  /** The reply names no student (`?anonymous=true`). */
  anonymous: z.boolean(),
  counts: z.object({
    students: z.number().int(),
    answered: z.number().int(),
    /** Answers with a mark (the ones a teacher can review). */
    marked: z.number().int(),
    reviewed: z.number().int(),
  }),
  /**
   * The marked answers still to review (their ids), in the order the marker suggests: one of each
   * of the biggest groups of answers it read alike and the ones it is least sure of first, the
   * teacher's marks so far taken as examples (issue 27; the same order as `npm run mark -- --loop`).
   */
  reviewOrder: z.array(z.string()),
});
export type TClassQuestionAnswers = z.infer<typeof ZClassQuestionAnswers>;

export const ZClassQuestionAnswersResponse = z.object({
  success: z.literal(true),
  data: ZClassQuestionAnswers,
});
export type TClassQuestionAnswersResponse = z.infer<typeof ZClassQuestionAnswersResponse>;
