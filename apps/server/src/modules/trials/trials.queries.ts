import { and, count, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { classes, questions, schools, submissions, users } from '../../db/schema';

export type TSchoolRow = typeof schools.$inferSelect;

/** Inserts a trial school; null when the code is taken (unique index), so the caller can retry. */
export async function insertTrialSchool(
  db: TDb,
  values: { code: string; name: string; trialExpiresAt: Date; now: Date },
): Promise<TSchoolRow | null> {
  const rows = await db
    .insert(schools)
    .values({
      code: values.code,
      name: values.name,
      plan: 'trial',
      schoolType: 'classroom',
      trialExpiresAt: values.trialExpiresAt,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing({ target: schools.code })
    .returning();
  return rows[0] ?? null;
}

export async function findTrialSchoolByCode(db: TDb, code: string): Promise<TSchoolRow | null> {
  const rows = await db
    .select()
    .from(schools)
    .where(and(eq(schools.code, code), eq(schools.plan, 'trial')))
    .limit(1);
  return rows[0] ?? null;
}

export type TSchoolUsageCounts = {
  teacherCount: number;
  studentCount: number;
  classCount: number;
  questionCount: number;
  submissionCount: number;
};

/** Everything the trial status counts for one school, in one round trip. */
export async function countSchoolUsage(db: TDb, schoolId: string): Promise<TSchoolUsageCounts> {
  const [row] = await db
    .select({
      teacherCount: sql<number>`(select count(*) from ${users} where ${users.schoolId} = ${schoolId} and ${users.role} = 'teacher')::int`,
      studentCount: sql<number>`(select count(*) from ${users} where ${users.schoolId} = ${schoolId} and ${users.role} = 'student')::int`,
      classCount: sql<number>`(select count(*) from ${classes} where ${classes.schoolId} = ${schoolId})::int`,
      questionCount: sql<number>`(select count(*) from ${questions} where ${questions.schoolId} = ${schoolId})::int`,
      submissionCount: sql<number>`(select count(*) from ${submissions} where ${submissions.schoolId} = ${schoolId})::int`,
    })
    .from(sql`(select 1) as one`);
  return {
    teacherCount: Number(row?.teacherCount ?? 0),
    studentCount: Number(row?.studentCount ?? 0),
    classCount: Number(row?.classCount ?? 0),
    questionCount: Number(row?.questionCount ?? 0),
    submissionCount: Number(row?.submissionCount ?? 0),
  };
}

/** Teachers of a school (the trial's teacher limit). */
export async function countTeachers(db: TDb, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), inArray(users.role, ['teacher'])));
  return Number(row?.n ?? 0);
}

/** Deletes trial schools created before `before` that nobody registered in; returns how many. */
export async function deleteUnclaimedTrials(db: TDb, before: Date): Promise<number> {
  const rows = await db
    .delete(schools)
    .where(
      and(
        eq(schools.plan, 'trial'),
        lt(schools.createdAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(eq(users.schoolId, schools.id)),
        ),
      ),
    )
    .returning({ id: schools.id });
  return rows.length;
}
