import { z } from 'zod';

export const ZRecentSubmission = z.object({
  _id: z.string(),
  className: z.string().nullable(),
  studentName: z.string().nullable(),
  submittedAt: z.string(),
  status: z.enum(['pending', 'marked', 'failed']),
  totalScore: z.number().nullable(),
  totalMarks: z.number().int(),
  /** A mark of it waits for the teacher's review: a student gets no total yet (issue 18). */
  feedbackHeld: z.boolean().optional(),
  /** Held until the teacher releases the question's marks (issue 27); implies feedbackHeld. */
  releaseHeld: z.boolean().optional(),
});
export type TRecentSubmission = z.infer<typeof ZRecentSubmission>;

export const ZTeacherDashboard = z.object({
  activeClasses: z.number().int(),
  totalQuestions: z.number().int(),
  totalSubmissions: z.number().int(),
  recentSubmissions: z.array(ZRecentSubmission),
});
export type TTeacherDashboard = z.infer<typeof ZTeacherDashboard>;

export const ZStudentDashboard = z.object({
  activeClasses: z.number().int(),
  totalSubmissions: z.number().int(),
  recentSubmissions: z.array(ZRecentSubmission),
});
export type TStudentDashboard = z.infer<typeof ZStudentDashboard>;

export const ZRecentClass = z.object({
  _id: z.string(),
  name: z.string(),
  teacherName: z.string().nullable(),
  studentCount: z.number().int(),
  createdAt: z.string(),
});

export const ZAdminDashboard = z.object({
  totalTeachers: z.number().int(),
  totalStudents: z.number().int(),
  totalClasses: z.number().int(),
  recentClasses: z.array(ZRecentClass),
  /** The school's newest submissions (spec 02 §2 draws this section empty; issue 26 fills it). */
  recentSubmissions: z.array(ZRecentSubmission),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

/** GET /owner/stats (spec 02 §7): data.schools.total and data.users.byRole. */
export const ZOwnerStats = z.object({
  schools: z.object({ total: z.number().int(), active: z.number().int(), trial: z.number().int() }),
  users: z.object({
    total: z.number().int(),
    byRole: z.object({
      owner: z.number().int(),
      admin: z.number().int(),
      teacher: z.number().int(),
      student: z.number().int(),
    }),
  }),
});
export type TOwnerStats = z.infer<typeof ZOwnerStats>;

export function dataResponse<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
