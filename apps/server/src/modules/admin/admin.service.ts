import type {
  TAdminCreateClassRequest,
  TAdminUser,
  TAdminUserDetailsResponse,
  TAdminUserListQuery,
  TAdminUserListResponse,
  TDeletePreview,
  TDeletionCounts,
  TUserStats,
} from '@stem/contract/admin';
import { MESSAGES } from '@stem/contract/messages';
import type { TSubmissionListQuery, TSubmissionListResponse } from '@stem/contract/submissions';
import type { TClassSummary, TStudentRef } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageLimit } from '../../lib/keyset';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { defaultPermissionsFor } from '../auth/auth.policy';
import * as classesSchool from '../classes/classes.school';
import { countQuestionsOfTeachers } from '../questions/questions.service';
import * as submissionsSchool from '../submissions/submissions.school';
import { assertTrialAllowsCreate } from '../trial-limits/trial-limits.service';
import { userChangeRefusal, type TUserChange } from './admin.policy';
import { presentPerson, presentUser } from './admin.presenter';
import * as queries from './admin.queries';

/**
 * The school admin's user and class management (spec 02 §2, §4, §6, §7 Admin; issue 10). Every read
 * and change is scoped to the admin's own school: another school's ids are 404, like missing ones.
 * Every change is recorded in the activity log in the transaction that makes it.
 */

function schoolOf(user: TAccessClaims): string {
  if (user.role !== 'admin' || !user.schoolId) {
    throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  }
  return user.schoolId;
}

const userNotFound = () => new AppError('NOT_FOUND', MESSAGES.admin.userNotFound);

/** GET /admin/users: a page of the school's people, searched, filtered by role and sorted. */
export async function listUsers(
  db: TDb,
  admin: TAccessClaims,
  query: TAdminUserListQuery,
): Promise<TAdminUserListResponse> {
  const schoolId = schoolOf(admin);
  const filter: queries.TUserFilter = {
    role: query.role ?? null,
    q: (query.q ?? '').toLowerCase(),
  };
  const spec = queries.userSortSpec(query.sort ?? 'createdAt', query.dir ?? 'desc');
  const [page, counts] = await Promise.all([
    queries.selectUserPage(db, schoolId, filter, spec, {
      cursor: query.cursor,
      limit: pageLimit(query.limit),
    }),
    queries.countUsersByRole(db, schoolId),
  ]);
  const total = counts.student + counts.teacher + counts.admin;
  const matched = filter.q
    ? await queries.countMatchingUsers(db, schoolId, filter)
    : filter.role
      ? counts[filter.role]
      : total;
  return {
    success: true,
    data: page.rows.map(presentUser),
    page: { nextCursor: page.nextCursor, total, matched },
    counts,
  };
}

async function requireUser(db: TDb, schoolId: string, userId: string) {
  const row = await queries.findSchoolUser(db, schoolId, userId);
  if (!row || row.role === 'owner') throw userNotFound();
  return row;
}

async function statsOf(
  db: TDb,
  schoolId: string,
  person: { id: string; role: string },
): Promise<TUserStats> {
  if (person.role === 'admin') {
    const [people, classCounts] = await Promise.all([
      queries.countUsersByRole(db, schoolId),
      classesSchool.schoolClassCounts(db, schoolId),
    ]);
    return {
      adminStats: {
        totalTeachers: people.teacher,
        totalStudents: people.student,
        totalClasses: classCounts.total,
        activeClasses: classCounts.active,
      },
    };
  }
  if (person.role === 'teacher') {
    const [classStats, questions, evaluated] = await Promise.all([
      classesSchool.teacherClassStats(db, schoolId, person.id),
      countQuestionsOfTeachers(db, schoolId, [person.id]),
      submissionsSchool.countTeacherMarked(db, schoolId, person.id),
    ]);
    return {
      teacherStats: {
        ...classStats,
        questionsCreated: questions.get(person.id) ?? 0,
        submissionsEvaluated: evaluated,
      },
    };
  }
  const [enrolled, work] = await Promise.all([
    classesSchool.countStudentEnrolments(db, [person.id]),
    submissionsSchool.studentSubmissionStats(db, schoolId, person.id),
  ]);
  return { studentStats: { enrolledClasses: enrolled, ...work } };
}

/** GET /admin/users/{id}: one person of the school with their statistics (spec 02 §3). */
export async function getUser(
  db: TDb,
  admin: TAccessClaims,
  userId: string,
): Promise<Omit<TAdminUserDetailsResponse, 'success'>> {
  const schoolId = schoolOf(admin);
  const row = await requireUser(db, schoolId, userId);
  return { user: presentUser(row), stats: await statsOf(db, schoolId, row) };
}

/** GET /admin/users/{id}/submissions: a teacher's list, or a student's own work; none for an admin. */
export async function listUserSubmissions(
  db: TDb,
  admin: TAccessClaims,
  userId: string,
  query: TSubmissionListQuery,
): Promise<TSubmissionListResponse> {
  const schoolId = schoolOf(admin);
  const row = await requireUser(db, schoolId, userId);
  if (row.role === 'admin') {
    return {
      success: true,
      data: [],
      page: { nextCursor: null, total: 0, matched: 0 },
      counts: { flagged: 0, unflagged: 0 },
    };
  }
  return submissionsSchool.listPersonSubmissions(db, schoolId, row, query);
}

