import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  classQuestions,
  regradeRequests,
  submissionAnswers,
  submissions,
  users,
} from '../../db/schema';

/** A submission's answers with what the re-mark rules read (the class-question's release, deadline). */
export type TRegradeAnswerRow = {
  id: string;
  marks: number;
  score: number | null;
  feedbackHeld: boolean;
  reviewedAt: Date | null;
  releasedAt: Date | null;
  teacherDeadline: Date | null;
};

export async function selectRegradeAnswers(
  db: TDb,
  schoolId: string,
  submissionId: string,
): Promise<TRegradeAnswerRow[]> {
  return db
    .select({
      id: submissionAnswers.id,
      marks: submissionAnswers.marks,
      score: submissionAnswers.score,
      feedbackHeld: submissionAnswers.feedbackHeld,
      reviewedAt: submissionAnswers.reviewedAt,
      releasedAt: classQuestions.releasedAt,
      teacherDeadline: classQuestions.regradeDeadline,
    })
    .from(submissionAnswers)
    .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
    .leftJoin(
      classQuestions,
      and(
        eq(classQuestions.classId, submissions.classId),
        eq(classQuestions.questionId, submissionAnswers.questionId),
      ),
    )
    .where(and(eq(submissions.id, submissionId), eq(submissions.schoolId, schoolId)))
    .orderBy(asc(submissionAnswers.position), asc(submissionAnswers.id));
}

/** Locks the answer's row so two requests for one answer are decided one after the other. */
export async function lockAnswer(tx: TDb, answerId: string): Promise<void> {
  await tx
    .select({ id: submissionAnswers.id })
    .from(submissionAnswers)
    .where(eq(submissionAnswers.id, answerId))
    .for('update');
}

export async function answerHasRequest(db: TDb, answerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: regradeRequests.id })
    .from(regradeRequests)
    .where(eq(regradeRequests.answerId, answerId))
    .limit(1);
  return row !== undefined;
}

export async function insertRequest(
  tx: TDb,
  values: {
    schoolId: string;
    answerId: string;
    submissionId: string;
    studentId: string;
    teacherId: string | null;
    reason: string;
    scoreBefore: number | null;
    now: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(regradeRequests)
    .values({
      schoolId: values.schoolId,
      answerId: values.answerId,
      submissionId: values.submissionId,
      studentId: values.studentId,
      teacherId: values.teacherId,
      reason: values.reason,
      scoreBefore: values.scoreBefore,
      createdAt: values.now,
    })
    .returning({ id: regradeRequests.id });
  if (!row) throw new Error('regrade request not inserted');
  return row.id;
}

export type TRegradeRow = {
  id: string;
  schoolId: string;
  answerId: string;
  submissionId: string;
  studentId: string;
  studentName: string;
  studentEmail: string;
  status: 'open' | 'answered';
  reason: string;
  createdAt: Date;
  scoreBefore: number | null;
  scoreAfter: number | null;
  reply: string | null;
  answeredAt: Date | null;
  answeredByName: string | null;
  question: string;
  answer: string;
  marks: number;
  score: number | null;
  className: string | null;
};

const answeredBy = sql<
  string | null
>`(select ${users.name} from ${users} where ${users.id} = ${regradeRequests.answeredBy})`;

function selectRegrades(db: TDb) {
  return db
    .select({
      id: regradeRequests.id,
      schoolId: regradeRequests.schoolId,
      answerId: regradeRequests.answerId,
      submissionId: regradeRequests.submissionId,
      studentId: regradeRequests.studentId,
      studentName: users.name,
      studentEmail: users.email,
      status: regradeRequests.status,
      reason: regradeRequests.reason,
      createdAt: regradeRequests.createdAt,
      scoreBefore: regradeRequests.scoreBefore,
      scoreAfter: regradeRequests.scoreAfter,
      reply: regradeRequests.reply,
      answeredAt: regradeRequests.answeredAt,
      answeredByName: answeredBy,
      question: submissionAnswers.questionText,
      answer: submissionAnswers.answer,
      marks: submissionAnswers.marks,
      score: submissionAnswers.score,
      className: submissions.className,
    })
    .from(regradeRequests)
    .innerJoin(users, eq(users.id, regradeRequests.studentId))
    .innerJoin(submissionAnswers, eq(submissionAnswers.id, regradeRequests.answerId))
    .innerJoin(submissions, eq(submissions.id, regradeRequests.submissionId));
}

/** A submission's re-mark requests (at most one per answer). */
export async function selectSubmissionRegrades(
  db: TDb,
  schoolId: string,
  submissionId: string,
): Promise<TRegradeRow[]> {
  return selectRegrades(db)
    .where(
      and(eq(regradeRequests.schoolId, schoolId), eq(regradeRequests.submissionId, submissionId)),
    )
    .orderBy(asc(submissionAnswers.position));
}

/** The most a teacher's list shows at once (open ones first, so none is ever hidden behind). */
export const REGRADE_LIST_LIMIT = 200;

/** A teacher's requests: open ones first, oldest first; with `all`, the answered ones after. */
export async function selectTeacherRegrades(
  db: TDb,
  schoolId: string,
  teacherId: string,
  all: boolean,
): Promise<TRegradeRow[]> {
  return selectRegrades(db)
    .where(
      and(
        eq(regradeRequests.schoolId, schoolId),
        eq(regradeRequests.teacherId, teacherId),
        all ? undefined : eq(regradeRequests.status, 'open'),
      ),
    )
    .orderBy(desc(sql`${regradeRequests.status} = 'open'`), asc(regradeRequests.createdAt))
    .limit(REGRADE_LIST_LIMIT);
}

export async function countOpenRegrades(
  db: TDb,
  schoolId: string,
  teacherId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(regradeRequests)
    .where(
      and(
        eq(regradeRequests.schoolId, schoolId),
        eq(regradeRequests.teacherId, teacherId),
        eq(regradeRequests.status, 'open'),
      ),
    );
  return row?.n ?? 0;
}

export async function findRegrade(
  db: TDb,
  schoolId: string,
  requestId: string,
): Promise<TRegradeRow | null> {
  const [row] = await selectRegrades(db)
    .where(and(eq(regradeRequests.schoolId, schoolId), eq(regradeRequests.id, requestId)))
    .limit(1);
  return row ?? null;
}

/** Answers an open request; false when it was answered already (a second reply at once). */
export async function markAnswered(
  tx: TDb,
  values: {
    requestId: string;
    actorId: string;
    reply: string | null;
    scoreAfter: number;
    now: Date;
  },
): Promise<boolean> {
  const rows = await tx
    .update(regradeRequests)
    .set({
      status: 'answered',
      reply: values.reply,
      scoreAfter: values.scoreAfter,
      answeredBy: values.actorId,
      answeredAt: values.now,
    })
    .where(and(eq(regradeRequests.id, values.requestId), eq(regradeRequests.status, 'open')))
    .returning({ id: regradeRequests.id });
  return rows.length > 0;
}

/** The answer's teacher comment as it stands (a re-mark reply keeps it). */
export async function selectAnswerComment(db: TDb, answerId: string): Promise<string | null> {
  const [row] = await db
    .select({ comment: submissionAnswers.teacherFeedback })
    .from(submissionAnswers)
    .where(eq(submissionAnswers.id, answerId));
  return row?.comment ?? null;
}
