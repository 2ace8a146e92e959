import { z } from 'zod';
import { MESSAGES } from './messages';
import { pagedReply, ZPageQuery, ZSearchTerm } from './paging';
import { ZFeedback } from './marking';
import { ZClassDetails, ZClassSummary, ZStudentRef } from './teaching';

/**
 * The school admin's calls (spec 02 §7 Admin) and the class paths of spec 02 §7 Student that issue 18
 * builds (`assign-students`, one student's work in a class, a submission's feedback). Paths the spec
 * does not show are ours, in the same style, and listed in docs/api.md.
 */
export const ADMIN_PATHS = {
  users: '/admin/users',
  user: '/admin/users/:id',
  userSubmissions: '/admin/users/:id/submissions',
  deleteUsers: '/admin/delete-users',
  /** Ours: what deleting these people would remove, for the confirmation dialog. */
  deletePreview: '/admin/delete-users/preview',
  promote: '/admin/users/promote',
  demote: '/admin/users/demote',
  teachers: '/admin/teachers',
  students: '/admin/students',
  classes: '/admin/classes',
  class: '/admin/classes/:classId',
  submissions: '/admin/submissions',
} as const;

/** Spec 02 §7 Student "defined only" paths built for issue 18 (teacher and admin; feedback also student). */
export const CLASS_EXTRA_PATHS = {
  assignStudents: '/student/assign-students',
  studentWorkInClass: '/student/class/:classId/student/:studentId/submissions',
  feedback: '/student/submissions/getFeedback/:id',
} as const;

/** Page size of the admin's classes (spec 02 §9: all classes page size 9). */
export const ADMIN_CLASSES_PAGE_SIZE = 9;

const ZId = z.uuid({ message: 'must be a valid id' });
const ZOk = z.literal(true);

export const ADMIN_USER_ROLES = ['student', 'teacher', 'admin'] as const;
export type TAdminUserRole = (typeof ADMIN_USER_ROLES)[number];
export const ADMIN_USER_SORTS = ['name', 'email', 'role', 'createdAt'] as const;
export type TAdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type TSortDirection = (typeof SORT_DIRECTIONS)[number];

/** GET /admin/users: search (name or e-mail), role filter, sort column and direction, cursor. */
export const ZAdminUserListQuery = ZPageQuery.extend({
  q: ZSearchTerm,
  role: z
    .enum(ADMIN_USER_ROLES, { message: `must be one of ${ADMIN_USER_ROLES.join(', ')}` })
    .optional(),
  sort: z
    .enum(ADMIN_USER_SORTS, { message: `must be one of ${ADMIN_USER_SORTS.join(', ')}` })
    .optional(),
  dir: z.enum(SORT_DIRECTIONS, { message: 'must be asc or desc' }).optional(),
});
export type TAdminUserListQuery = z.infer<typeof ZAdminUserListQuery>;

/** A user as spec 02 §3 gives it: `_id`, name, email, role, school {name, _id}, createdAt. */
export const ZAdminUser = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['student', 'teacher', 'admin', 'owner']),
  school: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** Ours (issue 29): invited until a password is chosen; deactivated accounts cannot sign in. */
  status: z.enum(['active', 'invited', 'deactivated']),
  yearGroup: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserListResponse = pagedReply(ZAdminUser).extend({
  /** The school's people by role (the whole list, before filters). */
  counts: z.object({
    student: z.number().int(),
    teacher: z.number().int(),
    admin: z.number().int(),
  }),
});
export type TAdminUserListResponse = z.infer<typeof ZAdminUserListResponse>;

/** Spec 02 §3 User statistics: one of the three, by the person's role. */
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
      /** Mean percentage of the marked submissions, one decimal; null with none marked. */
      averageScore: z.number().nullable(),
      lastSubmissionDate: z.string().nullable(),
    })
    .optional(),
});
export type TUserStats = z.infer<typeof ZUserStats>;

export const ZAdminUserDetailsResponse = z.object({
  success: ZOk,
  user: ZAdminUser,
  stats: ZUserStats,
});
export type TAdminUserDetailsResponse = z.infer<typeof ZAdminUserDetailsResponse>;

export const ZUserIdsRequest = z.object({
  users: z
    .array(ZId)
    .min(1, { message: 'Please select at least one user' })
    .max(500)
    .transform((ids) => [...new Set(ids)]),
});
export type TUserIdsRequest = z.infer<typeof ZUserIdsRequest>;

export const ZRoleChangeRequest = z.object({ userId: ZId });

/** What a deletion removes (or would remove): people, their submissions and class places. */
export const ZDeletionCounts = z.object({
  users: z.number().int(),
  students: z.number().int(),
  teachers: z.number().int(),
  submissions: z.number().int(),
  enrolments: z.number().int(),
});
export type TDeletionCounts = z.infer<typeof ZDeletionCounts>;

