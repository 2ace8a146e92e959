/**
 * The platform owner's calls (spec 02 §7 Owner; §3 School, User, User statistics; §5 school form and
 * owner users list). The spec pages the users list in the browser; here the server pages, sorts,
 * filters and searches it (docs/deviations.md), with the same screen behaviour.
 */
import { z } from 'zod';
import { MESSAGES } from './messages';
import { ZCursor, ZPageInfo, ZSearchTerm } from './paging';
import { ROLES, SCHOOL_TYPES } from './roles';
import { cleanSchoolCodeInput, SCHOOL_CODE_PATTERN } from './school-code';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './limits';

export const OWNER_PATHS = {
  schools: '/owner/schools',
  /** Defined only in the spec ("owner schools/{id}"): one school with its recent changes. */
  school: '/owner/schools/:id',
  /** Defined only in the spec ("schools/{id}/users"): one school's people, paged. */
  schoolUsers: '/owner/schools/:id/users',
  /** The school details path {code}: PUT (update or deactivate) and DELETE. */
  schoolByCode: '/owner/school/:code',
  users: '/owner/users',
  userStats: '/owner/users/:id/stats',
  createAdmin: '/owner/create-admin',
  createTeacher: '/owner/create-teacher',
  logoUpload: '/owner/upload-logo',
} as const;

/** Owner users page size (spec 02 §9: 10). Schools come 50 to a page. */
export const OWNER_USERS_PAGE_SIZE = 10;
export const OWNER_SCHOOLS_PAGE_SIZE = 50;
/** The school filter's client-side entry for users without a school (spec 02 §2). */
export const UNKNOWN_SCHOOL = { _id: 'unknown', name: 'Unknown School', code: 'UNKNOWN' } as const;
/** The logo types of the owner's school form (spec 02 §5: JPEG or PNG). */
export const OWNER_LOGO_TYPES = ['image/jpeg', 'image/png'] as const;

/** The default teacher of a classroom school: an address made from the lower-cased code (spec 02 §9). */
export function defaultTeacherEmail(code: string): string {
  return `teacher.${code.toLowerCase()}@stemathome.app`;
}
export const DEFAULT_TEACHER_NAME = 'Default Teacher';

const ZEmail = z
  .string({ message: MESSAGES.owner.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { message: MESSAGES.owner.invalidEmail })
  .pipe(z.email({ message: MESSAGES.owner.invalidEmail }));

const ZName = z
  .string({ message: MESSAGES.owner.nameRequired })
  .trim()
  .min(1, { message: MESSAGES.owner.nameRequired })
  .max(120, { message: 'School name must be at most 120 characters' });

/** Input is upper-cased and stripped of anything but A-Z and 0-9, then must be 16 characters. */
export const ZSchoolCodeInput = z
  .string({ message: MESSAGES.owner.codeLength })
  .transform((value) => cleanSchoolCodeInput(value, 64))
  .pipe(z.string().regex(SCHOOL_CODE_PATTERN, { message: MESSAGES.owner.codeLength }));

/** An `imageUrl` the server accepts: an upload it made (POST upload-logo), or the school's own logo. */
export const ZImageUrl = z.string().max(500).nullable().optional();

export const ZSchool = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
  isTrial: z.boolean(),
  plan: z.enum(['trial', 'personal', 'classroom']),
  schoolType: z.enum(SCHOOL_TYPES),
  createdAt: z.string(),
  trialExpiresAt: z.string().nullable(),
  userCount: z.number().int(),
});
export type TSchool = z.infer<typeof ZSchool>;

export const ZSchoolsQuery = z.object({
  includeInactive: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  search: ZSearchTerm,
  cursor: ZCursor.optional(),
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be from 1 to 200' })
    .max(200, { message: 'must be from 1 to 200' })
    .optional(),
});
export type TSchoolsQuery = z.input<typeof ZSchoolsQuery>;

export const ZSchoolsResponse = z.object({
  success: z.literal(true),
  data: z.array(ZSchool),
  page: ZPageInfo,
});
export type TSchoolsResponse = z.infer<typeof ZSchoolsResponse>;

export const ZAuditItem = z.object({
  _id: z.string(),
  action: z.string(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditItem = z.infer<typeof ZAuditItem>;

export const ZSchoolDetailsResponse = z.object({
  success: z.literal(true),
  data: ZSchool.extend({ recentChanges: z.array(ZAuditItem) }),
});
export type TSchoolDetails = z.infer<typeof ZSchoolDetailsResponse>['data'];

export const ZCreateSchoolRequest = z.object({
  /** Without one the server makes a new code (issue 26); the reply's `data.code` says which. */
  code: ZSchoolCodeInput.optional(),
  name: ZName,
  imageUrl: ZImageUrl,
  active: z.boolean().optional(),
  /** Form-only in the spec; sent so that the school's plan is right from the start. */
  schoolType: z.enum(SCHOOL_TYPES).optional(),
});
export type TCreateSchoolRequest = z.input<typeof ZCreateSchoolRequest>;

/** PUT {code}: an update (name, imageUrl, active; code only if unchanged) or only `active: false`. */
export const ZUpdateSchoolRequest = z.object({
  code: z.string().optional(),
  name: ZName.optional(),
  imageUrl: ZImageUrl,
  active: z.boolean().optional(),
});
export type TUpdateSchoolRequest = z.input<typeof ZUpdateSchoolRequest>;

export const ZSchoolCodeParam = z.object({
  code: z.string().regex(SCHOOL_CODE_PATTERN, { message: 'must be a 16-character school code' }),
});
export const ZIdParam = z.object({ id: z.uuid({ message: 'must be a UUID' }) });

export const ZSchoolResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZSchool,
});
export type TSchoolResponse = z.infer<typeof ZSchoolResponse>;

export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });

