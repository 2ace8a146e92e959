import { z } from 'zod';
import { MESSAGES } from './messages';
import { ZContentModeration, ZFeedback, ZMarkDoubtKey } from './marking';
import { pagedReply, ZPageQuery, ZSearchTerm } from './paging';

/**
 * Submissions (spec 02 §3, §4, §7). Replies keep the spec's shape: `classId` is an object with the
 * class's id and name, `submissions` is the list of per-question entries.
 */
export const SUBMISSION_STATUSES = ['pending', 'marked', 'failed'] as const;
export type TSubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_PATHS = {
  /** Student: create (POST) and list (GET). Spec: "submission create route (constant path not shown)". */
  studentSubmissions: '/student/submissions',
  studentSubmission: '/student/submissions/:id',
  teacherSubmissions: '/question/submissions/teacher/:userId',
  retryMarking: '/submissions/:id/retry-marking',
  /** One submission with every answer, for its student or its teacher (the list's drawer). */
  details: '/submissions/:id',
  /** PATCH: the teacher's (or the school admin's) own score and comment for one answer (issue 11). */
  answer: '/submissions/:id/answers/:answerId',
  /** POST: the teacher reviewed the answer's mark and keeps it unchanged. */
  answerReviewed: '/submissions/:id/answers/:answerId/reviewed',
  /** PUT: the teacher corrects the text read from a scanned answer; it is marked again (issue 28). */
  answerText: '/submissions/:id/answers/:answerId/text',
  /** GET: how often the AI's marks agreed with the teacher's, per question. */
  agreement: '/submissions/agreement',
} as const;

/** Root-level paths (spec 02 §7: "from site root"). */
export const ROOT_PATHS = {
  teacherExtractText: '/api/textract/teacher/extract-text',
  studentExtractText: '/api/textract/student/extract-text',
  submitForStudent: '/api/textract/teacher/submit-for-student',
  cleanupText: '/api/claude/cleanup-text',
  markSubmission: '/api/student/submissions/mark/:classId/:submissionId',
} as const;

export const MAX_ANSWER_LENGTH = 20_000;
export const MAX_ANSWERS_PER_SUBMISSION = 100;

export const ZSubmissionAnswerInput = z.object({
  questionId: z.uuid({ message: 'must be a valid question id' }),
  answer: z
    .string()
    .max(MAX_ANSWER_LENGTH, { message: MESSAGES.limits.answerTooLong(MAX_ANSWER_LENGTH) })
    .refine((s) => s.trim().length > 0, { message: 'Please provide an answer' }),
  /** How the text was produced; kept with the answer. */
  source: z.enum(['typed', 'photo', 'upload']).optional(),
  /**
   * For text read from a photo or upload: the OCR engine's mean confidence (0..100) that the
   * extraction reply gave. Only such text may be told it could not be read; ignored for typed text.
   */
  ocrConfidence: z.number().min(0).max(100).optional(),
});

/** Spec payload: classId, submissions, totalScore (0), status ("pending"); the last two are ignored. */
export const ZCreateSubmissionRequest = z.object({
  classId: z.uuid({ message: 'must be a valid class id' }),
  submissions: z
    .array(ZSubmissionAnswerInput)
    .min(1, { message: 'Please provide an answer' })
    .max(MAX_ANSWERS_PER_SUBMISSION),
  totalScore: z.number().optional(),
  status: z.string().optional(),
});
export type TCreateSubmissionRequest = z.infer<typeof ZCreateSubmissionRequest>;

export const ZSubmitForStudentRequest = z.object({
  studentId: z.uuid({ message: 'must be a valid student id' }),
  classId: z.uuid({ message: 'must be a valid class id' }),
  questionId: z.uuid({ message: 'must be a valid question id' }),
  extractedText: z
    .string()
    .max(MAX_ANSWER_LENGTH)
    .refine((s) => s.trim().length > 0, { message: 'There is no text to submit' }),
  /** The OCR engine's mean confidence (0..100) from the extraction reply, when it gave one. */
  ocrConfidence: z.number().min(0).max(100).optional(),
});
export type TSubmitForStudentRequest = z.infer<typeof ZSubmitForStudentRequest>;

export const ZCleanupRequest = z.object({ text: z.string().max(MAX_ANSWER_LENGTH * 2) });
export const ZCleanupResponse = z.object({
  status: z.literal('success'),
  data: z.object({ cleanedText: z.string(), engine: z.string() }),
});

