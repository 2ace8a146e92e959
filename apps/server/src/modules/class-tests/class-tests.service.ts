import type {
  TClassTest,
  TClassTestInput,
  TClassTestResults,
  TClassTestStudentResult,
} from '@stem/contract/class-tests';
import { MESSAGES } from '@stem/contract/messages';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { requireEnrolledClass, requireTeacherClass } from '../classes/classes.access';
import type { TClassRow } from '../classes/classes.queries';
import { requireClassForReader } from '../classes/classes.school';
import { isClassScanOpen } from '../scans/scans.booklets';
import { questionsOutsideClass, testTotal, type TMarkCell } from './class-tests.policy';
import { presentTest } from './class-tests.presenter';
import * as queries from './class-tests.queries';

/**
 * A class's tests (issues 28, 29): a teacher's named, ordered set of the class's questions. The
 * class's teacher creates, edits and deletes them; the school's admin reads them and their results;
 * an enrolled student reads one (an LMS link opens it). Booklets (scans), Google Classroom and LTI
 * take a test through `findClassTest` and sum its marks through `latestMarks`.
 */

const M = MESSAGES.classTests;
const testNotFound = () => new AppError('NOT_FOUND', M.notFound);

/** The test of the class, presented, or null. The class has been checked by the caller. */
export async function findClassTest(
  db: TDb,
  cls: Pick<TClassRow, 'id' | 'schoolId'>,
  testId: string,
): Promise<TClassTest | null> {
  const row = await queries.findClassTest(db, cls.schoolId, cls.id, testId);
  if (!row) return null;
  return presentTest(row, await queries.selectTestQuestions(db, [row.id]));
}

/** The tests of these classes of the school (checked by the caller), presented. */
export async function testsOfClasses(
  db: TDb,
  schoolId: string,
  classIds: readonly string[],
): Promise<TClassTest[]> {
  const rows = await queries.selectTestsOfClasses(db, schoolId, classIds);
  const questions = await queries.selectTestQuestions(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentTest(row, questions));
}

async function requireTest(db: TDb, cls: TClassRow, testId: string): Promise<TClassTest> {
  const test = await findClassTest(db, cls, testId);
  if (!test) throw testNotFound();
  return test;
}

/** The chosen questions, refused (400 naming questionIds) unless every one is set in the class. */
async function assertClassQuestions(db: TDb, cls: TClassRow, questionIds: readonly string[]) {
  const found = await queries.selectClassQuestionIds(db, cls.id, questionIds);
  const outside = questionsOutsideClass(questionIds, found);
  if (outside.length > 0) {
    throw new AppError('VALIDATION', M.questionNotInClass(outside.length), {
      field: 'questionIds',
    });
  }
}

