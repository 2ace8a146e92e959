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