/** Student image-to-text: base64 without the data-URL prefix. */
export const ZStudentExtractRequest = z.object({ image: z.string().min(1).max(14_000_000) });
export const ZStudentExtractResponse = z.object({
  status: z.literal('successful'),
  data: z.object({
    formData: z.string(),
    pages: z.number().int(),
    /** The OCR engine's mean confidence (0..100), when it reports one; send it with the answer. */
    confidence: z.number().min(0).max(100).optional(),
  }),
});
export const ZTeacherExtractResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    extractedText: z.string(),
    pages: z.number().int(),
    /** The OCR engine's mean confidence (0..100), when it reports one; send it with the answer. */
    confidence: z.number().min(0).max(100).optional(),
  }),
});

export const ZSubmissionAnswer = z.object({
  _id: z.string(),
  questionId: z
    .object({ _id: z.string(), question: z.string(), marks: z.number().int() })
    .nullable(),
  question: z.string(),
  marks: z.number().int(),
  answer: z.string(),
  /**
   * The question's number as printed on the paper sheet the answer came on (issue 28); null or
   * absent: the answer's place in the submission.
   */
  questionNumber: z.number().int().nullable().optional(),
  score: z.number().int().nullable(),
  feedback: z.array(ZFeedback),
  contentModeration: ZContentModeration.nullable(),
  /** The engine that made the mark, e.g. "offline@6". */
  markedBy: z.string().nullable(),
  /**
   * The teacher's own comment to the student (issue 11); when there is one, the student sees it as
   * the teacher's and the AI's comment only to the teacher.
   */
  teacherFeedback: z.string().nullable().optional(),
  /** When a teacher changed the score or the comment (null: the AI's mark stands). */
  overriddenAt: z.string().nullable().optional(),
  /**
   * The mark and feedback wait for the teacher's review (issue 18): the student then gets no score
   * and no feedback; the teacher sees them, and that the student does not yet.
   */
  feedbackHeld: z.boolean().optional(),
  /** Held until the teacher releases the question's marks (issue 27); implies feedbackHeld. */
  releaseHeld: z.boolean().optional(),
  /** Teachers only from here: the AI's own mark ('AI suggested 2/4'). */
  aiScore: z.number().int().nullable().optional(),
  overriddenBy: z.object({ _id: z.string(), name: z.string() }).nullable().optional(),
  /** When a teacher last reviewed the mark (accepted or changed it). */
  reviewedAt: z.string().nullable().optional(),
  /** Why the marker was unsure of this answer (0..100 doubt), null when it was sure. */
  review: z
    .object({
      doubt: z.number().int(),
      reasons: z.array(z.enum(['flagged', 'unreadable', 'uncertain', 'held'])),
      /** What the marker was unsure of, with 'uncertain' (a key of MARK_DOUBTS, issue 27). */
      note: ZMarkDoubtKey.optional(),
      /** The rubric's point that note is about, in the rubric's words, when it names one. */
      about: z.string().optional(),
    })
    .nullable()
    .optional(),
  /**
   * Teachers only: the scan image the answer was read from, while its batch is open (issue 28);
   * served at SCAN_PATHS.crop.
   */
  cropId: z.string().nullable().optional(),
  /** Teachers only: the text came from a scanned answer sheet (the teacher may correct it). */
  scanned: z.boolean().optional(),
  /**
   * Earlier reviews of the mark, newest first (teachers only); 'rescan': a re-scan of the answer's
   * paper page replaced its text (issue 28), with the text and mark before (the new mark is the
   * answer's own, once marked again).
   */
  history: z
    .array(
      z.object({
        action: z.enum(['override', 'accept', 'rescan']),
        by: z.string().nullable(),
        at: z.string(),
        scoreBefore: z.number().int().nullable(),
        scoreAfter: z.number().int().nullable(),
        commentBefore: z.string().nullable(),
        commentAfter: z.string().nullable(),
        /** 'rescan' only: the answer's text before and after the re-scan. */
        textBefore: z.string().nullable().optional(),
        textAfter: z.string().nullable().optional(),
      }),
    )
    .optional(),
});
export type TSubmissionAnswer = z.infer<typeof ZSubmissionAnswer>;

export const ZAttempts = z.object({
  from: z.number().int(),
  to: z.number().int(),
  limit: z.number().int(),
});
export type TAttempts = z.infer<typeof ZAttempts>;