type TLocked = Awaited<ReturnType<typeof queries.lockSchoolUsers>>[number];

/** Locks the people and checks the change is allowed for each; 404 for any id not of the school. */
async function lockForChange(
  tx: TDb,
  admin: TAccessClaims,
  schoolId: string,
  ids: string[],
  change: TUserChange,
): Promise<TLocked[]> {
  const locked = await queries.lockSchoolUsers(tx, schoolId, ids);
  if (locked.length !== ids.length || locked.some((u) => u.role === 'owner')) throw userNotFound();
  for (const person of locked) {
    const refusal = userChangeRefusal(admin.userId, person, change);
    if (refusal) throw new AppError(refusal.code, refusal.message);
  }
  return locked;
}

/** What deleting these people removes, and each teacher who still teaches classes or owns questions. */
async function deletionPreview(
  tx: TDb,
  schoolId: string,
  people: TLocked[],
): Promise<TDeletePreview> {
  const teachers = people.filter((p) => p.role === 'teacher');
  const students = people.filter((p) => p.role === 'student').map((p) => p.id);
  const teacherIds = teachers.map((p) => p.id);
  const [classCounts, questionCounts, submissions, enrolments] = await Promise.all([
    classesSchool.countSchoolClassesByTeacher(tx, schoolId, teacherIds),
    countQuestionsOfTeachers(tx, schoolId, teacherIds),
    submissionsSchool.countSubmissionsOfStudents(tx, schoolId, students),
    classesSchool.countStudentEnrolments(tx, students),
  ]);
  const blocked = teachers
    .map((teacher) => ({
      id: teacher.id,
      name: teacher.name,
      classes: classCounts.get(teacher.id) ?? 0,
      questions: questionCounts.get(teacher.id) ?? 0,
    }))
    .filter((teacher) => teacher.classes > 0 || teacher.questions > 0);
  return {
    users: people.length,
    students: students.length,
    teachers: teachers.length,
    submissions,
    enrolments,
    blocked,
  };
}

/** What deleting these people removes; refuses (409) a teacher who still teaches or owns questions. */
async function deletionCounts(
  tx: TDb,
  schoolId: string,
  people: TLocked[],
): Promise<TDeletionCounts> {
  const { blocked, ...counts } = await deletionPreview(tx, schoolId, people);
  const [first] = blocked;
  if (first) {
    throw new AppError(
      'CONFLICT',
      MESSAGES.admin.teacherOwnsWork(first.name, first.classes, first.questions),
    );
  }
  return counts;
}

/**
 * POST /admin/delete-users/preview: what the deletion would remove, and the teachers it would refuse
 * (nothing changes). A refusal is part of the answer, not an error: nothing was tried yet.
 */
export async function previewDeletion(
  ctx: TAppContext,
  admin: TAccessClaims,
  ids: string[],
): Promise<TDeletePreview> {
  const schoolId = schoolOf(admin);
  return ctx.db.transaction(async (tx) => {
    const people = await lockForChange(tx, admin, schoolId, ids, 'delete');
    return deletionPreview(tx, schoolId, people);
  });
}

/**
 * DELETE /admin/delete-users: deletes students and teachers of the school in one transaction: a
 * student's submissions and class places go with them; a teacher who still teaches a class or owns
 * questions is refused (409) and nothing is deleted. Their sessions end at their next request.
 */
export async function deleteUsers(
  ctx: TAppContext,
  admin: TAccessClaims,
  ids: string[],
): Promise<TDeletionCounts> {
  const schoolId = schoolOf(admin);
  const counts = await ctx.db.transaction(async (tx) => {
    const people = await lockForChange(tx, admin, schoolId, ids, 'delete');
    const result = await deletionCounts(tx, schoolId, people);
    const perStudent = await Promise.all(
      people.map(async (p) =>
        p.role === 'student'
          ? {
              submissions: await submissionsSchool.countSubmissionsOfStudents(tx, schoolId, [p.id]),
              enrolments: await classesSchool.countStudentEnrolments(tx, [p.id]),
            }
          : null,
      ),
    );
    for (const [i, person] of people.entries()) {
      await recordAudit(tx, {
        schoolId,
        actorId: admin.userId,
        action: 'user.deleted',
        targetType: 'user',
        targetId: person.id,
        before: { name: person.name, email: person.email, role: person.role, ...perStudent[i] },
        after: null,
      });
    }
    await queries.deleteSchoolUsers(tx, schoolId, ids);
    return result;
  });
  await ctx.accountStates.forgetUsers(ids);
  return counts;
}

/**
 * PUT /admin/users/promote and /demote: student → teacher or teacher → student, with the permissions
 * of the new role. A promoted student leaves every class's student list (their submissions stay). A
 * teacher who still teaches classes is not demoted (409: give the classes to another teacher first).
 * Applies from the person's next request.
 */
