import { z } from 'zod';

/** A person's own rights over their data (privacy notice, spec 01 §9): a copy of it, and deletion. */
export const ACCOUNT_PATHS = {
  data: '/account/data',
  delete: '/account/delete',
} as const;

export const ZDeleteAccountRequest = z.object({
  /** The account's password, so that a borrowed device cannot delete someone. */
  password: z.string().min(1, { message: 'Password is required' }).max(256),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

export const ZDeleteAccountResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** What went with the account. */
  removed: z.object({ submissions: z.number().int(), classes: z.number().int() }),
});
export type TDeleteAccountResponse = z.infer<typeof ZDeleteAccountResponse>;

const ZExportAnswer = z.object({
  question: z.string(),
  marks: z.number().int(),
  answer: z.string(),
  score: z.number().int().nullable(),
  feedback: z.unknown(),
  teacherComment: z.string().nullable(),
  markedBy: z.string().nullable(),
  /** The teacher has not reviewed this mark yet (issue 18): it is left out until they have. */
  heldForReview: z.boolean().optional(),
  /** The student's re-mark request of this answer and the teacher's reply (issue 27). */
  regradeRequest: z
    .object({
      reason: z.string(),
      status: z.string(),
      createdAt: z.string(),
      reply: z.string().nullable(),
    })
    .optional(),
});

/** Everything the product holds about the person, as one JSON document. */
export const ZAccountExport = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    permissions: z.array(z.string()),
    school: z.string().nullable(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  }),
  classes: z.array(z.object({ name: z.string(), as: z.enum(['student', 'teacher']) })),
  questions: z.array(
    z.object({
      question: z.string(),
      marks: z.number().int(),
      lowMarkRange: z.string(),
      highMarkRange: z.string(),
      rubric: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** A teacher's saved comments for their marking (issue 27), with the question each is for. */
  savedComments: z.array(
    z.object({ question: z.string(), text: z.string(), createdAt: z.string() }),
  ),
  submissions: z.array(
    z.object({
      class: z.string().nullable(),
      submittedAt: z.string(),
      status: z.string(),
      totalScore: z.number().int().nullable(),
      totalMarks: z.number().int(),
      answers: z.array(ZExportAnswer),
    }),
  ),
  activity: z.array(
    z.object({ action: z.string(), targetType: z.string().nullable(), at: z.string() }),
  ),
});
export type TAccountExport = z.infer<typeof ZAccountExport>;
