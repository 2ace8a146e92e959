import { z } from 'zod';
import { ZAdminUser } from './admin';
import { ZEmail, ZPassword, ZToken } from './auth';
import { ROSTER_MESSAGES } from './messages-roster';

/**
 * Rosters (issue 29): the school admin's CSV import (preview, then import), inviting one person,
 * resending an invitation, a password reset sent by the admin, deactivating and reactivating an
 * account, and the invitation link. Paths are ours, listed in docs/api.md.
 */
export const ROSTER_PATHS = {
  preview: '/admin/roster/preview',
  import: '/admin/roster/import',
  invite: '/admin/users/invite',
  resendInvitation: '/admin/users/:id/resend-invitation',
  sendReset: '/admin/users/:id/reset-password',
  deactivate: '/admin/users/:id/deactivate',
  reactivate: '/admin/users/:id/reactivate',
  acceptInvitation: '/auth/accept-invitation',
} as const;

/** The multipart form field of the roster file. */
export const ROSTER_FILE_FIELD = 'file';

export const ROSTER_ROLES = ['student', 'teacher'] as const;
export type TRosterRole = (typeof ROSTER_ROLES)[number];
export const ROSTER_OUTCOMES = ['new', 'existing', 'error'] as const;
export type TRosterOutcome = (typeof ROSTER_OUTCOMES)[number];

/** One row of the file and what importing it does (nothing is written by the preview). */
export const ZRosterRow = z.object({
  /** The row's line in the file (the header is line 1). */
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  className: z.string(),
  yearGroup: z.string(),
  outcome: z.enum(ROSTER_OUTCOMES),
  /** Why the row cannot be imported (outcome "error"). */
  reason: z.string().nullable(),
  /** A student to be placed in the row's class (new, or already there and not in it yet). */
  placeInClass: z.boolean(),
});
export type TRosterRow = z.infer<typeof ZRosterRow>;

const ZCount = z.number().int();

/** The plan's limits, counted before the import. `limit` null: no limit on the plan. */
export const ZRosterLimits = z.object({
  plan: z.string(),
  students: z.object({ limit: ZCount, current: ZCount, adding: ZCount }),
  teachers: z.object({ limit: ZCount.nullable(), current: ZCount, adding: ZCount }),
  fits: z.boolean(),
});
export type TRosterLimits = z.infer<typeof ZRosterLimits>;

/** Why an import past the plan's limits is refused, or null when it fits (server and preview alike). */
export function rosterLimitRefusal(limits: TRosterLimits): string | null {
  const s = limits.students;
  if (s.current + s.adding > s.limit) {
    return ROSTER_MESSAGES.overLimit('students', s.limit, s.current + s.adding);
  }
  const t = limits.teachers;
  if (t.limit !== null && t.current + t.adding > t.limit) {
    return ROSTER_MESSAGES.overLimit('teachers', t.limit, t.current + t.adding);
  }
  return null;
}

export const ZRosterPreview = z.object({
  rows: z.array(ZRosterRow),
  counts: z.object({ new: ZCount, existing: ZCount, error: ZCount, placements: ZCount }),
  limits: ZRosterLimits,
});
export type TRosterPreview = z.infer<typeof ZRosterPreview>;

export const ZRosterPreviewResponse = z.object({ success: z.literal(true), data: ZRosterPreview });
export type TRosterPreviewResponse = z.infer<typeof ZRosterPreviewResponse>;

export const ZRosterImportResult = z.object({
  created: ZCount,
  existing: ZCount,
  /** Class places given (new students and students already there). */
  placed: ZCount,
  invited: ZCount,
  /** Rows with an error, left out. */
  skipped: ZCount,
});
export type TRosterImportResult = z.infer<typeof ZRosterImportResult>;

export const ZRosterImportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZRosterImportResult,
});
export type TRosterImportResponse = z.infer<typeof ZRosterImportResponse>;

/** POST /admin/users/invite: one person, with an invitation mail. */
export const ZInviteRequest = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(120),
  email: ZEmail,
  role: z.enum(ROSTER_ROLES, { message: 'must be student or teacher' }),
  classId: z.uuid({ message: 'must be a valid id' }).nullable().optional(),
  yearGroup: z.string().trim().max(40).optional(),
});
export type TInviteRequest = z.infer<typeof ZInviteRequest>;

export const ZRosterUserResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: ZAdminUser,
});
export type TRosterUserResponse = z.infer<typeof ZRosterUserResponse>;

/** POST /auth/accept-invitation: the mailed token and the password the person chose. */
export const ZAcceptInvitationRequest = z.object({ token: ZToken, password: ZPassword });
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;
