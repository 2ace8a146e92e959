import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import {
  classStudents,
  classes,
  questions,
  schools,
  submissionTallies,
  submissions,
  users,
} from '../../db/schema';

/** A submission row as the dashboards list it; names are null when the class or student is gone. */
export type TRecentSubmissionRow = {
  id: string;
  className: string | null;
  studentName: string | null;
  submittedAt: Date;
  status: 'pending' | 'marked' | 'failed';
  totalScore: number | null;
  totalMarks: number;
  /** A mark of it waits for the teacher's review (issue 18). */
  feedbackHeld: boolean;
  releaseHeld: boolean;
};

export type TRecentClassRow = {
  id: string;
  name: string;
  teacherName: string | null;
  studentCount: number;
  createdAt: Date;
};

/** count(*) as a JavaScript number (PostgreSQL returns bigint counts as strings). */
const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/**
 * The teacher's submissions: those in the teacher's classes plus those the teacher uploaded, as the
 * submission's teacher column (kept by triggers) records them; one index serves it.
 */
function teacherSubmissionsFilter(schoolId: string, teacherId: string): SQL | undefined {
  return and(eq(submissions.teacherId, teacherId), eq(submissions.schoolId, schoolId));
}

/** A user's submission count from the tallies the triggers keep: one row, whatever the volume. */
const tallyOf = (userId: string, kind: 't' | 's') =>
  countOf(
    sql`select coalesce((select ${submissionTallies.total} from ${submissionTallies} where ${and(
      eq(submissionTallies.userId, userId),
      eq(submissionTallies.kind, kind),
    )}), 0)`,
  );

/** Newest first; the id breaks ties between submissions made in the same instant. */
async function selectRecentSubmissions(
  db: TDb,
  where: SQL | undefined,
  limit: number,
): Promise<TRecentSubmissionRow[]> {
  // Names are kept on the submission row (triggers follow renames): no join, one index range.
  const rows = await db
    .select({
      id: submissions.id,
      className: submissions.className,
      studentName: submissions.studentName,
      submittedAt: submissions.submittedAt,
      status: submissions.status,
      totalScore: submissions.totalScore,
      totalMarks: submissions.totalMarks,
      feedbackHeld: submissions.feedbackHeld,
      releaseHeld: submissions.releaseHeld,
    })
    .from(submissions)
    .where(where)
    .orderBy(desc(submissions.submittedAt), desc(submissions.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, studentName: r.studentName || null }));
}

