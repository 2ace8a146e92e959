/**
 * The school calls of the settings popup (spec 01 §2 "Settings popup", §5 logo and name rules, §7).
 */
import { z } from 'zod';
import { LOGO_MAX_BYTES } from './limits';
import { MESSAGES } from './messages';

export const SCHOOL_PATHS = {
  updateName: '/school/update-name',
  updateLogo: '/school/update-logo',
  /** The stored logo, served with an ETag; `schools.logo` holds this URL with a version. */
  logo: '/school/logo/:schoolId',
  /** Submissions per student per week and students used against the plan's limit (paid teachers). */
  usage: '/school/usage',
} as const;

/** The logo types the popup accepts (spec 01 §5). */
export const LOGO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml'] as const;
export { LOGO_MAX_BYTES };

export const ZUpdateSchoolNameRequest = z.object({
  name: z
    .string({ message: MESSAGES.settings.nameEmpty })
    .trim()
    .min(1, { message: MESSAGES.settings.nameEmpty })
    .max(120, { message: 'School name must be at most 120 characters' }),
});
export type TUpdateSchoolNameRequest = z.infer<typeof ZUpdateSchoolNameRequest>;

export const ZSchoolUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  schoolName: z.string(),
  /** The logo's URL (with its version), or null. */
  logo: z.string().nullable(),
});
export type TSchoolUpdateResponse = z.infer<typeof ZSchoolUpdateResponse>;

export const ZLogoParam = z.object({ schoolId: z.uuid({ message: 'schoolId must be a UUID' }) });

export const ZUsageWeek = z.object({
  /** Monday of the week, YYYY-MM-DD (Europe/London). */
  weekStart: z.string(),
  /** Submissions in that week per student of the school, by student name. */
  perStudent: z.record(z.string(), z.number().int()),
});

export const ZSchoolUsage = z.object({
  weeks: z.array(ZUsageWeek),
  students: z.array(z.object({ id: z.string(), name: z.string() })),
  studentsUsed: z.number().int(),
  studentLimit: z.number().int(),
  limitReached: z.boolean(),
});
export type TSchoolUsage = z.infer<typeof ZSchoolUsage>;
export const ZSchoolUsageResponse = z.object({ success: z.literal(true), data: ZSchoolUsage });
