import { QUESTION_PAGE_SIZE } from '@stem/contract/limits-teaching';
import { MESSAGES } from '@stem/contract/messages';
import type {
  TCreateQuestionRequest,
  TGenerateRubricRequest,
  TQuestion,
  TQuestionListQuery,
  TQuestionListResponse,
  TStudentQuestion,
  TUpdateQuestionRequest,
} from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AiError } from '../../adapters/ai/port';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { requireEnrolledClass, requireTeacherClass } from '../classes/classes.access';
import type { TClassRow } from '../classes/classes.queries';
import { generateRubric, type TGeneratedRubric } from '../rubrics/rubric.service';
import { endHold } from '../submissions/submissions.held';
import {
  assertSchoolCanCreate,
  assertTrialAllowsCreate,
} from '../trial-limits/trial-limits.service';
import {
  canManageQuestion,
  isOwnTeacherId,
  normaliseRange,
  questionProblem,
  rubricRequestProblem,
  type TQuestionProblem,
} from './questions.policy';
import { presentQuestion, presentStudentQuestion } from './questions.presenter';
import * as queries from './questions.queries';

function schoolOf(user: TAccessClaims): string {
  if (!user.schoolId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  return user.schoolId;
}

const questionNotFound = () => new AppError('NOT_FOUND', MESSAGES.questions.notFound);

function rejectProblem(problem: TQuestionProblem | null): void {
  if (problem) {
    throw new AppError('VALIDATION', problem.message, { field: problem.field });
  }
}

/** Validated and normalised values of a question form (400 naming the field otherwise). */
function questionValues(input: TUpdateQuestionRequest): queries.TQuestionValues {
  rejectProblem(questionProblem(input));
  return {
    question: input.question,
    marks: input.marks,
    lowMarkRange: normaliseRange(input.lowMarkRange),
    highMarkRange: normaliseRange(input.highMarkRange),
    rubric: input.rubric,
    ...(input.holdFeedback !== undefined ? { holdFeedback: input.holdFeedback } : {}),
  };
}

/** The teacher's own question, or 404 (another teacher's is "not found" too). */
async function requireOwnQuestion(
  db: TDb,
  user: TAccessClaims,
  questionId: string,
): Promise<queries.TQuestionRow> {
  const row = await queries.findTeacherQuestion(db, schoolOf(user), user.userId, questionId);
  if (!row || !canManageQuestion(user, row)) throw questionNotFound();
  return row;
}

/**
 * GET /question/questions/teacher/{teacherId}: a keyset page of the caller's questions in the chosen
 * order (newest first by default), searched by text, with the whole and the matched counts.
 */
export async function listTeacherQuestions(
  db: TDb,
  user: TAccessClaims,
  teacherId: string,
  query: TQuestionListQuery,
): Promise<TQuestionListResponse> {
  if (teacherId !== user.userId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  const schoolId = schoolOf(user);
  const q = (query.q ?? '').toLowerCase();
  const [page, total, matched] = await Promise.all([
    queries.selectTeacherQuestionPage(
      db,
      schoolId,
      user.userId,
      { sort: query.sort ?? 'createdAt-desc', q },
      { cursor: query.cursor, limit: query.limit ?? QUESTION_PAGE_SIZE },
    ),
    queries.countTeacherQuestions(db, schoolId, user.userId),
    q ? queries.countTeacherQuestions(db, schoolId, user.userId, q) : null,
  ]);
  return {
    success: true,
    data: page.rows.map(presentQuestion),
    page: { nextCursor: page.nextCursor, total, matched: matched ?? total },
  };
}

/** The questions of a class its teacher may see (the caller has already checked the class). */
export async function listQuestionsOfClass(db: TDb, cls: TClassRow): Promise<TQuestion[]> {
  const rows = await queries.selectClassQuestions(db, cls.schoolId, cls.id);
  return rows.map(presentQuestion);
}

/** The questions of a class as an enrolled student sees them (the class has been checked). */
export async function listStudentQuestionsOfClass(
  db: TDb,
  cls: TClassRow,
): Promise<TStudentQuestion[]> {
  const rows = await queries.selectClassStudentQuestions(db, cls.schoolId, cls.id);
  return rows.map(presentStudentQuestion);
}

/**
 * GET /question/questions/class/{classId}: the class's teacher gets the full questions, an enrolled
 * student the questions without rubric or ranges; anyone else 404.
 */
export async function listClassQuestionsForRole(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<TQuestion[] | TStudentQuestion[]> {
  if (user.role === 'student') {
    return listStudentQuestionsOfClass(db, await requireEnrolledClass(db, user, classId));
  }
  return listQuestionsOfClass(db, await requireTeacherClass(db, user, classId));
}

/** GET /question/questions/{id}: one of the teacher's own questions. */
export async function getQuestion(
  db: TDb,
  user: TAccessClaims,
  questionId: string,
): Promise<TQuestion> {
  return presentQuestion(await requireOwnQuestion(db, user, questionId));
}

/**
 * Creates a question for the caller. The ranges and both rubric sections are checked first; the
 * trial limit (3 questions) is checked under a lock on the teacher's row in the inserting transaction.
 */
export async function createQuestion(
  ctx: TAppContext,
  user: TAccessClaims,
  input: TCreateQuestionRequest,
): Promise<TQuestion> {
  if (!isOwnTeacherId(user, input.teacherId)) {
    throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden, { field: 'teacherId' });
  }
  const values = questionValues(input);
  const schoolId = schoolOf(user);
  const now = ctx.now();
  const questionId = await ctx.db.transaction(async (tx) => {
    await assertTrialAllowsCreate(tx, user, 'questions', now);
    return queries.insertQuestion(tx, { ...values, schoolId, teacherId: user.userId, now });
  });
  return getQuestion(ctx.db, user, questionId);
}

/** PUT /question/questions/{id}: the same checks as create, on the teacher's own question. */
export async function updateQuestion(
  ctx: TAppContext,
  user: TAccessClaims,
  questionId: string,
  input: TUpdateQuestionRequest,
): Promise<TQuestion> {
  const before = await requireOwnQuestion(ctx.db, user, questionId);
  const values = questionValues(input);
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const done = await queries.updateTeacherQuestion(tx, schoolOf(user), user.userId, questionId, {
      ...values,
      now,
    });
    // Holding turned off: what was held waits no longer (feedback is instant again, issue 18).
    if (done && before.holdFeedback && values.holdFeedback === false) {
      await endHold(tx, before.schoolId, { kind: 'review', questionId }, now);
    }
    return done;
  });
  if (!updated) throw questionNotFound();
  return getQuestion(ctx.db, user, questionId);
}

