import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  answerRubricItems,
  classQuestions,
  questions,
  rubricItems,
  savedComments,
  submissionAnswers,
  submissions,
} from '../../db/schema';

/**
 * Issue 27's rubric items, their applications to answers, saved comments and re-marks. Every list
 * is one statement (the question's items by rubric_items_question_idx, an item's answers by
 * answer_rubric_items_item_idx), whatever the number of answers.
 */

async function rowsOf<T>(db: TDb, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  // node-postgres and PGlite both return { rows }.
  return (result as unknown as { rows: T[] }).rows;
}

export type TQuestionOfClass = {
  id: string;
  schoolId: string;
  teacherId: string | null;
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
  referenceAnswer: string | null;
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
  referenceAnswer: questions.referenceAnswer,
};

/** The question, if it is in the class and of the school; `lock` locks its row (item changes). */
export async function findQuestionOfClass(
  db: TDb,
  schoolId: string,
  classId: string,
  questionId: string,
  options: { lock?: boolean } = {},
): Promise<TQuestionOfClass | null> {
  const query = db
    .select(questionColumns)
    .from(classQuestions)
    .innerJoin(questions, eq(questions.id, classQuestions.questionId))
    .where(
      and(
        eq(classQuestions.classId, classId),
        eq(classQuestions.questionId, questionId),
        eq(questions.schoolId, schoolId),
      ),
    )
    .limit(1);
  const rows = options.lock ? await query.for('update', { of: questions }) : await query;
  return rows[0] ?? null;
}

export type TItemRow = { id: string; label: string; points: number; position: number };

/** The question's items in the teacher's order. */
export function selectItems(db: TDb, questionId: string): Promise<TItemRow[]> {
  return db
    .select({
      id: rubricItems.id,
      label: rubricItems.label,
      points: rubricItems.points,
      position: rubricItems.position,
    })
    .from(rubricItems)
    .where(eq(rubricItems.questionId, questionId))
    .orderBy(asc(rubricItems.position), asc(rubricItems.createdAt), asc(rubricItems.id));
}

/** The items applied to the class's answers to the question, by answer. */
export function selectAppliedInClass(
  db: TDb,
  schoolId: string,
  classId: string,
  questionId: string,
): Promise<{ answerId: string; itemId: string }[]> {
  return rowsOf(
    db,
    sql`
    select ari.answer_id as "answerId", ari.item_id as "itemId"
    from rubric_items ri
    join answer_rubric_items ari on ari.item_id = ri.id
    join submission_answers a on a.id = ari.answer_id
    join submissions s on s.id = a.submission_id
    where ri.question_id = ${questionId} and ri.school_id = ${schoolId}
      and s.class_id = ${classId} and s.school_id = ${schoolId}
    order by ri.position, ri.created_at, ri.id`,
  );
}

/** How many answers (in any class) each item of the question is applied to. */
export async function countApplications(db: TDb, questionId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ itemId: answerRubricItems.itemId, n: sql<number>`count(*)::int` })
    .from(answerRubricItems)
    .innerJoin(rubricItems, eq(rubricItems.id, answerRubricItems.itemId))
    .where(eq(rubricItems.questionId, questionId))
    .groupBy(answerRubricItems.itemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.n)]));
}

export async function insertItem(
  tx: TDb,
  values: { schoolId: string; questionId: string; label: string; points: number; now: Date },
): Promise<void> {
  await tx.insert(rubricItems).values({
    schoolId: values.schoolId,
    questionId: values.questionId,
    label: values.label,
    points: values.points,
    position: sql`(select coalesce(max(${rubricItems.position}), 0) + 1 from ${rubricItems} where ${rubricItems.questionId} = ${values.questionId})`,
    createdAt: values.now,
    updatedAt: values.now,
  });
}

export async function updateItem(
  tx: TDb,
  questionId: string,
  itemId: string,
  values: { label?: string | undefined; points?: number | undefined; now: Date },
): Promise<void> {
  await tx
    .update(rubricItems)
    .set({
      ...(values.label !== undefined ? { label: values.label } : {}),
      ...(values.points !== undefined ? { points: values.points } : {}),
      updatedAt: values.now,
    })
    .where(and(eq(rubricItems.id, itemId), eq(rubricItems.questionId, questionId)));
}

