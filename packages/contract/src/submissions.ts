import { z } from 'zod';
import { MESSAGES } from './messages';
import { ZContentModeration, ZFeedback } from './marking';
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
  score: z.number().int().nullable(),
  feedback: z.array(ZFeedback),
  contentModeration: ZContentModeration.nullable(),
  /** The engine that made the mark, e.g. "offline@3". */
  markedBy: z.string().nullable(),
});
export type TSubmissionAnswer = z.infer<typeof ZSubmissionAnswer>;

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
    results: z.array(
      z.object({
        questionId: z.string().nullable(),
        score: z.number().int().nullable(),
        feedback: z.array(ZFeedback),
        contentModeration: ZContentModeration.nullable(),
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

/**
 * GET /question/submissions/teacher/{userId} and GET /student/submissions: one page of the list.
 * sort: recent (newest first), oldest, student (name A-Z), class (name A-Z), score (high to low,
 * unmarked last); ties newest first. flag: all, flagged, unflagged. q: part of the student's name,
 * the class's name or a question's text, any case.
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
});
export type TSubmissionListQuery = z.infer<typeof ZSubmissionListQuery>;

/** A submission as the list cards show it: everything but the answers (the drawer loads those). */
export const ZSubmissionSummary = ZSubmission.omit({ submissions: true });
export type TSubmissionSummary = z.infer<typeof ZSubmissionSummary>;

export const ZSubmissionListResponse = pagedReply(ZSubmissionSummary).extend({
  /** The whole list's flagged and unflagged counts, for the filter (total is in `page`). */
  counts: z.object({ flagged: z.number().int(), unflagged: z.number().int() }),
});
export type TSubmissionListResponse = z.infer<typeof ZSubmissionListResponse>;
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