/** Deletes the teacher's own question; submissions keep their snapshot of it. */
export async function deleteQuestion(
  db: TDb,
  user: TAccessClaims,
  questionId: string,
): Promise<void> {
  const deleted = await queries.deleteTeacherQuestion(db, schoolOf(user), user.userId, questionId);
  if (!deleted) throw questionNotFound();
}

/**
 * Adds the teacher's question to the teacher's class. Idempotent: adding it again changes nothing
 * and succeeds the same way (the web app only needs to know it is there).
 */
export async function addQuestionToClass(
  ctx: TAppContext,
  user: TAccessClaims,
  input: { questionId: string; classId: string },
): Promise<void> {
  const cls = await requireTeacherClass(ctx.db, user, input.classId);
  const question = await requireOwnQuestion(ctx.db, user, input.questionId);
  await assertSchoolCanCreate(ctx.db, user, ctx.now());
  await queries.insertClassQuestion(ctx.db, cls.id, question.id, ctx.now());
}

/** Removes the teacher's question from the teacher's class (no error if it was not there). */
export async function removeQuestionFromClass(
  db: TDb,
  user: TAccessClaims,
  input: { questionId: string; classId: string },
): Promise<void> {
  const cls = await requireTeacherClass(db, user, input.classId);
  const question = await requireOwnQuestion(db, user, input.questionId);
  await queries.deleteClassQuestion(db, cls.id, question.id);
}

/**
 * Writes a two-band rubric for the question form (the server-built replacement of the browser's
 * AI proxy). Ranges are checked first with the spec's messages; a failing AI provider answers 502.
 */
export async function writeRubric(
  ctx: TAppContext,
  input: TGenerateRubricRequest,
): Promise<TGeneratedRubric> {
  rejectProblem(rubricRequestProblem(input));
  try {
    return await generateRubric(input, ctx.ai);
  } catch (error) {
    if (error instanceof AiError) {
      ctx.logger.warn({ err: error, kind: error.kind }, 'rubric generation failed');
      throw new AppError('AI_UNAVAILABLE', MESSAGES.questions.generateFailed);
    }
    throw error;
  }
}

/** How many questions each of these teachers of the school owns (the admin's deletion check). */
export function countQuestionsOfTeachers(
  db: TDb,
  schoolId: string,
  teacherIds: string[],
): Promise<Map<string, number>> {
  return queries.countQuestionsByTeacher(db, schoolId, teacherIds);
}
