import type {
  TAdminDashboard,
  TOwnerStats,
  TStudentDashboard,
  TTeacherDashboard,
} from '@stem/contract/dashboard';
import {
  RECENT_CLASSES_ADMIN,
  RECENT_SUBMISSIONS_ADMIN,
  RECENT_SUBMISSIONS_STUDENT,
  RECENT_SUBMISSIONS_TEACHER,
} from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TUserStats } from '@stem/contract/owner';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import * as queries from './dashboard.queries';
import { presentRecentClass, presentRecentSubmission } from './dashboard.presenter';

/** Every dashboard but the owner's belongs to a school; a token without one has nothing to show. */
function schoolOf(user: TAccessClaims): string {
  if (!user.schoolId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  return user.schoolId;
}

/** The teacher's active classes, questions, submissions and the 5 newest of those submissions. */
export async function getTeacherDashboard(
  db: TDb,
  user: TAccessClaims,
): Promise<TTeacherDashboard> {
  const schoolId = schoolOf(user);
  const [counts, recent] = await Promise.all([
    queries.selectTeacherCounts(db, schoolId, user.userId),
    queries.selectTeacherRecentSubmissions(db, schoolId, user.userId, RECENT_SUBMISSIONS_TEACHER),
  ]);
  return { ...counts, recentSubmissions: recent.map((r) => presentRecentSubmission(r)) };
}

/** The student's enrolled classes, submissions and the 3 newest submissions. */
export async function getStudentDashboard(
  db: TDb,
  user: TAccessClaims,
): Promise<TStudentDashboard> {
  const schoolId = schoolOf(user);
  const [counts, recent] = await Promise.all([
    queries.selectStudentCounts(db, schoolId, user.userId),
    queries.selectStudentRecentSubmissions(db, schoolId, user.userId, RECENT_SUBMISSIONS_STUDENT),
  ]);
  return { ...counts, recentSubmissions: recent.map((r) => presentRecentSubmission(r, 'student')) };
}

/** Totals of the admin's school, its 3 newest classes and its 5 newest submissions. */
export async function getAdminDashboard(db: TDb, user: TAccessClaims): Promise<TAdminDashboard> {
  const schoolId = schoolOf(user);
  const [counts, recent, submissions] = await Promise.all([
    queries.selectSchoolCounts(db, schoolId),
    queries.selectRecentClasses(db, schoolId, RECENT_CLASSES_ADMIN),
    queries.selectSchoolRecentSubmissions(db, schoolId, RECENT_SUBMISSIONS_ADMIN),
  ]);
  return {
    ...counts,
    recentClasses: recent.map(presentRecentClass),
    recentSubmissions: submissions.map((r) => presentRecentSubmission(r)),
  };
}

/** Platform statistics for the owner: schools (all, active, trial) and users by role. */
export async function getOwnerStats(db: TDb): Promise<TOwnerStats> {
  const counts = await queries.selectPlatformCounts(db);
  const { total, ...byRole } = counts.users;
  return { schools: counts.schools, users: { total, byRole } };
}

/**
 * One person's statistics for the owner's user details (spec 02 §3 "User statistics"): the set that
 * fits their role.
 */
export async function getUserStats(
  db: TDb,
  user: { id: string; role: TAccessClaims['role']; schoolId: string | null },
): Promise<TUserStats> {
  switch (user.role) {
    case 'admin':
      return {
        adminStats: user.schoolId
          ? await queries.selectAdminUserStats(db, user.schoolId)
          : { totalTeachers: 0, totalStudents: 0, totalClasses: 0, activeClasses: 0 },
      };
    case 'teacher':
      return { teacherStats: await queries.selectTeacherUserStats(db, user.id) };
    case 'student':
      return { studentStats: await queries.selectStudentUserStats(db, user.id) };
    case 'owner': {
      const counts = await queries.selectPlatformCounts(db);
      return {
        ownerStats: {
          totalSchools: counts.schools.total,
          totalAdmins: counts.users.admin,
          totalTeachers: counts.users.teacher,
          totalStudents: counts.users.student,
        },
      };
    }
  }
}
