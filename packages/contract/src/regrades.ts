import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * Issue 27: when a class's marks of a question reach its students (at once, or when the teacher
 * releases them), and students' requests for a re-mark of an answer with the teacher's reply.
 */
export const RELEASE_PATHS = {
  /** GET: each question of the class with its release state and re-mark deadline. */
  classMarking: '/classes/:classId/marking',
  /** PATCH: a question's release mode and re-mark deadline in this class. */
  questionMarking: '/classes/:classId/questions/:questionId/marking',
  /** POST: the teacher releases every held mark of this question in this class. */
  release: '/classes/:classId/questions/:questionId/release',
} as const;

export const REGRADE_PATHS = {
  /** POST (student): ask for a re-mark of one answer of their own submission. */
  request: '/submissions/:id/answers/:answerId/regrade-request',
  /** GET: a submission's re-mark requests and, for its student, which answers may still ask. */
  ofSubmission: '/submissions/:id/regrade-requests',
  /** GET (teacher): the teacher's re-mark requests, open ones first, with the open count. */
  list: '/regrade-requests',
  /** POST (teacher): the reply, a new mark, or both. */
  reply: '/regrade-requests/:requestId/reply',
} as const;

/** The student's reason is at most 500 characters (issue 27). */
export const MAX_REGRADE_REASON = 500;
export const MAX_REGRADE_REPLY = 2000;
/** Without a deadline set by the teacher, requests are open this long after the mark is seen. */
export const DEFAULT_REGRADE_DAYS = 14;

const ZId = z.uuid({ message: 'must be a valid id' });

export const RELEASE_MODES = ['instant', 'on_release'] as const;
export type TReleaseMode = (typeof RELEASE_MODES)[number];

export const ZClassQuestionParams = z.object({ classId: ZId, questionId: ZId });

export const ZQuestionMarking = z.object({
  questionId: z.string(),
  question: z.string(),
  releaseMode: z.enum(RELEASE_MODES),
  /** The teacher's last release of this question's marks in the class. */
  releasedAt: z.string().nullable(),
  /** How many of the class's marks of this question wait for the release now. */
  heldCount: z.number().int(),
  /** How many of the class's answers to this question have a mark. */
  markedCount: z.number().int(),
  /** The teacher's deadline for re-mark requests; null: the default (14 days after the mark). */
  regradeDeadline: z.string().nullable(),
  openRequests: z.number().int(),
});
export type TQuestionMarking = z.infer<typeof ZQuestionMarking>;

export const ZClassMarkingResponse = z.object({
  success: z.literal(true),
  data: z.object({ questions: z.array(ZQuestionMarking) }),
});
export type TClassMarkingResponse = z.infer<typeof ZClassMarkingResponse>;

export const ZUpdateQuestionMarkingRequest = z
  .object({
    releaseMode: z.enum(RELEASE_MODES).optional(),
    /** An ISO date-time, or null for the default (14 days after each mark reaches the student). */
    regradeDeadline: z.iso
      .datetime({ offset: true, message: MESSAGES.release.badDeadline })
      .nullable()
      .optional(),
  })
  .strict();
export type TUpdateQuestionMarkingRequest = z.infer<typeof ZUpdateQuestionMarkingRequest>;

export const ZQuestionMarkingResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZQuestionMarking,
});
export type TQuestionMarkingResponse = z.infer<typeof ZQuestionMarkingResponse>;

export const ZReleaseResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ released: z.number().int(), marking: ZQuestionMarking }),
});
export type TReleaseResponse = z.infer<typeof ZReleaseResponse>;

export const ZRegradeRequestBody = z.object({
  reason: z
    .string({ message: MESSAGES.regrades.reasonRequired })
    .trim()
    .min(1, { message: MESSAGES.regrades.reasonRequired })
    .max(MAX_REGRADE_REASON, { message: MESSAGES.regrades.reasonTooLong(MAX_REGRADE_REASON) }),
});
export type TRegradeRequestBody = z.infer<typeof ZRegradeRequestBody>;

export const ZRegradeAnswerParams = z.object({ id: ZId, answerId: ZId });
export const ZRegradeIdParam = z.object({ requestId: ZId });

export const ZRegradeRequest = z.object({
  _id: z.string(),
  answerId: z.string(),
  submissionId: z.string(),
  status: z.enum(['open', 'answered']),
  reason: z.string(),
  createdAt: z.string(),
  scoreBefore: z.number().int().nullable(),
  scoreAfter: z.number().int().nullable(),
  reply: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  /** For the teacher's list: who asked, about what. */
  student: z.object({ _id: z.string(), name: z.string() }).optional(),
  question: z.string().optional(),
  answer: z.string().optional(),
  marks: z.number().int().optional(),
  /** The answer's mark now. */
  score: z.number().int().nullable().optional(),
  className: z.string().nullable().optional(),
});
export type TRegradeRequest = z.infer<typeof ZRegradeRequest>;

export const ZRegradeRequestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZRegradeRequest,
});

export const ZSubmissionRegrades = z.object({
  success: z.literal(true),
  data: z.object({
    requests: z.array(ZRegradeRequest),
    /** The student's answers: whether each may still ask, and until when. */
    answers: z.array(
      z.object({
        answerId: z.string(),
        canRequest: z.boolean(),
        deadline: z.string().nullable(),
      }),
    ),
  }),
});
export type TSubmissionRegrades = z.infer<typeof ZSubmissionRegrades>;

export const ZRegradeListQuery = z.object({
  status: z.enum(['open', 'all']).optional(),
});

export const ZRegradeListResponse = z.object({
  success: z.literal(true),
  data: z.array(ZRegradeRequest),
  counts: z.object({ open: z.number().int() }),
});
export type TRegradeListResponse = z.infer<typeof ZRegradeListResponse>;

export const ZRegradeReplyBody = z
  .object({
    /** The new mark, 0..the question's marks; omitted keeps the mark. */
    score: z.number().int().min(0).optional(),
    reply: z
      .string()
      .trim()
      .max(MAX_REGRADE_REPLY, { message: MESSAGES.regrades.replyTooLong(MAX_REGRADE_REPLY) })
      .optional(),
  })
  .strict();
export type TRegradeReplyBody = z.infer<typeof ZRegradeReplyBody>;