/** Deletes the item (its applications go with it); returns the answers it was applied to. */
export async function deleteItem(tx: TDb, questionId: string, itemId: string): Promise<string[]> {
  const applied = await tx
    .select({ answerId: answerRubricItems.answerId })
    .from(answerRubricItems)
    .where(eq(answerRubricItems.itemId, itemId));
  await tx
    .delete(rubricItems)
    .where(and(eq(rubricItems.id, itemId), eq(rubricItems.questionId, questionId)));
  return applied.map((a) => a.answerId);
}

/** Sets each item's position from its place in `itemIds` (1-based). */
export async function reorderItems(
  tx: TDb,
  questionId: string,
  itemIds: string[],
  now: Date,
): Promise<void> {
  if (itemIds.length === 0) return;
  const cases = sql.join(
    itemIds.map((id, i) => sql`when ${rubricItems.id} = ${id} then ${i + 1}::int`),
    sql` `,
  );
  await tx
    .update(rubricItems)
    .set({ position: sql`case ${cases} end`, updatedAt: now })
    .where(and(eq(rubricItems.questionId, questionId), inArray(rubricItems.id, itemIds)));
}

/** The answers an item is applied to. */
export async function selectAnswersOfItem(tx: TDb, itemId: string): Promise<string[]> {
  const rows = await tx
    .select({ answerId: answerRubricItems.answerId })
    .from(answerRubricItems)
    .where(eq(answerRubricItems.itemId, itemId));
  return rows.map((r) => r.answerId);
}

export type TRescoreRow = {
  answerId: string;
  submissionId: string;
  marks: number;
  score: number | null;
  status: 'pending' | 'marked' | 'failed';
  /** When a teacher reviewed it (an answer with items applied is reviewed), or null. */
  reviewedAt: Date | null;
  /** The points of the items applied to it now, added up. */
  points: number;
};

/** These answers of the school with the sum of their applied items' points, in one statement. */
export async function selectItemSums(
  tx: TDb,
  schoolId: string,
  answerIds: string[],
): Promise<TRescoreRow[]> {
  if (answerIds.length === 0) return [];
  const rows = await tx
    .select({
      answerId: submissionAnswers.id,
      submissionId: submissionAnswers.submissionId,
      marks: submissionAnswers.marks,
      score: submissionAnswers.score,
      status: submissions.status,
      reviewedAt: submissionAnswers.reviewedAt,
      points: sql<number>`(select coalesce(sum(${rubricItems.points}), 0)::int from ${answerRubricItems} join ${rubricItems} on ${rubricItems.id} = ${answerRubricItems.itemId} where ${answerRubricItems.answerId} = ${submissionAnswers.id})`,
    })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .where(and(eq(submissions.schoolId, schoolId), inArray(submissionAnswers.id, answerIds)))
    .orderBy(asc(submissionAnswers.id));
  return rows.map((r) => ({ ...r, points: Number(r.points) }));
}

export type TClassAnswerRef = { answerId: string; submissionId: string };

