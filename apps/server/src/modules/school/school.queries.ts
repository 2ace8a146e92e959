import { and, eq, gte, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { schoolLogos, schools, submissions, users } from '../../db/schema';

export async function updateSchoolName(db: TDb, schoolId: string, name: string, now: Date) {
  const rows = await db
    .update(schools)
    .set({ name, updatedAt: now })
    .where(eq(schools.id, schoolId))
    .returning({ name: schools.name, logo: schools.logo });
  return rows[0] ?? null;
}

/** Stores the logo and points the school at its versioned URL, in one transaction. */
export async function saveLogo(
  db: TDb,
  values: { schoolId: string; data: string; etag: string; url: string; now: Date },
) {
  return db.transaction(async (tx) => {
    await tx
      .insert(schoolLogos)
      .values({
        schoolId: values.schoolId,
        contentType: 'image/png',
        data: values.data,
        etag: values.etag,
        updatedAt: values.now,
      })
      .onConflictDoUpdate({
        target: schoolLogos.schoolId,
        set: { data: values.data, etag: values.etag, updatedAt: values.now },
      });
    const rows = await tx
      .update(schools)
      .set({ logo: values.url, updatedAt: values.now })
      .where(eq(schools.id, values.schoolId))
      .returning({ name: schools.name, logo: schools.logo });
    return rows[0] ?? null;
  });
}

export async function findLogo(db: TDb, schoolId: string) {
  const rows = await db
    .select()
    .from(schoolLogos)
    .where(eq(schoolLogos.schoolId, schoolId))
    .limit(1);
  return rows[0] ?? null;
}

/** Submissions per student per week (weeks start Monday, Europe/London) since `since`. */
export async function weeklySubmissionsPerStudent(db: TDb, schoolId: string, since: Date) {
  const week = sql<string>`to_char(date_trunc('week', ${submissions.submittedAt} at time zone 'Europe/London'), 'YYYY-MM-DD')`;
  return db
    .select({ studentId: submissions.studentId, week, n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(eq(submissions.schoolId, schoolId), gte(submissions.submittedAt, since)))
    .groupBy(submissions.studentId, week);
}

export async function listSchoolStudents(db: TDb, schoolId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.role, 'student')))
    .orderBy(users.name);
}