export const ZSubmission = z.object({
  _id: z.string(),
  id: z.string(),
  classId: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The class name (also kept when the class was deleted: then classId is null). */
  class: z.string().nullable(),
  student: z.object({ _id: z.string(), name: z.string() }).nullable(),
  submittedAt: z.string(),
  markedAt: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  totalScore: z.number().int().nullable(),
  totalMarks: z.number().int(),
  isFlagged: z.boolean(),
  source: z.enum(['student', 'teacher_upload', 'bulk_scan']),
  failureReason: z.string().nullable(),
  /** Teachers only: how unsure the marker is (0..100) while it waits for review, else null. */
  reviewDoubt: z.number().int().nullable().optional(),
  /** An answer's mark waits for the teacher's review; the student then gets no total (issue 18). */
  feedbackHeld: z.boolean().optional(),
  /**
   * The student's own list: which attempt this was at its questions (each answer is one attempt at
   * its question, in the order submitted), `from`..`to` when its questions are at different
   * attempts, of `limit`. Null when none of its questions exists any more.
   */
  attempts: ZAttempts.nullable().optional(),
  /** Held until the teacher releases the question's marks (issue 27); implies feedbackHeld. */
  releaseHeld: z.boolean().optional(),
  submissions: z.array(ZSubmissionAnswer),
});
export type TSubmission = z.infer<typeof ZSubmission>;

export const ZMarkResponse = z.object({
  success: z.literal(true),
  data: z.object({
    status: z.enum(SUBMISSION_STATUSES),
    totalScore: z.number().int().nullable(),
    totalMarks: z.number().int(),
    /** Why marking failed (status "failed"), else null. */
    failureReason: z.string().nullable(),
    /** Some answers wait for the teacher's review: the total is withheld (issue 18). */
    feedbackHeld: z.boolean().optional(),
    /** Held until the teacher releases the question's marks (issue 27); implies feedbackHeld. */
    releaseHeld: z.boolean().optional(),
    results: z.array(
      z.object({
        questionId: z.string().nullable(),
        score: z.number().int().nullable(),
        feedback: z.array(ZFeedback),
        /** The teacher's own comment, when the teacher wrote one (issue 11). */
        teacherFeedback: z.string().nullable().optional(),
        contentModeration: ZContentModeration.nullable(),
        /** Held until the teacher reviews it (issue 18): no score and no feedback yet. */
        feedbackHeld: z.boolean().optional(),
        /** Held until the teacher releases the question's marks (issue 27); implies feedbackHeld. */
        releaseHeld: z.boolean().optional(),
      }),
    ),
  }),
});
export type TMarkResponse = z.infer<typeof ZMarkResponse>;

const ZUuid = z.uuid({ message: 'must be a valid id' });
export const ZSubmissionIdParam = z.object({ id: ZUuid });
export const ZMarkParams = z.object({ classId: ZUuid, submissionId: ZUuid });

/** POST /student/submissions: 201 with the new submission's id; marking has started. */
export const ZCreateSubmissionResponse = z.object({
  success: z.literal(true),
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ _id: z.string() }),
});
export type TCreateSubmissionResponse = z.infer<typeof ZCreateSubmissionResponse>;

/** POST /api/textract/teacher/submit-for-student: message is "Work uploaded successfully!". */
export const ZSubmitForStudentResponse = z.object({
  success: z.literal(true),
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ _id: z.string() }),
});

/** The five orders of the shared list (spec 02 §2) and its flag filter. */
export const SUBMISSION_SORTS = ['recent', 'oldest', 'student', 'class', 'score'] as const;
export type TSubmissionSort = (typeof SUBMISSION_SORTS)[number];
export const SUBMISSION_FLAG_FILTERS = ['all', 'flagged', 'unflagged'] as const;
export type TSubmissionFlagFilter = (typeof SUBMISSION_FLAG_FILTERS)[number];
export const SUBMISSION_REVIEW_FILTERS = ['all', 'needed'] as const;
export type TSubmissionReviewFilter = (typeof SUBMISSION_REVIEW_FILTERS)[number];

/**
 * GET /question/submissions/teacher/{userId} and GET /student/submissions: one page of the list.
 * sort: recent (newest first), oldest, student (name A-Z), class (name A-Z), score (high to low,
 * unmarked last); ties newest first. flag: all, flagged, unflagged. q: part of the student's name,
 * the class's name or a question's text, any case. A student's own list ignores the teacher's
 * filter and order (flag, sort by student name: every card is theirs) as it ignores review.
 */
export const ZSubmissionListQuery = ZPageQuery.extend({
  sort: z
    .enum(SUBMISSION_SORTS, { message: `must be one of ${SUBMISSION_SORTS.join(', ')}` })
    .optional(),
  flag: z
    .enum(SUBMISSION_FLAG_FILTERS, {
      message: `must be one of ${SUBMISSION_FLAG_FILTERS.join(', ')}`,
    })
    .optional(),
  q: ZSearchTerm,
  /** Teachers: 'needed' keeps the work waiting for review, most doubtful first (the sort is ignored). */
  review: z
    .enum(SUBMISSION_REVIEW_FILTERS, {
      message: `must be one of ${SUBMISSION_REVIEW_FILTERS.join(', ')}`,
    })
    .optional(),
});
export type TSubmissionListQuery = z.infer<typeof ZSubmissionListQuery>;

