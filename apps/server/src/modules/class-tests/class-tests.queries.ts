import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { classQuestions, classTestQuestions, classTests, questions, users } from '../../db/schema';

/** Every table access of a class's tests. Callers pass `db` or a transaction. */

export type TTestRow = typeof classTests.$inferSelect & {
  createdByName: string | null;
  updatedByName: string | null;
};
export type TTestQuestionRow = {
  testId: string;
  questionId: string;
  question: string;
  marks: number;
  position: number;
};

async function rowsOf<T>(db: TDb, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  // node-postgres and PGlite both return { rows }.
  return (result as unknown as { rows: T[] }).rows;
}

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');

function selectTests(db: TDb, where: SQL | undefined) {
  return db
    .select({
      id: classTests.id,
      schoolId: classTests.schoolId,
      classId: classTests.classId,
      title: classTests.title,
      createdBy: classTests.createdBy,
      updatedBy: classTests.updatedBy,
      createdAt: classTests.createdAt,
      updatedAt: classTests.updatedAt,
      createdByName: creator.name,
      updatedByName: updater.name,
    })
    .from(classTests)
    .leftJoin(creator, eq(creator.id, classTests.createdBy))
    .leftJoin(updater, eq(updater.id, classTests.updatedBy))
    .where(where);
}

/** The class's tests, newest first. */
export async function selectClassTests(
  db: TDb,
  schoolId: string,
  classId: string,
): Promise<TTestRow[]> {
  return selectTests(
    db,
    and(eq(classTests.schoolId, schoolId), eq(classTests.classId, classId)),
  ).orderBy(desc(classTests.createdAt), desc(classTests.id));
}

/** The tests of these classes of the school, oldest first (the LMS picker). */
export async function selectTestsOfClasses(
  db: TDb,
  schoolId: string,
  classIds: readonly string[],
): Promise<TTestRow[]> {
  if (classIds.length === 0) return [];
  return selectTests(
    db,
    and(eq(classTests.schoolId, schoolId), inArray(classTests.classId, [...classIds])),
  ).orderBy(asc(classTests.createdAt), asc(classTests.id));
}

/** One test of the class, or null (another class's or school's test is not told apart). */
export async function findClassTest(
  db: TDb,
  schoolId: string,
  classId: string,
  testId: string,
  options: { lock?: boolean } = {},
): Promise<TTestRow | null> {
  const query = selectTests(
    db,
    and(
      eq(classTests.id, testId),
      eq(classTests.schoolId, schoolId),
      eq(classTests.classId, classId),
    ),
  ).limit(1);
  const rows = options.lock ? await query.for('update', { of: classTests }) : await query;
  return rows[0] ?? null;
}

/** The questions of these tests still set in their class, in each test's order. */
export async function selectTestQuestions(
  db: TDb,
  testIds: readonly string[],
): Promise<TTestQuestionRow[]> {
  if (testIds.length === 0) return [];
  return db
    .select({
      testId: classTestQuestions.testId,
      questionId: classTestQuestions.questionId,
      question: questions.question,
      marks: questions.marks,
      position: classTestQuestions.position,
    })
    .from(classTestQuestions)
    .innerJoin(questions, eq(questions.id, classTestQuestions.questionId))
    .where(inArray(classTestQuestions.testId, [...testIds]))
    .orderBy(asc(classTestQuestions.testId), asc(classTestQuestions.position));
}

/** Which of these question ids are set in the class. */
export async function selectClassQuestionIds(
  db: TDb,
  classId: string,
  questionIds: readonly string[],
): Promise<string[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .select({ id: classQuestions.questionId })
    .from(classQuestions)
    .where(
      and(
        eq(classQuestions.classId, classId),
        inArray(classQuestions.questionId, [...questionIds]),
      ),
    );
  return rows.map((r) => r.id);
}

export async function insertTest(
  tx: TDb,
  values: { schoolId: string; classId: string; title: string; userId: string; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(classTests)
    .values({
      schoolId: values.schoolId,
      classId: values.classId,
      title: values.title,
      createdBy: values.userId,
      updatedBy: values.userId,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: classTests.id });
  if (!row) throw new Error('test insert returned no row');
  return row.id;
}

export async function updateTest(
  tx: TDb,
  testId: string,
  values: { title: string; userId: string; now: Date },
): Promise<void> {
  await tx
    .update(classTests)
    .set({ title: values.title, updatedBy: values.userId, updatedAt: values.now })
    .where(eq(classTests.id, testId));
}

/** The test's questions become these, in this order. */
export async function replaceTestQuestions(
  tx: TDb,
  testId: string,
  classId: string,
  questionIds: readonly string[],
): Promise<void> {
  await tx.delete(classTestQuestions).where(eq(classTestQuestions.testId, testId));
  if (questionIds.length === 0) return;
  await tx
    .insert(classTestQuestions)
    .values(questionIds.map((questionId, position) => ({ testId, classId, questionId, position })));
}

export async function deleteTest(tx: TDb, testId: string): Promise<void> {
  await tx.delete(classTests).where(eq(classTests.id, testId));
}

export type TLatestMarkRow = {
  studentId: string;
  name: string;
  email: string;
  /** Null: the student has no marked answer to any of the questions (a row of the class list). */
  questionId: string | null;
  score: number | null;
  held: boolean;
};

/**
 * Each student's latest marked answer to each of these questions in the class, in one statement:
 * the class's students and anyone who answered one of the questions in the class (a student who has
 * since left it still has marks), by name. "Latest" is the latest submitted marked answer with a
 * score (as the class CSV's latest column); with `visibleOnly`, the latest the student can see
 * (nothing held for review or release). A student without any such answer comes back once, with a
 * null question.
 */
export async function selectLatestMarks(
  db: TDb,
  scope: { schoolId: string; classId: string },
  questionIds: readonly string[],
  options: { visibleOnly: boolean },
): Promise<TLatestMarkRow[]> {
  if (questionIds.length === 0) return [];
  const ids = sql.join(
    questionIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const visible = options.visibleOnly ? sql`and a.feedback_held = false` : sql``;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with latest as (
      select distinct on (s.student_id, a.question_id)
        s.student_id, a.question_id, a.score, a.feedback_held
      from submission_answers a
      join submissions s on s.id = a.submission_id
      where s.school_id = ${scope.schoolId} and s.class_id = ${scope.classId}
        and s.status = 'marked' and a.score is not null and a.question_id in (${ids}) ${visible}
      order by s.student_id, a.question_id, s.submitted_at desc, s.id desc, a.id desc
    ),
    people as (
      select student_id as id from class_students where class_id = ${scope.classId}
      union
      select student_id from latest
    )
    select u.id as student_id, u.name, u.email, l.question_id, l.score, l.feedback_held
    from people p
    join users u on u.id = p.id
    left join latest l on l.student_id = u.id
    order by lower(u.name), u.id`,
  );
  return rows.map((r) => ({
    studentId: String(r.student_id),
    name: String(r.name ?? ''),
    email: String(r.email ?? ''),
    questionId:
      r.question_id === null || r.question_id === undefined ? null : String(r.question_id),
    score: r.score === null || r.score === undefined ? null : Number(r.score),
    held: r.feedback_held === true,
  }));
}
