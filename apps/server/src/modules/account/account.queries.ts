import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  auditLog,
  classes,
  classStudents,
  questions,
  regradeRequests,
  savedComments,
  schools,
  submissionAnswers,
  submissions,
  users,
} from '../../db/schema';

/**
 * The person's own data, read for their copy (a right under the privacy notice). It reads across the
 * teaching tables on purpose: the export is the one place that gathers everything about one person.
 */
export async function selectAccount(db: TDb, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      permissions: users.permissions,
      passwordHash: users.passwordHash,
      schoolId: users.schoolId,
      school: schools.name,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function selectEnrolledClassNames(db: TDb, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: classes.name })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(eq(classStudents.studentId, userId))
    .orderBy(asc(classes.name));
  return rows.map((r) => r.name);
}

export async function selectTaughtClassNames(db: TDb, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: classes.name })
    .from(classes)
    .where(eq(classes.teacherId, userId))
    .orderBy(asc(classes.name));
  return rows.map((r) => r.name);
}

export function selectOwnQuestions(db: TDb, userId: string) {
  return db
    .select({
      question: questions.question,
      marks: questions.marks,
      lowMarkRange: questions.lowMarkRange,
      highMarkRange: questions.highMarkRange,
      rubric: questions.rubric,
      createdAt: questions.createdAt,
    })
    .from(questions)
    .where(eq(questions.teacherId, userId))
    .orderBy(asc(questions.createdAt));
}

/** The person's saved comments for marking (issue 27), with their question's text. */
export function selectOwnSavedComments(db: TDb, userId: string) {
  return db
    .select({
      question: questions.question,
      text: savedComments.text,
      createdAt: savedComments.createdAt,
    })
    .from(savedComments)
    .innerJoin(questions, eq(questions.id, savedComments.questionId))
    .where(eq(savedComments.teacherId, userId))
    .orderBy(asc(savedComments.createdAt), asc(savedComments.id));
}

/** A student's submissions with their answers (two queries, not one per submission). */
export async function selectOwnSubmissions(db: TDb, userId: string) {
  const subs = await db
    .select({
      id: submissions.id,
      className: submissions.className,
      submittedAt: submissions.submittedAt,
      status: submissions.status,
      totalScore: submissions.totalScore,
      totalMarks: submissions.totalMarks,
      feedbackHeld: submissions.feedbackHeld,
    })
    .from(submissions)
    .where(eq(submissions.studentId, userId))
    .orderBy(asc(submissions.submittedAt), asc(submissions.id));
  const answers = subs.length
    ? await db
        .select({
          submissionId: submissionAnswers.submissionId,
          question: submissionAnswers.questionText,
          marks: submissionAnswers.marks,
          answer: submissionAnswers.answer,
          score: submissionAnswers.score,
          feedback: submissionAnswers.feedback,
          teacherComment: submissionAnswers.teacherFeedback,
          markedBy: submissionAnswers.markedBy,
          feedbackHeld: submissionAnswers.feedbackHeld,
          regradeReason: regradeRequests.reason,
          regradeStatus: regradeRequests.status,
          regradeAt: regradeRequests.createdAt,
          regradeReply: regradeRequests.reply,
        })
        .from(submissionAnswers)
        .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
        .leftJoin(regradeRequests, eq(regradeRequests.answerId, submissionAnswers.id))
        .where(eq(submissions.studentId, userId))
        .orderBy(asc(submissionAnswers.submissionId), asc(submissionAnswers.position))
    : [];
  return { subs, answers };
}

export function selectOwnActivity(db: TDb, userId: string) {
  return db
    .select({ action: auditLog.action, targetType: auditLog.targetType, at: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.actorId, userId))
    .orderBy(asc(auditLog.createdAt));
}

/** How many classes the person teaches and questions they own (a teacher must hand them over first). */
export async function countOwnedWork(db: TDb, userId: string) {
  const [taught] = await db
    .select({ n: count() })
    .from(classes)
    .where(eq(classes.teacherId, userId));
  const [owned] = await db
    .select({ n: count() })
    .from(questions)
    .where(eq(questions.teacherId, userId));
  return { classes: Number(taught?.n ?? 0), questions: Number(owned?.n ?? 0) };
}

/** Deletes a student or teacher; submissions, enrolments and tokens go by the foreign keys. */
export async function deleteAccountRows(db: TDb, userId: string) {
  const [subs] = await db
    .select({ n: count() })
    .from(submissions)
    .where(eq(submissions.studentId, userId));
  const [enrolled] = await db
    .select({ n: count() })
    .from(classStudents)
    .where(eq(classStudents.studentId, userId));
  await db
    .delete(users)
    .where(and(eq(users.id, userId), inArray(users.role, ['student', 'teacher'])));
  return { submissions: Number(subs?.n ?? 0), classes: Number(enrolled?.n ?? 0) };
}
