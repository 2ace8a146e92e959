import { MESSAGES } from '@stem/contract/messages';
import type {
  TClassDetails,
  TClassListQuery,
  TClassListResponse,
  TClassSummary,
  TCreateClassRequest,
  TQuestion,
  TStudentRef,
} from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageLimit } from '../../lib/keyset';
import type { TAccessClaims } from '../../lib/tokens';
import { listQuestionsOfClass } from '../questions/questions.service';
import { assertTrialAllowsCreate } from '../trial-limits/trial-limits.service';
import { requireTeacherClass } from './classes.access';
import { studentsOutsideSchool } from './classes.policy';
import { presentClassDetails, presentClassSummary, presentStudentRef } from './classes.presenter';
import * as queries from './classes.queries';

function schoolOf(user: TAccessClaims): string {
  if (!user.schoolId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  return user.schoolId;
}

async function summaryOf(db: TDb, schoolId: string, classId: string) {
  const row = await queries.selectClassSummary(db, schoolId, classId);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.classes.notFound);
  return row;
}

/**
 * GET /teacher/classes: a keyset page of the teacher's classes, newest first, with student and
 * question counts, and the whole list's count from a count query.
 */
export async function listTeacherClasses(
  db: TDb,
  user: TAccessClaims,
  query: TClassListQuery,
): Promise<TClassListResponse> {
  const schoolId = schoolOf(user);
  const [page, total] = await Promise.all([
    queries.selectTeacherClassPage(db, schoolId, user.userId, {
      cursor: query.cursor,
      limit: pageLimit(query.limit),
    }),
    queries.countTeacherClasses(db, schoolId, user.userId),
  ]);
  return {
    success: true,
    message: MESSAGES.classes.loaded,
    data: page.rows.map(presentClassSummary),
    page: { nextCursor: page.nextCursor, total, matched: total },
  };
}

/** GET /class/{classId}: the teacher's own class with its students and questions. */
export async function getClassDetails(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<TClassDetails> {
  const cls = await requireTeacherClass(db, user, classId);
  const [summary, students, questions] = await Promise.all([
    summaryOf(db, cls.schoolId, cls.id),
    queries.selectClassStudents(db, cls.schoolId, cls.id),
    listQuestionsOfClass(db, cls),
  ]);
  return presentClassDetails(summary, students, questions);
}

/** GET /class/{classId}/questions: the questions of the teacher's own class. */
export async function listClassQuestions(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<TQuestion[]> {
  return listQuestionsOfClass(db, await requireTeacherClass(db, user, classId));
}

/** GET /teacher/class/{classId}/students: the students of the teacher's own class. */
export async function listClassStudents(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<TStudentRef[]> {
  const cls = await requireTeacherClass(db, user, classId);
  const rows = await queries.selectClassStudents(db, cls.schoolId, cls.id);
  return rows.map(presentStudentRef);
}

/** GET /teacher/school-students: the active students of the teacher's school, by name. */
export async function listSchoolStudents(db: TDb, user: TAccessClaims): Promise<TStudentRef[]> {
  const rows = await queries.selectSchoolStudents(db, schoolOf(user));
  return rows.map(presentStudentRef);
}

/**
 * POST /class/create. Every student must be an active student of the teacher's school (400 naming no
 * one otherwise). The trial limit (3 classes) is checked under a lock on the teacher's row in the
 * same transaction that inserts, so parallel creates cannot overshoot it.
 */
export async function createClass(
  ctx: TAppContext,
  user: TAccessClaims,
  input: TCreateClassRequest,
): Promise<TClassSummary> {
  const schoolId = schoolOf(user);
  const now = ctx.now();
  const classId = await ctx.db.transaction(async (tx) => {
    await assertTrialAllowsCreate(tx, user, 'classes', now);
    const found = await queries.selectSchoolStudentIds(tx, schoolId, input.students);
    if (studentsOutsideSchool(input.students, found).length > 0) {
      throw new AppError('VALIDATION', MESSAGES.classes.studentNotInSchool, {
        field: 'students',
      });
    }
    const cls = await queries.insertClass(tx, {
      schoolId,
      teacherId: user.userId,
      name: input.name,
      now,
    });
    await queries.insertClassStudents(tx, cls.id, input.students, now);
    return cls.id;
  });
  return presentClassSummary(await summaryOf(ctx.db, schoolId, classId));
}

/**
 * Removes a student from the teacher's own class. Idempotent: a student who is not (or no longer)
 * in the class is simply not there afterwards either.
 */
export async function removeStudent(
  db: TDb,
  user: TAccessClaims,
  input: { classId: string; studentId: string },
): Promise<void> {
  const cls = await requireTeacherClass(db, user, input.classId);
  await queries.deleteClassStudent(db, cls.id, input.studentId);
}
