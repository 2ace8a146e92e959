import { asc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { classes, classQuestions, classStudents, questions, schools, users } from '../../db/schema';

/**
 * Bulk inserts for demo and test data. The seed writes whole schools at once (schools, their people and
 * their classes), so this is the one place that writes several modules' tables directly, in batches.
 */

export type TNewSchool = typeof schools.$inferInsert;
export type TNewUser = typeof users.$inferInsert;
export type TNewClass = typeof classes.$inferInsert;

export async function insertSchools(
  db: TDb,
  rows: TNewSchool[],
): Promise<(typeof schools.$inferSelect)[]> {
  if (rows.length === 0) return [];
  return db.insert(schools).values(rows).returning();
}

export async function insertUsers(
  db: TDb,
  rows: TNewUser[],
): Promise<(typeof users.$inferSelect)[]> {
  if (rows.length === 0) return [];
  return db.insert(users).values(rows).returning();
}

export async function insertClasses(
  db: TDb,
  rows: TNewClass[],
): Promise<(typeof classes.$inferSelect)[]> {
  if (rows.length === 0) return [];
  return db.insert(classes).values(rows).returning();
}

export async function insertClassStudents(
  db: TDb,
  rows: { classId: string; studentId: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(classStudents).values(rows);
}

export type TNewQuestion = typeof questions.$inferInsert;

export async function insertQuestions(
  db: TDb,
  rows: TNewQuestion[],
): Promise<(typeof questions.$inferSelect)[]> {
  if (rows.length === 0) return [];
  return db.insert(questions).values(rows).returning();
}

export async function insertClassQuestions(
  db: TDb,
  rows: { classId: string; questionId: string; position: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(classQuestions).values(rows);
}

export type TDemoClassRow = {
  classId: string;
  schoolId: string;
  schoolCode: string;
  className: string;
  teacherId: string | null;
};

/** The classes of the given schools (by code), oldest first within each school. */
export async function selectClassesOfSchools(db: TDb, codes: string[]): Promise<TDemoClassRow[]> {
  if (codes.length === 0) return [];
  const schoolRows = await db
    .select({ id: schools.id, code: schools.code })
    .from(schools)
    .where(inArray(schools.code, codes));
  const codeById = new Map(schoolRows.map((row) => [row.id, row.code]));
  if (schoolRows.length === 0) return [];
  const rows = await db
    .select({
      classId: classes.id,
      schoolId: classes.schoolId,
      className: classes.name,
      teacherId: classes.teacherId,
    })
    .from(classes)
    .where(inArray(classes.schoolId, [...codeById.keys()]))
    .orderBy(asc(classes.schoolId), asc(classes.name));
  return rows.map((row) => ({ ...row, schoolCode: codeById.get(row.schoolId) as string }));
}

/** The students of the given classes, in a stable order (by e-mail) for each class. */
export async function selectStudentsOfClasses(
  db: TDb,
  classIds: string[],
): Promise<Map<string, string[]>> {
  const byClass = new Map<string, string[]>();
  if (classIds.length === 0) return byClass;
  const rows = await db
    .select({ classId: classStudents.classId, studentId: classStudents.studentId })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(inArray(classStudents.classId, classIds))
    .orderBy(asc(users.email));
  for (const row of rows) {
    const list = byClass.get(row.classId) ?? [];
    list.push(row.studentId);
    byClass.set(row.classId, list);
  }
  return byClass;
}