/** A submission as the list cards show it: everything but the answers (the drawer loads those). */
export const ZSubmissionSummary = ZSubmission.omit({ submissions: true });
export type TSubmissionSummary = z.infer<typeof ZSubmissionSummary>;

export const ZSubmissionListResponse = pagedReply(ZSubmissionSummary).extend({
  /** The whole list's flagged and unflagged counts, for the filter (total is in `page`). */
  counts: z.object({
    flagged: z.number().int(),
    unflagged: z.number().int(),
    /** Teachers: how many submissions wait for review (the 'Needs review' filter). */
    needsReview: z.number().int().optional(),
  }),
});
export type TSubmissionListResponse = z.infer<typeof ZSubmissionListResponse>;

/**
 * GET /admin/submissions: the shared list's reply plus the spec's `count` (spec 02 §7 Admin reads
 * "success, submissions, count"): the school's submissions, the same figure as `page.total`.
 */
export const ZSchoolSubmissionListResponse = ZSubmissionListResponse.extend({
  count: z.number().int(),
});
export type TSchoolSubmissionListResponse = z.infer<typeof ZSchoolSubmissionListResponse>;
export const ZSubmissionDetailsResponse = z.object({
  success: z.literal(true),
  data: ZSubmission,
});

/** POST /submissions/{id}/retry-marking: the submission is pending again and queued for marking. */
export const ZRetryMarkingResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string(), status: z.enum(SUBMISSION_STATUSES) }),
});

export const ZAnswerParams = z.object({ id: ZUuid, answerId: ZUuid });

/** The largest teacher comment on one answer. */
export const MAX_TEACHER_FEEDBACK_LENGTH = 5_000;

/**
 * PATCH /submissions/{id}/answers/{answerId}: the teacher's score and comment. The service checks the
 * score is a whole number from 0 to the question's marks, and names that range when it is not ("Enter
 * a mark from 0 to 3" for -1, 2.5 or 7 alike). A comment of only spaces (or null) removes the
 * teacher's comment.
 */
export const ZOverrideAnswerRequest = z.object({
  score: z.number({ message: 'must be a number' }),
  comment: z.string().max(MAX_TEACHER_FEEDBACK_LENGTH).nullable().optional(),
});
export type TOverrideAnswerRequest = z.infer<typeof ZOverrideAnswerRequest>;

/** PUT /submissions/{id}/answers/{answerId}/text: the text as the teacher reads it on the scan. */
export const ZCorrectAnswerTextRequest = z.object({
  text: z
    .string()
    .max(MAX_ANSWER_LENGTH, { message: MESSAGES.limits.answerTooLong(MAX_ANSWER_LENGTH) })
    .refine((s) => s.trim().length > 0, { message: 'Please type the answer' }),
});
export type TCorrectAnswerTextRequest = z.infer<typeof ZCorrectAnswerTextRequest>;

export const ZCorrectAnswerTextResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ submissionId: z.string(), status: z.enum(SUBMISSION_STATUSES) }),
});

/** A teacher's mark must be a whole number within the question's marks (0..marks): box and server. */
export function scoreWithinMarks(score: number, marks: number): boolean {
  return Number.isInteger(score) && score >= 0 && score <= marks;
}

/** The reviewed answer and its submission's new total. */
export const ZAnswerReviewResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    answer: ZSubmissionAnswer,
    totalScore: z.number().int().nullable(),
    reviewDoubt: z.number().int().nullable(),
  }),
});
export type TAnswerReviewResponse = z.infer<typeof ZAnswerReviewResponse>;

/** GET /submissions/agreement: optional class id narrows it to one class. */
export const ZAgreementQuery = z.object({ classId: ZUuid.optional() });

/** Per question: of the answers a teacher reviewed, how many kept the AI's mark, and within 1. */
export const ZQuestionAgreement = z.object({
  questionId: z.string(),
  reviewed: z.number().int(),
  agreed: z.number().int(),
  withinOne: z.number().int(),
});
export type TQuestionAgreement = z.infer<typeof ZQuestionAgreement>;
export const ZAgreementResponse = z.object({
  success: z.literal(true),
  data: z.array(ZQuestionAgreement),
});
export type TAgreementResponse = z.infer<typeof ZAgreementResponse>;
