import { MESSAGES } from '@stem/contract/messages';
import type { TAdminClassListQuery, TAdminClassListResponse } from '@stem/contract/admin';
import type { TClassDetails, TClassSummary, TStudentRef } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { listQuestionsOfClass } from '../questions/questions.service';
import { requireTeacherClass } from './classes.access';
import { studentsOutsideSchool } from './classes.policy';
import { presentClassDetails, presentClassSummary, presentStudentRef } from './classes.presenter';
import * as queries from './classes.queries';
import * as school from './classes.school-queries';
import type { TClassRow } from './classes.queries';

/**
 * The school-wide side of classes: what the school's admin sees and changes (spec 02 §2 Admin), and
 * adding students to an existing class (issue 18 `assign-students`, teacher and admin).
 */

const classNotFound = () => new AppError('NOT_FOUND', MESSAGES.classes.notFound);

async function summaryOf(db: TDb, schoolId: string, classId: string) {
  const row = await queries.selectClassSummary(db, schoolId, classId);
  if (!row) throw classNotFound();
  return row;
}

/** A page of the school's classes (9 by default), newest first, searched and filtered by teacher. */
export async function listSchoolClasses(
  db: TDb,
  schoolId: string,
  query: TAdminClassListQuery,
  defaultLimit: number,
): Promise<TAdminClassListResponse> {
  const filter = { q: (query.q ?? '').toLowerCase(), teacherId: query.teacherId ?? null };
  const filtered = Boolean(filter.q || filter.teacherId);
  const [page, total, matched] = await Promise.all([
    school.selectSchoolClassPage(db, schoolId, filter, {
      cursor: query.cursor,
      limit: query.limit ?? defaultLimit,
    }),
    school.countSchoolClasses(db, schoolId, null),
    filtered ? school.countSchoolClasses(db, schoolId, filter) : Promise.resolve(-1),
  ]);
  return {
    success: true,
    data: page.rows.map(presentClassSummary),
    page: { nextCursor: page.nextCursor, total, matched: matched < 0 ? total : matched },
  };
}

/** Any class of the school, or 404 (another school's and a missing one alike). */
export async function requireSchoolClass(
  db: TDb,
  schoolId: string,
  classId: string,
  options: { lock?: boolean } = {},
): Promise<TClassRow> {
  const cls = await school.findSchoolClass(db, schoolId, classId, options);
  if (!cls) throw classNotFound();
  return cls;
}

/** A class of the school with its teacher, students and questions (with marks, ranges and rubric). */
export async function getSchoolClassDetails(
  db: TDb,
  schoolId: string,
  classId: string,
): Promise<TClassDetails> {
  const cls = await requireSchoolClass(db, schoolId, classId);
  const [summary, students, questions] = await Promise.all([
    summaryOf(db, schoolId, cls.id),
    queries.selectClassStudents(db, schoolId, cls.id),
    listQuestionsOfClass(db, cls),
  ]);
  return presentClassDetails(summary, students, questions);
}

/** The class's summary as the lists show it. */
export async function getClassSummary(
  db: TDb,
  schoolId: string,
  classId: string,
): Promise<TClassSummary> {
  return presentClassSummary(await summaryOf(db, schoolId, classId));
}

async function assertSchoolStudents(tx: TDb, schoolId: string, ids: string[]): Promise<void> {
  const found = await queries.selectSchoolStudentIds(tx, schoolId, ids);
  if (studentsOutsideSchool(ids, found).length > 0) {
    throw new AppError('VALIDATION', MESSAGES.classes.studentNotInSchool, { field: 'students' });
  }
}

/**
 * Inside the caller's transaction: a new class of the school for `teacherId` (already checked to be
 * an active teacher of the school, and under the trial limit) with these students.
 */
export async function insertClassForTeacher(
  tx: TDb,
  input: { schoolId: string; teacherId: string; name: string; students: string[]; now: Date },
): Promise<string> {
  await assertSchoolStudents(tx, input.schoolId, input.students);
  const cls = await queries.insertClass(tx, {
    schoolId: input.schoolId,
    teacherId: input.teacherId,
    name: input.name,
    now: input.now,
  });
  await queries.insertClassStudents(tx, cls.id, input.students, input.now);
  return cls.id;
}

/** Inside the caller's transaction: gives the (locked) class to another teacher. */
export async function setClassTeacher(
  tx: TDb,
  cls: TClassRow,
  teacherId: string,
  now: Date,
): Promise<void> {
  await school.updateClassTeacher(tx, cls.id, teacherId, now);
}

/**
 * POST /student/assign-students: adds active students of the school to a class, the teacher's own
 * or (for the admin) any of the school's. Students already in it stay; the reply says how many were
 * new. Enrolling people already in the school never raises its number of students, so no plan limit
 * can be passed this way. Recorded in the activity log.
 */
export async function assignStudents(
  ctx: TAppContext,
  user: TAccessClaims,
  input: { classId: string; students: string[] },
): Promise<{ added: number; students: TStudentRef[] }> {
  if (!user.schoolId) throw classNotFound();
  const schoolId = user.schoolId;
  const cls =
    user.role === 'admin'
      ? await requireSchoolClass(ctx.db, schoolId, input.classId)
      : await requireTeacherClass(ctx.db, user, input.classId);
  const now = ctx.now();
  const added = await ctx.db.transaction(async (tx) => {
    await assertSchoolStudents(tx, schoolId, input.students);
    const already = new Set(await school.selectEnrolledAmong(tx, cls.id, input.students));
    const fresh = input.students.filter((id) => !already.has(id));
    await queries.insertClassStudents(tx, cls.id, fresh, now);
    if (fresh.length > 0) {
      await recordAudit(tx, {
        schoolId,
        actorId: user.userId,
        action: 'class.students-added',
        targetType: 'class',
        targetId: cls.id,
        before: null,
        after: { students: fresh },
      });
    }
    return fresh.length;
  });
  const rows = await queries.selectClassStudents(ctx.db, schoolId, cls.id);
  return { added, students: rows.map(presentStudentRef) };
}

/** A class of the caller's reach for reading a student's work: the teacher's own, or the admin's school's. */
export async function requireClassForReader(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<TClassRow> {
  if (!user.schoolId) throw classNotFound();
  return user.role === 'admin'
    ? requireSchoolClass(db, user.schoolId, classId)
    : requireTeacherClass(db, user, classId);
}

export const countSchoolClassesByTeacher = school.countClassesByTeacher;
export const countStudentEnrolments = school.countEnrolmentsOf;
export const removeStudentFromClasses = school.deleteEnrolmentsOf;
export const teacherClassStats = school.selectTeacherClassStats;
export const schoolClassCounts = school.selectSchoolClassCounts;
