import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { classQuestions, classStudents, classes, users } from '../../db/schema';

/** Every table access of the classes module. Callers pass `db` or a transaction. */

export type TClassRow = typeof classes.$inferSelect;

export type TClassSummaryRow = {
  id: string;
  name: string;
  teacherId: string | null;
  teacherName: string | null;
  studentCount: number;
  questionCount: number;
  createdAt: Date;
};

export type TStudentRow = { id: string; name: string; email: string };

/** count(*) as a JavaScript number (PostgreSQL returns bigint counts as strings). */
const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/** Classes with their teacher's name and their student and question counts, in one query. */
function selectClassSummaries(db: TDb, where: SQL | undefined) {
  const teacher = alias(users, 'teacher');
  return db
    .select({
      id: classes.id,
      name: classes.name,
      teacherId: classes.teacherId,
      teacherName: teacher.name,
      studentCount: countOf(
        sql`select count(*) from ${classStudents} where ${eq(classStudents.classId, classes.id)}`,
      ),
      questionCount: countOf(
        sql`select count(*) from ${classQuestions} where ${eq(classQuestions.classId, classes.id)}`,
      ),
      createdAt: classes.createdAt,
    })
    .from(classes)
    .leftJoin(teacher, eq(teacher.id, classes.teacherId))
    .where(where)
    .orderBy(desc(classes.createdAt), desc(classes.id));
}

/** The teacher's own classes in the school, newest first. */
export function selectTeacherClassSummaries(
  db: TDb,
  schoolId: string,
  teacherId: string,
): Promise<TClassSummaryRow[]> {
  return selectClassSummaries(
    db,
    and(eq(classes.schoolId, schoolId), eq(classes.teacherId, teacherId)),
  );
}

export async function selectClassSummary(
  db: TDb,
  schoolId: string,
  classId: string,
): Promise<TClassSummaryRow | null> {
  const rows = await selectClassSummaries(
    db,
    and(eq(classes.schoolId, schoolId), eq(classes.id, classId)),
  );
  return rows[0] ?? null;
}

/** The class if it belongs to this teacher in this school; anything else is null. */
export async function findTeacherClass(
  db: TDb,
  schoolId: string,
  teacherId: string,
  classId: string,
): Promise<TClassRow | null> {
  const rows = await db
    .select()
    .from(classes)
    .where(
      and(
        eq(classes.id, classId),
        eq(classes.schoolId, schoolId),
        eq(classes.teacherId, teacherId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The class if it is active, in this school, and the student is enrolled in it; otherwise null. */
export async function findEnrolledClass(
  db: TDb,
  schoolId: string,
  studentId: string,
  classId: string,
): Promise<TClassRow | null> {
  const rows = await db
    .select({ class: classes })
    .from(classes)
    .innerJoin(
      classStudents,
      and(eq(classStudents.classId, classes.id), eq(classStudents.studentId, studentId)),
    )
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId), eq(classes.active, true)))
    .limit(1);
  return rows[0]?.class ?? null;
}

/** The students enrolled in a class, by name. */
export function selectClassStudents(
  db: TDb,
  schoolId: string,
  classId: string,
): Promise<TStudentRow[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), eq(users.schoolId, schoolId)))
    .orderBy(asc(users.name), asc(users.id));
}

/** The school's active students, by name. */
export function selectSchoolStudents(db: TDb, schoolId: string): Promise<TStudentRow[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.role, 'student'), eq(users.active, true)))
    .orderBy(asc(users.name), asc(users.id));
}

/** Which of these ids are active students of the school. */
export async function selectSchoolStudentIds(
  db: TDb,
  schoolId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, ids),
        eq(users.schoolId, schoolId),
        eq(users.role, 'student'),
        eq(users.active, true),
      ),
    );
  return rows.map((row) => row.id);
}

export async function insertClass(
  db: TDb,
  values: { schoolId: string; teacherId: string; name: string; now: Date },
): Promise<TClassRow> {
  const [row] = await db
    .insert(classes)
    .values({
      schoolId: values.schoolId,
      teacherId: values.teacherId,
      name: values.name,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('class not inserted');
  return row;
}

export async function insertClassStudents(
  db: TDb,
  classId: string,
  studentIds: string[],
  now: Date,
): Promise<void> {
  if (studentIds.length === 0) return;
  await db
    .insert(classStudents)
    .values(studentIds.map((studentId) => ({ classId, studentId, createdAt: now })))
    .onConflictDoNothing();
}

/** Removes one enrolment; true when there was one. */
export async function deleteClassStudent(
  db: TDb,
  classId: string,
  studentId: string,
): Promise<boolean> {
  const rows = await db
    .delete(classStudents)
    .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)))
    .returning({ studentId: classStudents.studentId });
  return rows.length > 0;
}
