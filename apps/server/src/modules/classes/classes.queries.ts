import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { classQuestions, classStudents, classes, users } from '../../db/schema';
import {
  afterCursor,
  cursorColumns,
  decodeCursor,
  orderByKeys,
  takePage,
  type TSortSpec,
} from '../../lib/keyset';

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

/** The class list's one order, newest first, answered by classes_teacher_created_idx. */
export const CLASS_SORT_SPEC: TSortSpec = {
  name: 'cnew',
  keys: [
    { expr: classes.createdAt, dir: 'desc', type: 'timestamptz' },
    { expr: classes.id, dir: 'desc', type: 'uuid' },
  ],
};

const ownClasses = (schoolId: string, teacherId: string) =>
  and(eq(classes.schoolId, schoolId), eq(classes.teacherId, teacherId));

/** One keyset page of the teacher's classes, newest first, with the next cursor. */
export async function selectTeacherClassPage(
  db: TDb,
  schoolId: string,
  teacherId: string,
  page: { cursor: string | undefined; limit: number },
): Promise<{ rows: TClassSummaryRow[]; nextCursor: string | null }> {
  const spec = CLASS_SORT_SPEC;
  const after = page.cursor ? afterCursor(spec, decodeCursor(spec, page.cursor)) : undefined;
  const teacher = alias(users, 'teacher');
  const fetched = await db
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
      ...cursorColumns(spec),
    })
    .from(classes)
    .leftJoin(teacher, eq(teacher.id, classes.teacherId))
    .where(and(ownClasses(schoolId, teacherId), after))
    .orderBy(...orderByKeys(spec))
    .limit(page.limit + 1);
  return takePage(spec, fetched, page.limit);
}

/** How many classes the teacher has (an index-only count). */
export async function countTeacherClasses(
  db: TDb,
  schoolId: string,
  teacherId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(classes)
    .where(ownClasses(schoolId, teacherId));
  return Number(row?.n ?? 0);
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
