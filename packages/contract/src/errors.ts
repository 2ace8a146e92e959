import { z } from 'zod';

/** Stable error codes; the server maps each to one HTTP status in one place. */
export const ERROR_CODES = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  MAGIC_LINK_EXPIRED: 400,
  MAGIC_LINK_USED: 400,
  MAGIC_LINK_INVALID: 400,
  RESET_TOKEN_INVALID: 400,
  SCHOOL_CODE_INVALID: 400,
  TRIAL_LIMIT: 403,
  TRIAL_EXPIRED: 403,
  /** A paid plan that has ended (cancelled, or payment failing past the retries): reading only. */
  PLAN_INACTIVE: 403,
  /** A student has used all 3 attempts at a question (spec 01 §9). */
  ATTEMPTS_EXHAUSTED: 403,
  /** The plan's practice assessments for the month (or the trial) are used up. */
  ASSESSMENT_LIMIT: 403,
  /** A paid plan's student limit is reached. */
  PLAN_LIMIT: 403,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  REFRESH_INVALID: 401,
  /** The account, or its school, was deactivated (or the account deleted) since the token was issued. */
  ACCOUNT_INACTIVE: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A file of an accepted type that cannot be read (damaged, too many pages or pixels). */
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** The AI provider failed to answer (timeout, refusal, malformed reply): a bad gateway. */
  AI_UNAVAILABLE: 502,
  /** A service we call failed to answer (an LMS's LTI services, Google Classroom): a bad gateway. */
  BAD_GATEWAY: 502,
} as const;
export type TErrorCode = keyof typeof ERROR_CODES;

export const ZErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  /** For validation errors: the field at fault, e.g. "email" or "body.password". */
  field: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