const ZPassword = (message: string) =>
  z.string({ message }).min(MIN_PASSWORD_LENGTH, { message }).max(MAX_PASSWORD_LENGTH);

/** Admin user payload (spec 02 §3): name, email, password, schoolCode, schoolType, permissions. */
export const ZCreateAdminRequest = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  email: ZEmail,
  password: ZPassword(MESSAGES.owner.adminPasswordShort),
  schoolCode: ZSchoolCodeInput,
  schoolType: z.enum(SCHOOL_TYPES).optional(),
  /** Accepted for the spec's payload; the server grants the permissions of spec 02 §6 itself. */
  permissions: z.array(z.string()).optional(),
});
export type TCreateAdminRequest = z.input<typeof ZCreateAdminRequest>;

/**
 * Teacher user payload (spec 02 §3). For a classroom school's default teacher the server makes the
 * e-mail from the code and a random password (shown once): `email` and `password` may be left out.
 */
export const ZCreateTeacherRequest = z.object({
  name: z
    .string({ message: MESSAGES.owner.teacherNameRequired })
    .trim()
    .min(1, { message: MESSAGES.owner.teacherNameRequired })
    .max(120)
    .optional(),
  email: ZEmail.optional(),
  password: ZPassword(MESSAGES.owner.teacherPasswordShort).optional(),
  schoolCode: ZSchoolCodeInput,
  role: z.literal('teacher').optional(),
  schoolType: z.enum(SCHOOL_TYPES).optional(),
  permissions: z.array(z.string()).optional(),
});
export type TCreateTeacherRequest = z.input<typeof ZCreateTeacherRequest>;

export const ZCreatedAccount = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.string()),
  /** Only for an account whose password the server chose: shown to the owner once, never stored. */
  temporaryPassword: z.string().optional(),
});
export const ZCreateAccountResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZCreatedAccount,
});
export type TCreateAccountResponse = z.infer<typeof ZCreateAccountResponse>;

export const ZLogoUploadResponse = z.object({ success: z.literal(true), fileUrl: z.string() });

export const OWNER_USER_SORTS = ['name', 'email', 'school', 'role', 'createdAt'] as const;
export type TOwnerUserSort = (typeof OWNER_USER_SORTS)[number];

export const ZOwnerUsersQuery = z.object({
  search: ZSearchTerm,
  role: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum([...ROLES, 'all', ''], { message: 'must be student, teacher, admin or owner' }))
    .optional(),
  /** A school's id, or "unknown" for people without a school. */
  school: z
    .union([z.literal('unknown'), z.literal('all'), z.uuid({ message: 'must be a school id' })])
    .optional(),
  sort: z.enum(OWNER_USER_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  cursor: ZCursor.optional(),
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be from 1 to 100' })
    .max(100, { message: 'must be from 1 to 100' })
    .optional(),
});
export type TOwnerUsersQuery = z.input<typeof ZOwnerUsersQuery>;

export const ZOwnerUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  school: z.object({ _id: z.string(), name: z.string(), code: z.string() }).nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  active: z.boolean(),
});
export type TOwnerUser = z.infer<typeof ZOwnerUser>;

export const ZOwnerUsersResponse = z.object({
  success: z.literal(true),
  users: z.array(ZOwnerUser),
  page: ZPageInfo,
});
export type TOwnerUsersResponse = z.infer<typeof ZOwnerUsersResponse>;

/** User statistics (spec 02 §3, response field `stats`): one of the four, by role. */
export const ZUserStats = z.object({
  adminStats: z
    .object({
      totalTeachers: z.number().int(),
      totalStudents: z.number().int(),
      totalClasses: z.number().int(),
      activeClasses: z.number().int(),
    })
    .optional(),
  teacherStats: z
    .object({
      totalClasses: z.number().int(),
      activeClasses: z.number().int(),
      totalStudents: z.number().int(),
      questionsCreated: z.number().int(),
      submissionsEvaluated: z.number().int(),
    })
    .optional(),
  studentStats: z
    .object({
      enrolledClasses: z.number().int(),
      totalSubmissions: z.number().int(),
      averageScore: z.number().nullable(),
      lastSubmissionDate: z.string().nullable(),
    })
    .optional(),
  ownerStats: z
    .object({
      totalSchools: z.number().int(),
      totalAdmins: z.number().int(),
      totalTeachers: z.number().int(),
      totalStudents: z.number().int(),
    })
    .optional(),
});
export type TUserStats = z.infer<typeof ZUserStats>;
export const ZUserStatsResponse = z.object({ success: z.literal(true), stats: ZUserStats });
