import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './limits';
import { MESSAGES } from './messages';
import { PERMISSIONS, PLANS, ROLES, SCHOOL_TYPES } from './roles';
import { SCHOOL_CODE_PATTERN } from './school-code';

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: MESSAGES.register.emailInvalid }).max(254));

export const ZPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { message: MESSAGES.password.tooShort })
  .max(MAX_PASSWORD_LENGTH, {
    message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  });

export const ZToken = z.string().trim().min(1, { message: 'Token is required' }).max(512);

export const ZSchoolCode = z
  .string()
  .trim()
  .regex(SCHOOL_CODE_PATTERN, { message: MESSAGES.register.codeFormat });

export const ZSchoolRef = z.object({ name: z.string(), code: z.string() });

/** The user record the browser keeps under the `user` key (spec 01 §3 "Stored user"). */
export const ZSessionUser = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  school: ZSchoolRef.nullable(),
  schoolCode: z.string().nullable(),
  schoolType: z.enum(SCHOOL_TYPES).nullable(),
  plan: z.enum(PLANS).nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  accountType: z.enum(['trial', 'paid']),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, { message: 'Password is required' }).max(MAX_PASSWORD_LENGTH),
  /**
   * Issue 29: the pending-link token a Google or Microsoft sign-in handed out for an e-mail that
   * already had an account; a successful password sign-in links that identity.
   */
  linkToken: z.string().min(1).max(4096).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZSessionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  refreshToken: z.string(),
  role: z.enum(ROLES),
  userId: z.string(),
  name: z.string(),
  school: ZSchoolRef.nullable(),
  user: ZSessionUser,
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZEmailRequest = z.object({ email: ZEmail });
export type TEmailRequest = z.infer<typeof ZEmailRequest>;

export const ZSuccessResponse = z.object({ success: z.literal(true), message: z.string() });
export type TSuccessResponse = z.infer<typeof ZSuccessResponse>;

export const ZTokenRequest = z.object({ token: ZToken });
export type TTokenRequest = z.infer<typeof ZTokenRequest>;

export const ZSetPasswordRequest = z.object({ token: ZToken, password: ZPassword });
export type TSetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;

export const ZRegisterRequest = z.object({
  fullName: z.string().trim().min(1, { message: 'Full name is required' }).max(120),
  name: z.string().trim().max(120).optional(),
  email: ZEmail,
  password: ZPassword,
  /** Required except in trial sign-up mode, where the server makes the trial school when absent. */
  schoolCode: ZSchoolCode.optional(),
  role: z.enum(['student', 'teacher']).optional(),
  /** Trial sign-up (spec 01 §2, issue 18): the link's e-mail proof; registration then makes a teacher. */
  showTrial: z.boolean().optional(),
  token: z.string().trim().max(200).optional(),
  ts: z.union([z.string().trim().max(20), z.number().int()]).optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZValidateSchoolRequest = z.object({ schoolCode: z.string().trim().max(64) });
export const ZValidateSchoolResponse = z.object({
  isValid: z.boolean(),
  schoolName: z.string().nullable(),
  message: z.string(),
});
export type TValidateSchoolResponse = z.infer<typeof ZValidateSchoolResponse>;

export const ZSchoolDetails = z.object({
  schoolCode: z.string(),
  schoolName: z.string(),
  isTrial: z.boolean(),
  plan: z.enum(PLANS),
  schoolType: z.enum(SCHOOL_TYPES),
  totalStudents: z.number().int(),
  logo: z.string().nullable(),
  trialDetails: z
    .object({
      expiresAt: z.string().nullable(),
      usage: z.object({ teacherCount: z.number().int(), studentCount: z.number().int() }),
      limits: z.object({ maxTeachers: z.number().int(), maxStudents: z.number().int() }),
    })
    .nullable(),
});
export type TSchoolDetails = z.infer<typeof ZSchoolDetails>;
export const ZSchoolDetailsResponse = z.object({ success: z.literal(true), data: ZSchoolDetails });

export const ZRefreshRequest = z.object({ refreshToken: ZToken });
export const ZRefreshResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  refreshToken: z.string(),
});
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;

export const ZLogoutRequest = z.object({ refreshToken: z.string().max(512).optional() });

export const ZMeResponse = z.object({ success: z.literal(true), user: ZSessionUser });
