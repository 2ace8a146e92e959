import { and, asc, eq, sql } from 'drizzle-orm';
import type { TReleaseMode } from '@stem/contract/regrades';
import type { TDb } from '../../db/client';
import {
  classQuestions,
  questions,
  regradeRequests,
  submissionAnswers,
  submissions,
} from '../../db/schema';

export type TQuestionMarkingRow = {
  questionId: string;
  question: string;
  releaseMode: TReleaseMode;
  releasedAt: Date | null;
  regradeDeadline: Date | null;
  heldCount: number;
  markedCount: number;
  openRequests: number;
};

/** Each question of a class of the school with its release state and counts, in the class's order. */
export async function selectClassMarking(
  db: TDb,
  schoolId: string,
  classId: string,
  questionId?: string,
): Promise<TQuestionMarkingRow[]> {
  const ofClassQuestion = sql`${submissions.classId} = ${classQuestions.classId} and ${submissions.schoolId} = ${schoolId} and ${submissionAnswers.questionId} = ${classQuestions.questionId}`;
  return db
    .select({
      questionId: classQuestions.questionId,
      question: questions.question,
      releaseMode: classQuestions.releaseMode,
      releasedAt: classQuestions.releasedAt,
      regradeDeadline: classQuestions.regradeDeadline,
      heldCount: sql<number>`(select count(*)::int from ${submissionAnswers} join ${submissions} on ${submissions.id} = ${submissionAnswers.submissionId} where ${ofClassQuestion} and ${submissionAnswers.releaseHeld})`,
      markedCount: sql<number>`(select count(*)::int from ${submissionAnswers} join ${submissions} on ${submissions.id} = ${submissionAnswers.submissionId} where ${ofClassQuestion} and ${submissionAnswers.score} is not null)`,
      openRequests: sql<number>`(select count(*)::int from ${regradeRequests} join ${submissionAnswers} on ${submissionAnswers.id} = ${regradeRequests.answerId} join ${submissions} on ${submissions.id} = ${submissionAnswers.submissionId} where ${ofClassQuestion} and ${regradeRequests.status} = 'open')`,
    })
    .from(classQuestions)
    .innerJoin(questions, eq(questions.id, classQuestions.questionId))
    .where(
      and(
        eq(classQuestions.classId, classId),
        eq(questions.schoolId, schoolId),
        questionId ? eq(classQuestions.questionId, questionId) : undefined,
      ),
    )
    .orderBy(asc(classQuestions.position), asc(classQuestions.createdAt), asc(questions.id));
}

/** How each question of the class releases its marks (questions at 'instant' may be left out). */
export async function selectReleaseModes(
  db: TDb,
  classId: string,
): Promise<Map<string, TReleaseMode>> {
  const rows = await db
    .select({ questionId: classQuestions.questionId, releaseMode: classQuestions.releaseMode })
    .from(classQuestions)
    .where(eq(classQuestions.classId, classId));
  return new Map(rows.map((r) => [r.questionId, r.releaseMode]));
}

/** Changes a class-question's settings; false when the question is not in the class. */
export async function updateClassQuestion(
  tx: TDb,
  classId: string,
  questionId: string,
  values: { releaseMode?: TReleaseMode; regradeDeadline?: Date | null; releasedAt?: Date },
): Promise<boolean> {
  if (Object.keys(values).length === 0) {
    const [row] = await tx
      .select({ questionId: classQuestions.questionId })
      .from(classQuestions)
      .where(and(eq(classQuestions.classId, classId), eq(classQuestions.questionId, questionId)));
    return row !== undefined;
  }
  const rows = await tx
    .update(classQuestions)
    .set(values)
    .where(and(eq(classQuestions.classId, classId), eq(classQuestions.questionId, questionId)))
    .returning({ questionId: classQuestions.questionId });
  return rows.length > 0;
}