export async function changeRole(
  ctx: TAppContext,
  admin: TAccessClaims,
  userId: string,
  change: 'promote' | 'demote',
): Promise<TAdminUser> {
  const schoolId = schoolOf(admin);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [person] = await lockForChange(tx, admin, schoolId, [userId], change);
    if (!person) throw userNotFound();
    if (change === 'demote') {
      const classes = (await classesSchool.countSchoolClassesByTeacher(tx, schoolId, [userId])).get(
        userId,
      );
      if (classes) {
        throw new AppError('CONFLICT', MESSAGES.admin.teacherOwnsClasses(person.name, classes));
      }
    }
    const role = change === 'promote' ? 'teacher' : 'student';
    const schoolType = (await queries.findSchoolType(tx, schoolId)) ?? 'classroom';
    await queries.updateUserRole(tx, userId, role, defaultPermissionsFor(role, schoolType), now);
    // A teacher is no class's student: a promotion takes them off every class's student list
    // (their submissions stay, with the class they were made in).
    const classPlaces =
      change === 'promote' ? await classesSchool.removeStudentFromClasses(tx, userId) : 0;
    await recordAudit(tx, {
      schoolId,
      actorId: admin.userId,
      action: change === 'promote' ? 'user.promoted' : 'user.demoted',
      targetType: 'user',
      targetId: userId,
      before: change === 'promote' ? { role: person.role, classPlaces } : { role: person.role },
      after: change === 'promote' ? { role, classPlaces: 0 } : { role },
    });
  });
  await ctx.accountStates.forgetUsers([userId]);
  return presentUser(await requireUser(ctx.db, schoolId, userId));
}

/** GET /admin/teachers and /admin/students: the school's active teachers or students, by name. */
export async function listPeople(
  db: TDb,
  admin: TAccessClaims,
  role: 'teacher' | 'student',
): Promise<TStudentRef[]> {
  const rows = await queries.selectSchoolPeople(db, schoolOf(admin), role);
  return rows.map(presentPerson);
}

/** Locks the teacher's row and checks it is an active teacher of the school (400 otherwise). */
async function lockTeacher(tx: TDb, schoolId: string, teacherId: string): Promise<TLocked> {
  const [teacher] = await queries.lockSchoolUsers(tx, schoolId, [teacherId]);
  if (!teacher || teacher.role !== 'teacher') {
    throw new AppError('VALIDATION', MESSAGES.admin.teacherNotInSchool, { field: 'teacherId' });
  }
  return teacher;
}

/**
 * POST /admin/classes (the wizard): a class for a teacher of the school with students of the school.
 * On a trial the chosen teacher's 3-class limit applies, counted in the creating transaction.
 */
export async function createClass(
  ctx: TAppContext,
  admin: TAccessClaims,
  input: TAdminCreateClassRequest,
): Promise<TClassSummary> {
  const schoolId = schoolOf(admin);
  const now = ctx.now();
  const classId = await ctx.db.transaction(async (tx) => {
    const teacher = await lockTeacher(tx, schoolId, input.teacherId);
    await assertTrialAllowsCreate(
      tx,
      { userId: teacher.id, role: 'teacher', schoolId },
      'classes',
      now,
    );
    const id = await classesSchool.insertClassForTeacher(tx, {
      schoolId,
      teacherId: teacher.id,
      name: input.name,
      students: input.students,
      now,
    });
    await recordAudit(tx, {
      schoolId,
      actorId: admin.userId,
      action: 'class.created',
      targetType: 'class',
      targetId: id,
      before: null,
      after: { name: input.name, teacherId: teacher.id, students: input.students.length },
    });
    return id;
  });
  return classesSchool.getClassSummary(ctx.db, schoolId, classId);
}

/** PUT /admin/classes/{classId}: gives the class (and its submissions' list) to another teacher. */
export async function reassignClass(
  ctx: TAppContext,
  admin: TAccessClaims,
  classId: string,
  teacherId: string,
): Promise<{ teacherName: string }> {
  const schoolId = schoolOf(admin);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const cls = await classesSchool.requireSchoolClass(tx, schoolId, classId, { lock: true });
    const teacher = await lockTeacher(tx, schoolId, teacherId);
    if (cls.teacherId !== teacher.id) {
      const previous = cls.teacherId
        ? await queries.findSchoolUser(tx, schoolId, cls.teacherId)
        : null;
      await classesSchool.setClassTeacher(tx, cls, teacher.id, now);
      await recordAudit(tx, {
        schoolId,
        actorId: admin.userId,
        action: 'class.reassigned',
        targetType: 'class',
        targetId: cls.id,
        before: { teacherId: cls.teacherId, teacher: previous?.name ?? null },
        after: { teacherId: teacher.id, teacher: teacher.name },
      });
    }
    return { teacherName: teacher.name };
  });
}

/** The admin's school (for the class routes that take the admin's school as scope). */
export const adminSchoolOf = schoolOf;
