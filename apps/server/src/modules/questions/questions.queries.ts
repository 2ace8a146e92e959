import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TQuestionSort } from '@stem/contract/teaching';
import type { TDb } from '../../db/client';
import { classQuestions, questions } from '../../db/schema';
import {
  afterCursor,
  cursorColumns,
  decodeCursor,
  orderByKeys,
  takePage,
  type TSortSpec,
} from '../../lib/keyset';

/** Every table access of the questions module. Callers pass `db` or a transaction. */

export type TQuestionRow = {
  id: string;
  schoolId: string;
  teacherId: string | null;
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
  holdFeedback: boolean;
  classIds: string[];
  createdAt: Date;
  updatedAt: Date;
};

/** What a student may see of a question: never the rubric or the ranges. */
export type TStudentQuestionRow = { id: string; question: string; marks: number; createdAt: Date };

export type TQuestionValues = {
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
  /** Left out of an update: unchanged. */
  holdFeedback?: boolean;
};

const questionColumns = {
  id: questions.id,
  schoolId: questions.schoolId,
  teacherId: questions.teacherId,
  question: questions.question,
  marks: questions.marks,
  lowMarkRange: questions.lowMarkRange,
  highMarkRange: questions.highMarkRange,
  rubric: questions.rubric,
  holdFeedback: questions.holdFeedback,
  // The classes holding the question, gathered in the same query (no query per question).
  classIds: sql<
    string[]
  >`array(select ${classQuestions.classId}::text from ${classQuestions} where ${classQuestions.questionId} = ${questions.id} order by ${classQuestions.createdAt}, ${classQuestions.classId})`,
  createdAt: questions.createdAt,
  updatedAt: questions.updatedAt,
};

const ownedBy = (schoolId: string, teacherId: string): SQL | undefined =>
  and(eq(questions.schoolId, schoolId), eq(questions.teacherId, teacherId));

const newestFirst = [
  { expr: questions.createdAt, dir: 'desc', type: 'timestamptz' },
  { expr: questions.id, dir: 'desc', type: 'uuid' },
] as const;

/**
 * The question list's four orders (spec 02 §9), each answered by an index of `questions`: newest
 * and oldest first by (teacher_id, created_at, id); marks high first by (teacher_id, marks,
 * created_at, id) read backwards; marks low first (equal marks newest first) by its own index.
 */
export const QUESTION_SORT_SPECS: Record<TQuestionSort, TSortSpec> = {
  'createdAt-desc': { name: 'qnew', keys: newestFirst },
  'createdAt-asc': {
    name: 'qold',
    keys: [
      { expr: questions.createdAt, dir: 'asc', type: 'timestamptz' },
      { expr: questions.id, dir: 'asc', type: 'uuid' },
    ],
  },
  'marks-desc': {
    name: 'qhigh',
    keys: [{ expr: questions.marks, dir: 'desc', type: 'int' }, ...newestFirst],
  },
  'marks-asc': {
    name: 'qlow',
    keys: [{ expr: questions.marks, dir: 'asc', type: 'int' }, ...newestFirst],
  },
};

/** Lower-cased search of the question text, or '' for none. */
const searchCondition = (q: string): SQL | undefined =>
  q ? sql`strpos(lower(${questions.question}), ${q}) > 0` : undefined;

/** One keyset page of the teacher's questions in the chosen order, with the next cursor. */
export async function selectTeacherQuestionPage(
  db: TDb,
  schoolId: string,
  teacherId: string,
  filter: { sort: TQuestionSort; q: string },
  page: { cursor: string | undefined; limit: number },
): Promise<{ rows: TQuestionRow[]; nextCursor: string | null }> {
  const spec = QUESTION_SORT_SPECS[filter.sort];
  const after = page.cursor ? afterCursor(spec, decodeCursor(spec, page.cursor)) : undefined;
  const fetched = await db
    .select({ ...questionColumns, ...cursorColumns(spec) })
    .from(questions)
    .where(and(ownedBy(schoolId, teacherId), searchCondition(filter.q), after))
    .orderBy(...orderByKeys(spec))
    .limit(page.limit + 1);
  return takePage(spec, fetched, page.limit);
}

/** How many questions the teacher has, and how many a search keeps (one indexed count each). */
export async function countTeacherQuestions(
  db: TDb,
  schoolId: string,
  teacherId: string,
  q = '',
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(questions)
    .where(and(ownedBy(schoolId, teacherId), searchCondition(q)));
  return Number(row?.n ?? 0);
}