/** Counts for the teacher dashboard in one round trip (zeros when the school is gone). */
export async function selectTeacherCounts(db: TDb, schoolId: string, teacherId: string) {
  const [row] = await db
    .select({
      activeClasses: countOf(
        sql`select count(*) from ${classes} where ${and(
          eq(classes.schoolId, schoolId),
          eq(classes.teacherId, teacherId),
          eq(classes.active, true),
        )}`,
      ),
      totalQuestions: countOf(
        sql`select count(*) from ${questions} where ${and(
          eq(questions.schoolId, schoolId),
          eq(questions.teacherId, teacherId),
        )}`,
      ),
      totalSubmissions: tallyOf(teacherId, 't'),
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? { activeClasses: 0, totalQuestions: 0, totalSubmissions: 0 };
}

export function selectTeacherRecentSubmissions(
  db: TDb,
  schoolId: string,
  teacherId: string,
  limit: number,
): Promise<TRecentSubmissionRow[]> {
  return selectRecentSubmissions(db, teacherSubmissionsFilter(schoolId, teacherId), limit);
}

/** The school's newest submissions (the admin dashboard), on the school's recent index. */
export function selectSchoolRecentSubmissions(
  db: TDb,
  schoolId: string,
  limit: number,
): Promise<TRecentSubmissionRow[]> {
  return selectRecentSubmissions(db, eq(submissions.schoolId, schoolId), limit);
}

/** Counts for the student dashboard in one round trip. */
export async function selectStudentCounts(db: TDb, schoolId: string, studentId: string) {
  const [row] = await db
    .select({
      activeClasses: countOf(
        sql`select count(*) from ${classStudents} inner join ${classes} on ${eq(
          classes.id,
          classStudents.classId,
        )} where ${and(
          eq(classStudents.studentId, studentId),
          eq(classes.schoolId, schoolId),
          eq(classes.active, true),
        )}`,
      ),
      totalSubmissions: tallyOf(studentId, 's'),
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? { activeClasses: 0, totalSubmissions: 0 };
}

export function selectStudentRecentSubmissions(
  db: TDb,
  schoolId: string,
  studentId: string,
  limit: number,
): Promise<TRecentSubmissionRow[]> {
  return selectRecentSubmissions(
    db,
    and(eq(submissions.schoolId, schoolId), eq(submissions.studentId, studentId)),
    limit,
  );
}

/** Teachers, students and classes of one school in one round trip. */
export async function selectSchoolCounts(db: TDb, schoolId: string) {
  const usersWithRole = (role: 'teacher' | 'student') =>
    countOf(
      sql`select count(*) from ${users} where ${and(
        eq(users.schoolId, schoolId),
        eq(users.role, role),
      )}`,
    );
  const [row] = await db
    .select({
      totalTeachers: usersWithRole('teacher'),
      totalStudents: usersWithRole('student'),
      totalClasses: countOf(
        sql`select count(*) from ${classes} where ${eq(classes.schoolId, schoolId)}`,
      ),
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? { totalTeachers: 0, totalStudents: 0, totalClasses: 0 };
}

/** The newest classes of a school with their teacher's name and enrolment count. */
export function selectRecentClasses(
  db: TDb,
  schoolId: string,
  limit: number,
): Promise<TRecentClassRow[]> {
  const teacher = alias(users, 'teacher');
  return db
    .select({
      id: classes.id,
      name: classes.name,
      teacherName: teacher.name,
      studentCount: countOf(
        sql`select count(*) from ${classStudents} where ${eq(classStudents.classId, classes.id)}`,
      ),
      createdAt: classes.createdAt,
    })
    .from(classes)
    .leftJoin(teacher, eq(teacher.id, classes.teacherId))
    .where(eq(classes.schoolId, schoolId))
    .orderBy(desc(classes.createdAt), desc(classes.id))
    .limit(limit);
}

/** Platform-wide counts for the owner: schools (all, active, on trial) and users by role. */
export async function selectPlatformCounts(db: TDb) {
  const [schoolRow] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${schools.active})`.mapWith(Number),
      trial: sql<number>`count(*) filter (where ${schools.plan} = 'trial')`.mapWith(Number),
    })
    .from(schools);
  const roleCount = (role: 'owner' | 'admin' | 'teacher' | 'student') =>
    sql<number>`count(*) filter (where ${users.role} = ${role})`.mapWith(Number);
  const [userRow] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      owner: roleCount('owner'),
      admin: roleCount('admin'),
      teacher: roleCount('teacher'),
      student: roleCount('student'),
    })
    .from(users);
  return {
    schools: schoolRow ?? { total: 0, active: 0, trial: 0 },
    users: userRow ?? { total: 0, owner: 0, admin: 0, teacher: 0, student: 0 },
  };
}

/** An admin's school: teachers, students, classes and active classes (owner's user details). */
export async function selectAdminUserStats(db: TDb, schoolId: string) {
  const base = await selectSchoolCounts(db, schoolId);
  const [row] = await db
    .select({ activeClasses: sql<number>`count(*)`.mapWith(Number) })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.active, true)));
  return { ...base, activeClasses: row?.activeClasses ?? 0 };
}

/** A teacher's classes, active classes, distinct students, questions and marked submissions. */
export async function selectTeacherUserStats(db: TDb, teacherId: string) {
  const [row] = await db
    .select({
      totalClasses: countOf(
        sql`select count(*) from ${classes} where ${eq(classes.teacherId, teacherId)}`,
      ),
      activeClasses: countOf(
        sql`select count(*) from ${classes} where ${and(
          eq(classes.teacherId, teacherId),
          eq(classes.active, true),
        )}`,
      ),
      totalStudents: countOf(
        sql`select count(distinct ${classStudents.studentId}) from ${classStudents} inner join ${classes} on ${eq(
          classes.id,
          classStudents.classId,
        )} where ${eq(classes.teacherId, teacherId)}`,
      ),
      questionsCreated: countOf(
        sql`select count(*) from ${questions} where ${eq(questions.teacherId, teacherId)}`,
      ),
      submissionsEvaluated: countOf(
        sql`select count(*) from ${submissions} where ${and(
          eq(submissions.teacherId, teacherId),
          eq(submissions.status, 'marked'),
        )}`,
      ),
    })
    .from(sql`(select 1) as one`);
  return (
    row ?? {
      totalClasses: 0,
      activeClasses: 0,
      totalStudents: 0,
      questionsCreated: 0,
      submissionsEvaluated: 0,
    }
  );
}

/** A student's classes, submissions, average score (percent of marks, marked work) and last one. */
export async function selectStudentUserStats(db: TDb, studentId: string) {
  const [enrolled] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(classStudents)
    .where(eq(classStudents.studentId, studentId));
  const [work] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      average: sql<
        number | null
      >`avg(case when ${submissions.status} = 'marked' and ${submissions.totalMarks} > 0 then ${submissions.totalScore} * 100.0 / ${submissions.totalMarks} end)`.mapWith(
        (v: unknown) => (v === null ? null : Math.round(Number(v) * 10) / 10),
      ),
      last: sql<string | null>`max(${submissions.submittedAt})`,
    })
    .from(submissions)
    .where(eq(submissions.studentId, studentId));
  return {
    enrolledClasses: enrolled?.n ?? 0,
    totalSubmissions: work?.total ?? 0,
    averageScore: work?.average ?? null,
    lastSubmissionDate: work?.last ? new Date(work.last).toISOString() : null,
  };
}
