/**
 * Google Classroom (issue 29): a teacher links one of their classes to a Classroom course with their
 * own Google consent (OAuth 2.0, authorization code with PKCE), imports the course's roster, and
 * pushes the marks of a question or of a test (the sum of its questions) as coursework grades. The operator turns it on
 * (apps/server/src/config.ts); unconfigured, `enabled` is false and every other route answers 404.
 */
import { z } from 'zod';
import { ZRosterImportResult, ZRosterPreview } from './roster';
import { CLASSROOM_MESSAGES } from './messages-classroom';

export const CLASSROOM_PATHS = {
  status: '/classroom/class/:classId',
  connect: '/classroom/class/:classId/connect',
  callback: '/classroom/callback',
  courses: '/classroom/class/:classId/courses',
  link: '/classroom/class/:classId/link',
  rosterPreview: '/classroom/class/:classId/roster/preview',
  rosterImport: '/classroom/class/:classId/roster/import',
  push: '/classroom/class/:classId/push',
} as const;

/** The web app's page Google sends the teacher back to (the redirect URI is APP_URL + this). */
export const CLASSROOM_CALLBACK_PAGE = '/classroom/callback';

/** What STEM@Home asks Google for: see the teacher's courses and rosters, manage its coursework. */
export const CLASSROOM_SCOPES = [
  'https://www.googleapis.com/auth/classroom.courses.readonly',
  'https://www.googleapis.com/auth/classroom.rosters.readonly',
  'https://www.googleapis.com/auth/classroom.profile.emails',
  'https://www.googleapis.com/auth/classroom.coursework.students',
] as const;

const ZUuid = z.uuid({ message: 'must be a valid id' });
export const ZClassroomClassParam = z.object({ classId: ZUuid });

export const ZClassroomPush = z.object({
  /** The question pushed, or (testId) the test pushed as one grade. */
  questionId: z.string().nullable(),
  testId: z.string().nullable(),
  courseWorkId: z.string(),
  pushedAt: z.string(),
});

export const ZClassroomStatus = z.object({
  /** The operator turned Google Classroom on. */
  enabled: z.boolean(),
  /** The teacher has given their Google consent (a stored refresh token). */
  connected: z.boolean(),
  link: z
    .object({
      courseId: z.string(),
      courseName: z.string(),
      linkedAt: z.string(),
    })
    .nullable(),
  /** The questions and tests whose marks went to the linked course, and the coursework of each. */
  pushes: z.array(ZClassroomPush),
});
export type TClassroomStatus = z.infer<typeof ZClassroomStatus>;
export const ZClassroomStatusResponse = z.object({
  success: z.literal(true),
  data: ZClassroomStatus,
});

export const ZClassroomConnectResponse = z.object({
  success: z.literal(true),
  /** Google's consent page: the browser goes there. */
  url: z.string(),
});

/** What the callback page got from Google: its address's query string, as it is. */
export const ZClassroomCallbackRequest = z.object({
  search: z.string().min(1, { message: CLASSROOM_MESSAGES.stateInvalid }).max(8192),
});
export const ZClassroomCallbackResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The class the teacher started from: the page goes back there to choose the course. */
  classId: z.string(),
});

export const ZClassroomCourse = z.object({
  id: z.string(),
  name: z.string(),
  section: z.string().nullable(),
});
export type TClassroomCourse = z.infer<typeof ZClassroomCourse>;
export const ZClassroomCoursesResponse = z.object({
  success: z.literal(true),
  courses: z.array(ZClassroomCourse),
});

export const ZClassroomLinkRequest = z.object({
  courseId: z
    .string()
    .trim()
    .min(1, { message: 'Choose a course' })
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be a Classroom course id' }),
});
export type TClassroomLinkRequest = z.infer<typeof ZClassroomLinkRequest>;

export const ZClassroomRosterPreviewResponse = z.object({
  success: z.literal(true),
  data: ZRosterPreview,
});
export const ZClassroomRosterImportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZRosterImportResult,
});

/** A question of the class, or one of its tests (its students' totals): exactly one. */
export const ZClassroomPushRequest = z
  .object({ questionId: ZUuid.optional(), testId: ZUuid.optional() })
  .refine((body) => (body.questionId === undefined) !== (body.testId === undefined), {
    message: CLASSROOM_MESSAGES.questionOrTest,
    path: ['questionId'],
  });
export type TClassroomPushRequest = z.infer<typeof ZClassroomPushRequest>;

export const CLASSROOM_PUSH_OUTCOMES = [
  'pushed',
  'noClassroomAccount',
  'notMarked',
  'failed',
] as const;
export type TClassroomPushOutcome = (typeof CLASSROOM_PUSH_OUTCOMES)[number];

export const ZClassroomPushStudent = z.object({
  studentId: z.string(),
  name: z.string(),
  email: z.string(),
  /**
   * The mark sent (or that would be sent), null when not marked yet. For a test: the sum of the
   * student's latest marked answers to its questions (one not answered counts 0).
   */
  score: z.number().int().nullable(),
  outcome: z.enum(CLASSROOM_PUSH_OUTCOMES),
  /** Why a push failed (Google's reason). */
  reason: z.string().nullable(),
});
export type TClassroomPushStudent = z.infer<typeof ZClassroomPushStudent>;

export const ZClassroomPushResult = z.object({
  courseWorkId: z.string(),
  /** True when this push made the coursework; false when it updated the one made before. */
  created: z.boolean(),
  maxPoints: z.number().int(),
  students: z.array(ZClassroomPushStudent),
  counts: z.object({
    pushed: z.number().int(),
    noClassroomAccount: z.number().int(),
    notMarked: z.number().int(),
    failed: z.number().int(),
  }),
});
export type TClassroomPushResult = z.infer<typeof ZClassroomPushResult>;
export const ZClassroomPushResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZClassroomPushResult,
});
export type TClassroomPushResponse = z.infer<typeof ZClassroomPushResponse>;