/** GET /class/{classId}/tests: the class's tests, newest first (its teacher, the school's admin). */
export async function listTests(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<TClassTest[]> {
  const cls = await requireClassForReader(db, user, classId);
  const rows = await queries.selectClassTests(db, cls.schoolId, cls.id);
  const questions = await queries.selectTestQuestions(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentTest(row, questions));
}

/** GET /class/{classId}/tests/{testId}: its teacher, the school's admin, or an enrolled student. */
export async function getTest(
  db: TDb,
  user: TAccessClaims,
  classId: string,
  testId: string,
): Promise<TClassTest> {
  const cls =
    user.role === 'student'
      ? await requireEnrolledClass(db, user, classId)
      : await requireClassForReader(db, user, classId);
  return requireTest(db, cls, testId);
}

/** POST /class/{classId}/tests: a new test of the teacher's own class. */
export async function createTest(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
  input: TClassTestInput,
): Promise<TClassTest> {
  const cls = await requireTeacherClass(ctx.db, user, classId);
  await assertClassQuestions(ctx.db, cls, input.questionIds);
  const now = ctx.now();
  const testId = await ctx.db.transaction(async (tx) => {
    const id = await queries.insertTest(tx, {
      schoolId: cls.schoolId,
      classId: cls.id,
      title: input.title,
      userId: user.userId,
      now,
    });
    await queries.replaceTestQuestions(tx, id, cls.id, input.questionIds);
    await recordAudit(tx, {
      schoolId: cls.schoolId,
      actorId: user.userId,
      action: 'test.created',
      targetType: 'test',
      targetId: id,
      after: { name: input.title, questions: input.questionIds.length },
    });
    return id;
  });
  return requireTest(ctx.db, cls, testId);
}

/** PUT /class/{classId}/tests/{testId}: a new title and question list (the teacher's own class). */
export async function updateTest(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
  testId: string,
  input: TClassTestInput,
): Promise<TClassTest> {
  const cls = await requireTeacherClass(ctx.db, user, classId);
  await assertClassQuestions(ctx.db, cls, input.questionIds);
  await ctx.db.transaction(async (tx) => {
    const row = await queries.findClassTest(tx, cls.schoolId, cls.id, testId, { lock: true });
    if (!row) throw testNotFound();
    await queries.updateTest(tx, row.id, {
      title: input.title,
      userId: user.userId,
      now: ctx.now(),
    });
    await queries.replaceTestQuestions(tx, row.id, cls.id, input.questionIds);
    await recordAudit(tx, {
      schoolId: cls.schoolId,
      actorId: user.userId,
      action: 'test.updated',
      targetType: 'test',
      targetId: row.id,
      before: { name: row.title },
      after: { name: input.title, questions: input.questionIds.length },
    });
  });
  return requireTest(ctx.db, cls, testId);
}

/**
 * DELETE /class/{classId}/tests/{testId}: the test, its booklet layouts, and its Classroom and LMS
 * links go (marks stay with each question). Refused (409) while a scan of the class is open: a batch
 * being read cuts its booklet pages with the test's layouts, and a page still waiting for the
 * teacher may be replaced by a re-scan, which is read the same way.
 */
export async function deleteTest(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
  testId: string,
): Promise<string> {
  const cls = await requireTeacherClass(ctx.db, user, classId);
  return ctx.db.transaction(async (tx) => {
    const row = await queries.findClassTest(tx, cls.schoolId, cls.id, testId, { lock: true });
    if (!row) throw testNotFound();
    if (await isClassScanOpen(tx, cls.schoolId, cls.id)) throw new AppError('CONFLICT', M.scanOpen);
    await queries.deleteTest(tx, row.id);
    await recordAudit(tx, {
      schoolId: cls.schoolId,
      actorId: user.userId,
      action: 'test.deleted',
      targetType: 'test',
      targetId: row.id,
      before: { name: row.title },
    });
    return row.title;
  });
}

export type TStudentMarks = {
  id: string;
  name: string;
  email: string;
  /** One cell per question asked for, in that order. */
  cells: TMarkCell[];
  total: number | null;
  answered: number;
};

/**
 * Each student's latest marked answer to each of these questions in the class, with the total and
 * the count answered, in one query: the class's students and anyone who answered in it, by name.
 * `visibleOnly`: only marks the student can see (LTI sends those); otherwise held marks count too
 * (the teacher's view, the class CSV, and Google Classroom, where the teacher returns the work).
 */
export async function latestMarks(
  db: TDb,
  cls: Pick<TClassRow, 'id' | 'schoolId'>,
  questionIds: readonly string[],
  options: { visibleOnly: boolean },
): Promise<TStudentMarks[]> {
  const rows = await queries.selectLatestMarks(
    db,
    { schoolId: cls.schoolId, classId: cls.id },
    questionIds,
    options,
  );
  const byStudent = new Map<
    string,
    { name: string; email: string; marks: Map<string, TMarkCell> }
  >();
  for (const row of rows) {
    const student = byStudent.get(row.studentId) ?? {
      name: row.name,
      email: row.email,
      marks: new Map<string, TMarkCell>(),
    };
    if (row.questionId) student.marks.set(row.questionId, { score: row.score, held: row.held });
    byStudent.set(row.studentId, student);
  }
  return [...byStudent.entries()].map(([id, student]) => {
    const cells = questionIds.map((q) => student.marks.get(q) ?? { score: null, held: false });
    return { id, name: student.name, email: student.email, cells, ...testTotal(cells) };
  });
}

/** The test's results for its teacher or the school's admin. */
async function resultsOf(db: TDb, user: TAccessClaims, classId: string, testId: string) {
  const cls = await requireClassForReader(db, user, classId);
  const test = await requireTest(db, cls, testId);
  const marks = await latestMarks(
    db,
    cls,
    test.questions.map((q) => q.id),
    { visibleOnly: false },
  );
  return { cls, test, marks };
}

/** GET /class/{classId}/tests/{testId}/results: each student's marks of the test and total. */
export async function getTestResults(
  db: TDb,
  user: TAccessClaims,
  classId: string,
  testId: string,
): Promise<TClassTestResults> {
  const { test, marks } = await resultsOf(db, user, classId, testId);
  const students: TClassTestStudentResult[] = marks.map((m) => ({
    studentId: m.id,
    name: m.name,
    email: m.email,
    marks: m.cells,
    answered: m.answered,
    total: m.total,
  }));
  return { test, students };
}

export { resultsOf as readTestResults };