/** The answer if it answers the question in the class (any of its students' submissions). */
export async function findAnswerInClass(
  db: TDb,
  schoolId: string,
  classId: string,
  questionId: string,
  answerId: string,
): Promise<TClassAnswerRef | null> {
  const [row] = await db
    .select({ answerId: submissionAnswers.id, submissionId: submissionAnswers.submissionId })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .where(
      and(
        eq(submissionAnswers.id, answerId),
        eq(submissionAnswers.questionId, questionId),
        eq(submissions.classId, classId),
        eq(submissions.schoolId, schoolId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Replaces the items applied to an answer. */
export async function setApplied(
  tx: TDb,
  values: { schoolId: string; answerId: string; itemIds: string[]; actorId: string; now: Date },
): Promise<void> {
  await tx.delete(answerRubricItems).where(eq(answerRubricItems.answerId, values.answerId));
  if (values.itemIds.length === 0) return;
  await tx.insert(answerRubricItems).values(
    values.itemIds.map((itemId) => ({
      answerId: values.answerId,
      itemId,
      schoolId: values.schoolId,
      appliedBy: values.actorId,
      createdAt: values.now,
    })),
  );
}

// Saved comments.

export type TSavedCommentRow = { id: string; text: string; createdAt: Date };

export function selectSavedComments(
  db: TDb,
  schoolId: string,
  questionId: string,
  teacherId: string,
): Promise<TSavedCommentRow[]> {
  return db
    .select({ id: savedComments.id, text: savedComments.text, createdAt: savedComments.createdAt })
    .from(savedComments)
    .where(
      and(
        eq(savedComments.questionId, questionId),
        eq(savedComments.teacherId, teacherId),
        eq(savedComments.schoolId, schoolId),
      ),
    )
    .orderBy(asc(savedComments.createdAt), asc(savedComments.id));
}

export async function insertSavedComment(
  tx: TDb,
  values: { schoolId: string; questionId: string; teacherId: string; text: string; now: Date },
): Promise<void> {
  await tx.insert(savedComments).values({
    schoolId: values.schoolId,
    questionId: values.questionId,
    teacherId: values.teacherId,
    text: values.text,
    createdAt: values.now,
  });
}

export async function deleteSavedComment(
  db: TDb,
  values: { schoolId: string; questionId: string; teacherId: string; commentId: string },
): Promise<boolean> {
  const rows = await db
    .delete(savedComments)
    .where(
      and(
        eq(savedComments.id, values.commentId),
        eq(savedComments.questionId, values.questionId),
        eq(savedComments.teacherId, values.teacherId),
        eq(savedComments.schoolId, values.schoolId),
      ),
    )
    .returning({ id: savedComments.id });
  return rows.length > 0;
}

// Re-marking under the current rubric.

/**
 * Sends these answers back to the marker under the question's current rubric: their snapshot
 * becomes the question as it is now and their rubric version is cleared (a marking run marks only
 * such answers), and their submissions go back to pending. Only answers still marked, unreviewed
 * and (with a `version`) under another rubric are taken. Returns how many answers, and the submissions to queue.
 */
export async function reopenForRemark(
  tx: TDb,
  values: {
    schoolId: string;
    answerIds: string[];
    question: TQuestionOfClass;
    /** Only answers marked under another rubric than this; null: whatever rubric. */
    version: string | null;
    now: Date;
  },
): Promise<{ answers: number; submissionIds: string[] }> {
  if (values.answerIds.length === 0) return { answers: 0, submissionIds: [] };
  const { question, now } = values;
  const reopened = await tx
    .update(submissionAnswers)
    .set({
      questionText: question.question,
      marks: question.marks,
      lowMarkRange: question.lowMarkRange,
      highMarkRange: question.highMarkRange,
      rubric: question.rubric,
      referenceAnswer: question.referenceAnswer,
      rubricVersion: null,
      updatedAt: now,
    })
    .where(
      and(
        inArray(submissionAnswers.id, values.answerIds),
        isNull(submissionAnswers.reviewedAt),
        values.version === null ? undefined : ne(submissionAnswers.rubricVersion, values.version),
        sql`exists (select 1 from ${submissions} where ${submissions.id} = ${submissionAnswers.submissionId} and ${submissions.schoolId} = ${values.schoolId} and ${submissions.status} = 'marked')`,
      ),
    )
    .returning({ submissionId: submissionAnswers.submissionId });
  const ids = [...new Set(reopened.map((r) => r.submissionId))];
  if (ids.length === 0) return { answers: 0, submissionIds: [] };
  await tx
    .update(submissions)
    .set({ status: 'pending', markingStartedAt: null, updatedAt: now })
    .where(and(inArray(submissions.id, ids), eq(submissions.schoolId, values.schoolId)));
  return { answers: reopened.length, submissionIds: ids };
}