/** One of the teacher's own questions, or null (another teacher's is null too). */
export async function findTeacherQuestion(
  db: TDb,
  schoolId: string,
  teacherId: string,
  questionId: string,
): Promise<TQuestionRow | null> {
  const rows = await db
    .select(questionColumns)
    .from(questions)
    .where(and(eq(questions.id, questionId), ownedBy(schoolId, teacherId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The questions of a class in the order they were added. */
export function selectClassQuestions(
  db: TDb,
  schoolId: string,
  classId: string,
): Promise<TQuestionRow[]> {
  return db
    .select(questionColumns)
    .from(classQuestions)
    .innerJoin(questions, eq(questions.id, classQuestions.questionId))
    .where(and(eq(classQuestions.classId, classId), eq(questions.schoolId, schoolId)))
    .orderBy(asc(classQuestions.position), asc(classQuestions.createdAt), asc(questions.id));
}

/** The same list with the columns a student may see: the rubric never leaves the database. */
export function selectClassStudentQuestions(
  db: TDb,
  schoolId: string,
  classId: string,
): Promise<TStudentQuestionRow[]> {
  return db
    .select({
      id: questions.id,
      question: questions.question,
      marks: questions.marks,
      createdAt: questions.createdAt,
    })
    .from(classQuestions)
    .innerJoin(questions, eq(questions.id, classQuestions.questionId))
    .where(and(eq(classQuestions.classId, classId), eq(questions.schoolId, schoolId)))
    .orderBy(asc(classQuestions.position), asc(classQuestions.createdAt), asc(questions.id));
}

export async function insertQuestion(
  db: TDb,
  values: TQuestionValues & { schoolId: string; teacherId: string; now: Date },
): Promise<string> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(questions)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning({ id: questions.id });
  if (!row) throw new Error('question not inserted');
  return row.id;
}

/** Updates one of the teacher's own questions; false when there is none. */
export async function updateTeacherQuestion(
  db: TDb,
  schoolId: string,
  teacherId: string,
  questionId: string,
  values: TQuestionValues & { now: Date },
): Promise<boolean> {
  const { now, ...rest } = values;
  const rows = await db
    .update(questions)
    .set({ ...rest, updatedAt: now })
    .where(and(eq(questions.id, questionId), ownedBy(schoolId, teacherId)))
    .returning({ id: questions.id });
  return rows.length > 0;
}

/**
 * Deletes one of the teacher's own questions; false when there is none. Its class links go with it
 * (cascade); submitted answers keep their snapshot of the question (their link is set null).
 */
export async function deleteTeacherQuestion(
  db: TDb,
  schoolId: string,
  teacherId: string,
  questionId: string,
): Promise<boolean> {
  const rows = await db
    .delete(questions)
    .where(and(eq(questions.id, questionId), ownedBy(schoolId, teacherId)))
    .returning({ id: questions.id });
  return rows.length > 0;
}

/** Links a question to a class at the end of its list; false when it was already there. */
export async function insertClassQuestion(
  db: TDb,
  classId: string,
  questionId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(classQuestions)
    .values({
      classId,
      questionId,
      position: sql`(select coalesce(max(${classQuestions.position}), -1) + 1 from ${classQuestions} where ${eq(classQuestions.classId, classId)})`,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ questionId: classQuestions.questionId });
  return rows.length > 0;
}

/** Unlinks a question from a class; false when it was not there. */
export async function deleteClassQuestion(
  db: TDb,
  classId: string,
  questionId: string,
): Promise<boolean> {
  const rows = await db
    .delete(classQuestions)
    .where(and(eq(classQuestions.classId, classId), eq(classQuestions.questionId, questionId)))
    .returning({ questionId: classQuestions.questionId });
  return rows.length > 0;
}

/** How many questions each of these teachers of the school owns (the admin's deletion check). */
export async function countQuestionsByTeacher(
  db: TDb,
  schoolId: string,
  teacherIds: string[],
): Promise<Map<string, number>> {
  if (teacherIds.length === 0) return new Map();
  const rows = await db
    .select({ teacherId: questions.teacherId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(questions)
    .where(and(eq(questions.schoolId, schoolId), inArray(questions.teacherId, teacherIds)))
    .groupBy(questions.teacherId);
  return new Map(rows.flatMap((r) => (r.teacherId ? [[r.teacherId, r.n]] : [])));
}
