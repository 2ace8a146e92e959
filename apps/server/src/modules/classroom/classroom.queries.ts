import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { deleteStatesExpiredBefore as deleteExpiredStates, spendState } from '../../db/single-use';
import {
  classQuestions,
  classroomCourseWorks,
  classroomGrants,
  classroomLinks,
  classroomOauthStates,
  questions,
} from '../../db/schema';

/** Every table access of Google Classroom (issue 29). Callers pass `db` or a transaction. */

export type TClassroomStateRow = typeof classroomOauthStates.$inferSelect;
export type TClassroomLinkRow = typeof classroomLinks.$inferSelect;

export async function insertState(
  db: TDb,
  values: Omit<typeof classroomOauthStates.$inferInsert, 'id' | 'usedAt'>,
): Promise<void> {
  await db.insert(classroomOauthStates).values(values);
}

/**
 * Spends a started connection and returns it, in one statement: only a live, unused state started
 * by this teacher comes back, and of two callers presenting it only one gets it (a replay gets null).
 */
export function consumeState(
  db: TDb,
  stateHash: string,
  teacherId: string,
  now: Date,
): Promise<TClassroomStateRow | null> {
  return spendState(
    db,
    classroomOauthStates,
    stateHash,
    now,
    eq(classroomOauthStates.teacherId, teacherId),
  );
}

/** Deletes started connections that expired before `before`; returns how many. */
export function deleteStatesExpiredBefore(db: TDb, before: Date): Promise<number> {
  return deleteExpiredStates(db, classroomOauthStates, before);
}

export async function findGrant(
  db: TDb,
  teacherId: string,
): Promise<{ refreshTokenSealed: string } | null> {
  const rows = await db
    .select({ refreshTokenSealed: classroomGrants.refreshTokenSealed })
    .from(classroomGrants)
    .where(eq(classroomGrants.teacherId, teacherId))
    .limit(1);
  return rows[0] ?? null;
}

export async function upsertGrant(
  db: TDb,
  values: { teacherId: string; refreshTokenSealed: string; scope: string; now: Date },
): Promise<void> {
  const { now, ...row } = values;
  await db
    .insert(classroomGrants)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: classroomGrants.teacherId,
      set: { refreshTokenSealed: row.refreshTokenSealed, scope: row.scope, updatedAt: now },
    });
}

export async function deleteGrant(db: TDb, teacherId: string): Promise<void> {
  await db.delete(classroomGrants).where(eq(classroomGrants.teacherId, teacherId));
}

export async function findLink(db: TDb, classId: string): Promise<TClassroomLinkRow | null> {
  const rows = await db
    .select()
    .from(classroomLinks)
    .where(eq(classroomLinks.classId, classId))
    .limit(1);
  return rows[0] ?? null;
}

export async function upsertLink(
  db: TDb,
  values: { classId: string; courseId: string; courseName: string; linkedBy: string; now: Date },
): Promise<void> {
  const { now, ...row } = values;
  await db
    .insert(classroomLinks)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: classroomLinks.classId,
      set: {
        courseId: row.courseId,
        courseName: row.courseName,
        linkedBy: row.linkedBy,
        createdAt: now,
        updatedAt: now,
      },
    });
}

export async function deleteLink(db: TDb, classId: string): Promise<boolean> {
  const rows = await db
    .delete(classroomLinks)
    .where(eq(classroomLinks.classId, classId))
    .returning({ classId: classroomLinks.classId });
  return rows.length > 0;
}

/** The coursework made for the class's questions and tests in a course. */
export async function selectCourseWorks(db: TDb, classId: string, courseId: string) {
  return db
    .select({
      questionId: classroomCourseWorks.questionId,
      testId: classroomCourseWorks.testId,
      courseWorkId: classroomCourseWorks.courseWorkId,
      pushedAt: classroomCourseWorks.pushedAt,
    })
    .from(classroomCourseWorks)
    .where(
      and(eq(classroomCourseWorks.classId, classId), eq(classroomCourseWorks.courseId, courseId)),
    )
    .orderBy(asc(classroomCourseWorks.pushedAt));
}

/** Records the coursework of a question or (testId) a test: one per class, target and course. */
export async function upsertCourseWork(
  db: TDb,
  values: {
    classId: string;
    courseId: string;
    courseWorkId: string;
    pushedAt: Date;
  } & ({ questionId: string; testId: null } | { questionId: null; testId: string }),
): Promise<void> {
  const c = classroomCourseWorks;
  await db
    .insert(c)
    .values({ ...values, createdAt: values.pushedAt })
    .onConflictDoUpdate({
      target: values.testId
        ? [c.classId, c.testId, c.courseId]
        : [c.classId, c.questionId, c.courseId],
      set: { courseWorkId: values.courseWorkId, pushedAt: values.pushedAt },
    });
}

/** A question set in the class, or null. */
export async function findClassQuestion(db: TDb, classId: string, questionId: string) {
  const rows = await db
    .select({ id: questions.id, question: questions.question, marks: questions.marks })
    .from(classQuestions)
    .innerJoin(questions, eq(questions.id, classQuestions.questionId))
    .where(and(eq(classQuestions.classId, classId), eq(classQuestions.questionId, questionId)))
    .limit(1);
  return rows[0] ?? null;
}
