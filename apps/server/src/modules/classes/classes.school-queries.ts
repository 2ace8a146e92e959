import { and, count, countDistinct, eq, inArray, sql, type SQL } from 'drizzle-orm';
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
import type { TClassRow, TClassSummaryRow } from './classes.queries';

/** The classes module's school-wide reads and changes, for the school's admin. */

const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/** Newest first, served by classes_school_created_idx (school, created_at, id). */
const NEWEST: TSortSpec = {
  name: 'class-newest',
  keys: [
    { expr: classes.createdAt, dir: 'desc', type: 'timestamptz' },
    { expr: classes.id, dir: 'desc', type: 'uuid' },
  ],
};

export type TSchoolClassFilter = { q: string; teacherId: string | null };

function filterCondition(filter: TSchoolClassFilter): SQL | undefined {
  return and(
    filter.q ? sql`strpos(lower(${classes.name}), ${filter.q}) > 0` : undefined,
    filter.teacherId ? eq(classes.teacherId, filter.teacherId) : undefined,
  );
}

/** One page of the school's classes, newest first, with teacher name and counts. */
export async function selectSchoolClassPage(
  db: TDb,
  schoolId: string,
  filter: TSchoolClassFilter,
  page: { cursor: string | undefined; limit: number },
): Promise<{ rows: TClassSummaryRow[]; nextCursor: string | null }> {
  const teacher = alias(users, 'teacher');
  const after = page.cursor ? afterCursor(NEWEST, decodeCursor(NEWEST, page.cursor)) : undefined;
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
      ...cursorColumns(NEWEST),
    })
    .from(classes)
    .leftJoin(teacher, eq(teacher.id, classes.teacherId))
    .where(and(eq(classes.schoolId, schoolId), filterCondition(filter), after))
    .orderBy(...orderByKeys(NEWEST))
    .limit(page.limit + 1);
  return takePage(NEWEST, fetched, page.limit);
}

export async function countSchoolClasses(
  db: TDb,
  schoolId: string,
  filter: TSchoolClassFilter | null,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), filter ? filterCondition(filter) : undefined));
  return Number(row?.n ?? 0);
}

/** A class of the school (any teacher's), or null. `lock` holds its row until the transaction ends. */
export async function findSchoolClass(
  db: TDb,
  schoolId: string,
  classId: string,
  options: { lock?: boolean } = {},
): Promise<TClassRow | null> {
  const query = db
    .select()
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)))
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function updateClassTeacher(
  tx: TDb,
  classId: string,
  teacherId: string,
  now: Date,
): Promise<void> {
  await tx.update(classes).set({ teacherId, updatedAt: now }).where(eq(classes.id, classId));
}

/** Which of these students are already in the class. */
export async function selectEnrolledAmong(
  db: TDb,
  classId: string,
  studentIds: string[],
): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const rows = await db
    .select({ id: classStudents.studentId })
    .from(classStudents)
    .where(and(eq(classStudents.classId, classId), inArray(classStudents.studentId, studentIds)));
  return rows.map((r) => r.id);
}

/** A teacher's classes (all, active) and the distinct students in them. */
export async function selectTeacherClassStats(
  db: TDb,
  schoolId: string,
  teacherId: string,
): Promise<{ totalClasses: number; activeClasses: number; totalStudents: number }> {
  const where = and(eq(classes.schoolId, schoolId), eq(classes.teacherId, teacherId));
  const [row] = await db
    .select({
      totalClasses: count(),
      activeClasses: sql<number>`count(*) filter (where ${classes.active})`.mapWith(Number),
    })
    .from(classes)
    .where(where);
  const [students] = await db
    .select({ n: countDistinct(classStudents.studentId) })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(where);
  return {
    totalClasses: Number(row?.totalClasses ?? 0),
    activeClasses: Number(row?.activeClasses ?? 0),
    totalStudents: Number(students?.n ?? 0),
  };
}

/** The school's classes: all and active. */
export async function selectSchoolClassCounts(
  db: TDb,
  schoolId: string,
): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${classes.active})`.mapWith(Number),
    })
    .from(classes)
    .where(eq(classes.schoolId, schoolId));
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}

/** How many classes each of these teachers of the school teaches. */
export async function countClassesByTeacher(
  db: TDb,
  schoolId: string,
  teacherIds: string[],
): Promise<Map<string, number>> {
  if (teacherIds.length === 0) return new Map();
  const rows = await db
    .select({ teacherId: classes.teacherId, n: count() })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.teacherId, teacherIds)))
    .groupBy(classes.teacherId);
  return new Map(rows.flatMap((r) => (r.teacherId ? [[r.teacherId, Number(r.n)]] : [])));
}

/** How many class places these students hold (enrolments). */
export async function countEnrolmentsOf(db: TDb, studentIds: string[]): Promise<number> {
  if (studentIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(classStudents)
    .where(inArray(classStudents.studentId, studentIds));
  return Number(row?.n ?? 0);
}

/** Takes this person off every class's student list (a promotion); how many places went. */
export async function deleteEnrolmentsOf(tx: TDb, studentId: string): Promise<number> {
  const rows = await tx
    .delete(classStudents)
    .where(eq(classStudents.studentId, studentId))
    .returning({ classId: classStudents.classId });
  return rows.length;
}