/** A teacher the deletion would refuse: the classes they teach and the questions they own. */
export const ZDeletionBlocker = z.object({
  id: z.string(),
  name: z.string(),
  classes: z.number().int(),
  questions: z.number().int(),
});
export type TDeletionBlocker = z.infer<typeof ZDeletionBlocker>;

/**
 * POST /admin/delete-users/preview: what the deletion would remove, and the teachers it would refuse
 * (`blocked`, empty when it can go ahead), so the dialog explains before anything is tried.
 */
export const ZDeletePreview = ZDeletionCounts.extend({ blocked: z.array(ZDeletionBlocker) });
export type TDeletePreview = z.infer<typeof ZDeletePreview>;
export const ZDeletePreviewResponse = z.object({ success: ZOk, data: ZDeletePreview });
export const ZDeleteUsersResponse = z.object({
  success: ZOk,
  message: z.string(),
  data: ZDeletionCounts,
});
export type TDeleteUsersResponse = z.infer<typeof ZDeleteUsersResponse>;

export const ZRoleChangeResponse = z.object({
  success: ZOk,
  message: z.string(),
  user: ZAdminUser,
});

export const ZAdminTeachersResponse = z.object({ success: ZOk, teachers: z.array(ZStudentRef) });
export const ZAdminStudentsResponse = z.object({ success: ZOk, students: z.array(ZStudentRef) });

/** GET /admin/classes: search by class name, teacher filter, 9 a page. */
export const ZAdminClassListQuery = ZPageQuery.extend({
  q: ZSearchTerm,
  teacherId: ZId.optional(),
});
export type TAdminClassListQuery = z.infer<typeof ZAdminClassListQuery>;
export const ZAdminClassListResponse = pagedReply(ZClassSummary);
export type TAdminClassListResponse = z.infer<typeof ZAdminClassListResponse>;

export const ZAdminClassResponse = z.object({ success: ZOk, class: ZClassDetails });
export type TAdminClassResponse = z.infer<typeof ZAdminClassResponse>;

/** POST /admin/classes (spec "class create": name, teacherId, students). */
export const ZAdminCreateClassRequest = z.object({
  name: z.string().trim().min(1, { message: MESSAGES.classes.nameRequired }).max(120),
  teacherId: ZId,
  students: z
    .array(ZId)
    .min(1, { message: MESSAGES.classes.studentsRequired })
    .max(500)
    .transform((ids) => [...new Set(ids)]),
});
export type TAdminCreateClassRequest = z.infer<typeof ZAdminCreateClassRequest>;
export const ZAdminCreateClassResponse = z.object({
  status: z.literal('success'),
  success: ZOk,
  message: z.string(),
  data: ZClassSummary,
});

/** PUT /admin/classes/{classId}: give the class to another teacher of the school. */
export const ZReassignClassRequest = z.object({ teacherId: ZId });

/** POST /student/assign-students: add students of the school to an existing class. */
export const ZAssignStudentsRequest = z.object({
  classId: ZId,
  students: z
    .array(ZId)
    .min(1, { message: MESSAGES.classes.studentsRequired })
    .max(500)
    .transform((ids) => [...new Set(ids)]),
});
export type TAssignStudentsRequest = z.infer<typeof ZAssignStudentsRequest>;
export const ZAssignStudentsResponse = z.object({
  success: ZOk,
  message: z.string(),
  /** How many of the students were not in the class before. */
  added: z.number().int(),
  students: z.array(ZStudentRef),
});

export const ZClassStudentParams = z.object({ classId: ZId, studentId: ZId });

/** GET /student/submissions/getFeedback/{id}: a submission's feedback alone, per answer. */
export const ZFeedbackResponse = z.object({
  success: ZOk,
  data: z.object({
    _id: z.string(),
    status: z.enum(['pending', 'marked', 'failed']),
    totalScore: z.number().int().nullable(),
    totalMarks: z.number().int(),
    feedback: z.array(
      z.object({
        questionId: z.string().nullable(),
        question: z.string(),
        score: z.number().int().nullable(),
        marks: z.number().int(),
        feedback: z.array(ZFeedback),
        /** The teacher's own comment (issue 11): a student then reads it instead of the AI's. */
        teacherFeedback: z.string().nullable().optional(),
        /** Held until the teacher reviews it (issue 18): a student gets no score or feedback yet. */
        feedbackHeld: z.boolean().optional(),
        /** Held until the teacher releases the question's marks (issue 27); implies feedbackHeld. */
        releaseHeld: z.boolean().optional(),
      }),
    ),
    /** A mark of it waits for the teacher's review: a student gets no total (issue 18). */
    feedbackHeld: z.boolean().optional(),
    /** Held until the teacher releases the question's marks (issue 27); implies feedbackHeld. */
    releaseHeld: z.boolean().optional(),
  }),
});
export type TFeedbackResponse = z.infer<typeof ZFeedbackResponse>;
