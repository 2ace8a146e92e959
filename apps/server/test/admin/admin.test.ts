import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PATHS,
  CLASS_EXTRA_PATHS,
  type TAdminClassListResponse,
  type TAdminUserDetailsResponse,
  type TAdminUserListResponse,
  type TDeleteUsersResponse,
  type TFeedbackResponse,
} from '@stem/contract/admin';
import { apiPath, CLASS_PATHS, fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import {
  SUBMISSION_PATHS,
  type TSchoolSubmissionListResponse,
  type TSubmissionListResponse,
} from '@stem/contract/submissions';
import type { TClassDetails } from '@stem/contract/teaching';
import {
  auditLog,
  classStudents,
  classes,
  submissionAnswers,
  submissions,
  users,
} from '../../src/db/schema';
import { fixtures, minutesAfter } from '../dashboard/dashboard-fixtures';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

const url = (path: string, params: Record<string, string> = {}) => apiPath(fillPath(path, params));
type THeaders = Record<string, string>;

describe('admin: user and class management of one school', () => {
  let t: TTestApp;
  let f: ReturnType<typeof fixtures>;
  let schoolId: string;
  let admin: { id: string };
  let adminHeaders: THeaders;
  let otherAdminHeaders: THeaders;
  let teacherHeaders: THeaders;
  let studentHeaders: THeaders;
  let ownerHeaders: THeaders;
  let teacher: { id: string; name: string };
  let teacher2: { id: string; name: string };
  let studentA: { id: string };
  let studentB: { id: string };
  let studentC: { id: string };
  let cls: { id: string };
  let otherClass: { id: string };
  let otherStudent: { id: string };
  let otherSubmission: { id: string };
  let submissionA: { id: string };

  const get = (path: string, headers: THeaders) =>
    t.app.inject({ method: 'GET', url: path, headers });
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    headers: THeaders,
    payload: object,
  ) => t.app.inject({ method, url: path, headers, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    f = fixtures(t.database.db, t.config.jwtSecret);
    const school = await f.school();
    schoolId = school.id;
    const adminRow = await f.user('admin', school.id, {
      name: 'Ada Admin',
      createdAt: minutesAfter(0),
    });
    admin = adminRow;
    teacher = await f.user('teacher', school.id, { name: 'Mr Newton', createdAt: minutesAfter(1) });
    teacher2 = await f.user('teacher', school.id, { name: 'Ms Curie', createdAt: minutesAfter(2) });
    studentA = await f.user('student', school.id, { name: 'alice', createdAt: minutesAfter(3) });
    studentB = await f.user('student', school.id, { name: 'Bob', createdAt: minutesAfter(4) });
    studentC = await f.user('student', school.id, { name: 'Carol', createdAt: minutesAfter(5) });
    for (let i = 0; i < 6; i++) {
      await f.user('student', school.id, {
        name: `Zed ${i}`,
        email: `zed${i}-${school.id.slice(0, 6)}@example.com`,
        createdAt: minutesAfter(10 + i),
      });
    }
    cls = await f.klass(school.id, teacher.id, { name: 'Physics 9', createdAt: minutesAfter(20) });
    await f.enrol(cls.id, [studentA.id, studentB.id]);
    const q = await f.question(school.id, teacher.id);
    submissionA = await f.submission({
      schoolId,
      classId: cls.id,
      className: 'Physics 9',
      studentId: studentA.id,
      studentName: 'alice',
      status: 'marked',
      totalScore: 4,
      totalMarks: 5,
      submittedAt: minutesAfter(30),
    });
    await t.database.db.insert(submissionAnswers).values({
      submissionId: submissionA.id,
      questionId: q.id,
      questionText: 'Explain photosynthesis.',
      marks: 5,
      lowMarkRange: '0-1',
      highMarkRange: '3-5',
      rubric: 'r',
      answer: 'Light and water make glucose.',
      score: 4,
      feedback: { aiComment: 'Good.', suggestion: 'Name chlorophyll.', markRange: 'high' },
    });
    await f.submission({
      schoolId,
      classId: cls.id,
      className: 'Physics 9',
      studentId: studentA.id,
      studentName: 'alice',
      status: 'pending',
      totalMarks: 5,
      submittedAt: minutesAfter(31),
    });
    await f.submission({
      schoolId,
      classId: cls.id,
      className: 'Physics 9',
      studentId: studentB.id,
      studentName: 'Bob',
      status: 'marked',
      totalScore: 1,
      totalMarks: 5,
      isFlagged: true,
      submittedAt: minutesAfter(32),
    });

    const other = await f.school();
    const otherAdmin = await f.user('admin', other.id);
    const otherTeacher = await f.user('teacher', other.id);
    otherStudent = await f.user('student', other.id);
    otherClass = await f.klass(other.id, otherTeacher.id, { name: 'Elsewhere' });
    otherSubmission = await f.submission({
      schoolId: other.id,
      classId: otherClass.id,
      className: 'Elsewhere',
      studentId: otherStudent.id,
      studentName: 'Other',
      totalMarks: 5,
    });
    const owner = await f.user('owner', null);

    adminHeaders = await f.auth(adminRow);
    otherAdminHeaders = await f.auth(otherAdmin);
    teacherHeaders = await f.auth({ ...teacher, role: 'teacher', schoolId });
    studentHeaders = await f.auth({ ...studentC, role: 'student', schoolId });
    ownerHeaders = await f.auth(owner);
  });

  afterAll(async () => {
    await t.close();
  });

  describe('access', () => {
    const reads = () => [
      url(ADMIN_PATHS.users),
      url(ADMIN_PATHS.user, { id: studentA.id }),
      url(ADMIN_PATHS.userSubmissions, { id: studentA.id }),
      url(ADMIN_PATHS.teachers),
      url(ADMIN_PATHS.students),
      url(ADMIN_PATHS.classes),
      url(ADMIN_PATHS.class, { classId: cls.id }),
      url(ADMIN_PATHS.submissions),
    ];

    it('refuses every admin read to a teacher, a student and the owner (403), and without a token (401)', async () => {
      for (const path of reads()) {
        for (const headers of [teacherHeaders, studentHeaders, ownerHeaders]) {
          expect((await get(path, headers)).statusCode, path).toBe(403);
        }
        expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      }
    });

    it('refuses every admin change to other roles', async () => {
      for (const headers of [teacherHeaders, studentHeaders, ownerHeaders]) {
        const calls = [
          send('PUT', url(ADMIN_PATHS.promote), headers, { userId: studentC.id }),
          send('PUT', url(ADMIN_PATHS.demote), headers, { userId: teacher2.id }),
          send('DELETE', url(ADMIN_PATHS.deleteUsers), headers, { users: [studentC.id] }),
          send('POST', url(ADMIN_PATHS.deletePreview), headers, { users: [studentC.id] }),
          send('POST', url(ADMIN_PATHS.classes), headers, {
            name: 'X',
            teacherId: teacher.id,
            students: [studentC.id],
          }),
          send('PUT', url(ADMIN_PATHS.class, { classId: cls.id }), headers, {
            teacherId: teacher2.id,
          }),
        ];
        for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, studentC.id));
      expect(row?.role).toBe('student');
    });

    it("answers another school's admin 404 for this school's ids, and leaks nothing", async () => {
      const paths = [
        url(ADMIN_PATHS.user, { id: studentA.id }),
        url(ADMIN_PATHS.userSubmissions, { id: studentA.id }),
        url(ADMIN_PATHS.class, { classId: cls.id }),
        url(SUBMISSION_PATHS.details, { id: submissionA.id }),
        url(CLASS_EXTRA_PATHS.feedback, { id: submissionA.id }),
        url(CLASS_EXTRA_PATHS.studentWorkInClass, { classId: cls.id, studentId: studentA.id }),
      ];
      for (const path of paths) {
        const response = await get(path, otherAdminHeaders);
        expect(response.statusCode, path).toBe(404);
        expect(response.body).not.toContain('alice');
      }
      const changes = [
        send('PUT', url(ADMIN_PATHS.promote), otherAdminHeaders, { userId: studentC.id }),
        send('DELETE', url(ADMIN_PATHS.deleteUsers), otherAdminHeaders, { users: [studentC.id] }),
        send('PUT', url(ADMIN_PATHS.class, { classId: cls.id }), otherAdminHeaders, {
          teacherId: teacher2.id,
        }),
        send('POST', url(CLASS_EXTRA_PATHS.assignStudents), otherAdminHeaders, {
          classId: cls.id,
          students: [studentC.id],
        }),
      ];
      for (const response of await Promise.all(changes)) expect(response.statusCode).toBe(404);
      const list = (
        await get(url(ADMIN_PATHS.users), otherAdminHeaders)
      ).json<TAdminUserListResponse>();
      expect(list.data.map((u) => u.name)).not.toContain('alice');
      const subs = (
        await get(url(ADMIN_PATHS.submissions), otherAdminHeaders)
      ).json<TSubmissionListResponse>();
      expect(subs.data.map((s) => s.id)).toEqual([otherSubmission.id]);
    });
  });

  describe('GET /admin/users', () => {
    it('pages the school in the chosen order with counts, without repeating or skipping anyone', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?sort=name&dir=asc&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (
          await get(url(ADMIN_PATHS.users) + query, adminHeaders)
        ).json<TAdminUserListResponse>();
        seen.push(...page.data.map((u) => u.name));
        cursor = page.page.nextCursor;
        expect(page.counts).toEqual({ student: 9, teacher: 2, admin: 1 });
        expect(page.page.total).toBe(12);
      } while (cursor);
      expect(seen).toHaveLength(12);
      expect(seen.slice(0, 4)).toEqual(['Ada Admin', 'alice', 'Bob', 'Carol']);
    });

    it('sorts by created date newest first by default and filters by role and search', async () => {
      const all = (await get(url(ADMIN_PATHS.users), adminHeaders)).json<TAdminUserListResponse>();
      expect(all.data[0]?.name).toBe('Zed 5');
      const teachers = (
        await get(`${url(ADMIN_PATHS.users)}?role=teacher&sort=name&dir=desc`, adminHeaders)
      ).json<TAdminUserListResponse>();
      expect(teachers.data.map((u) => u.name)).toEqual(['Ms Curie', 'Mr Newton']);
      expect(teachers.page.matched).toBe(2);
      const search = (
        await get(`${url(ADMIN_PATHS.users)}?q=ZED&sort=email&dir=asc`, adminHeaders)
      ).json<TAdminUserListResponse>();
      expect(search.page.matched).toBe(6);
      expect(search.data.map((u) => u.name)).toEqual([
        'Zed 0',
        'Zed 1',
        'Zed 2',
        'Zed 3',
        'Zed 4',
        'Zed 5',
      ]);
      const bad = await get(`${url(ADMIN_PATHS.users)}?sort=password`, adminHeaders);
      expect(bad.statusCode).toBe(400);
      const badCursor = await get(
        `${url(ADMIN_PATHS.users)}?sort=name&cursor=${all.page.nextCursor ?? 'x'}`,
        adminHeaders,
      );
      expect(badCursor.statusCode).toBe(400);
    });
  });

  describe('GET /admin/users/{id} and its submissions', () => {
    it("gives a student's details and statistics", async () => {
      const response = await get(url(ADMIN_PATHS.user, { id: studentA.id }), adminHeaders);
      expect(response.statusCode).toBe(200);
      const body = response.json<TAdminUserDetailsResponse>();
      expect(body.user).toMatchObject({
        name: 'alice',
        role: 'student',
        school: { _id: schoolId },
      });
      expect(body.stats.studentStats).toEqual({
        enrolledClasses: 1,
        totalSubmissions: 2,
        averageScore: 80,
        lastSubmissionDate: minutesAfter(31).toISOString(),
      });
    });

    it("gives a teacher's statistics and list", async () => {
      const body = (
        await get(url(ADMIN_PATHS.user, { id: teacher.id }), adminHeaders)
      ).json<TAdminUserDetailsResponse>();
      expect(body.stats.teacherStats).toEqual({
        totalClasses: 1,
        activeClasses: 1,
        totalStudents: 2,
        questionsCreated: 1,
        submissionsEvaluated: 2,
      });
      const list = (
        await get(url(ADMIN_PATHS.userSubmissions, { id: teacher.id }), adminHeaders)
      ).json<TSubmissionListResponse>();
      expect(list.page.total).toBe(3);
      const mine = (
        await get(url(ADMIN_PATHS.userSubmissions, { id: studentA.id }), adminHeaders)
      ).json<TSubmissionListResponse>();
      expect(mine.data.map((s) => s.student?.name)).toEqual(['alice', 'alice']);
    });

    it("gives the admin's own statistics", async () => {
      const body = (
        await get(url(ADMIN_PATHS.user, { id: admin.id }), adminHeaders)
      ).json<TAdminUserDetailsResponse>();
      expect(body.stats.adminStats).toEqual({
        totalTeachers: 2,
        totalStudents: 9,
        totalClasses: 1,
        activeClasses: 1,
      });
    });
  });

  describe('GET /admin/submissions', () => {
    it("lists the school's submissions with the shared list's sorts, filter and counts", async () => {
      const recent = (
        await get(url(ADMIN_PATHS.submissions), adminHeaders)
      ).json<TSchoolSubmissionListResponse>();
      expect(recent.page.total).toBe(3);
      // Spec 02 §7 Admin reads "success, submissions, count": the count stays with filters too.
      expect(recent.count).toBe(3);
      expect(recent.counts).toEqual({ flagged: 1, unflagged: 2 });
      expect(recent.data.map((s) => s.student?.name)).toEqual(['Bob', 'alice', 'alice']);
      const score = (
        await get(`${url(ADMIN_PATHS.submissions)}?sort=score`, adminHeaders)
      ).json<TSubmissionListResponse>();
      expect(score.data.map((s) => s.totalScore)).toEqual([4, 1, null]);
      const flagged = (
        await get(`${url(ADMIN_PATHS.submissions)}?flag=flagged`, adminHeaders)
      ).json<TSchoolSubmissionListResponse>();
      expect(flagged.page.matched).toBe(1);
      expect(flagged.count).toBe(3);
      const search = (
        await get(`${url(ADMIN_PATHS.submissions)}?q=bob`, adminHeaders)
      ).json<TSubmissionListResponse>();
      expect(search.page.matched).toBe(1);
    });

    it("opens a submission's details and feedback for the admin (the drawer)", async () => {
      const details = await get(
        url(SUBMISSION_PATHS.details, { id: submissionA.id }),
        adminHeaders,
      );
      expect(details.statusCode).toBe(200);
      const feedback = await get(
        url(CLASS_EXTRA_PATHS.feedback, { id: submissionA.id }),
        adminHeaders,
      );
      expect(feedback.json<TFeedbackResponse>().data.feedback).toEqual([
        expect.objectContaining({
          score: 4,
          marks: 5,
          feedback: [{ aiComment: 'Good.', suggestion: 'Name chlorophyll.', markRange: 'high' }],
        }),
      ]);
      const other = await get(
        url(CLASS_EXTRA_PATHS.feedback, { id: otherSubmission.id }),
        adminHeaders,
      );
      expect(other.statusCode).toBe(404);
      const studentOwnFeedback = await get(
        url(CLASS_EXTRA_PATHS.feedback, { id: submissionA.id }),
        await f.auth({ ...studentA, role: 'student', schoolId }),
      );
      expect(studentOwnFeedback.statusCode).toBe(200);
      const notHers = await get(
        url(CLASS_EXTRA_PATHS.feedback, { id: submissionA.id }),
        studentHeaders,
      );
      expect(notHers.statusCode).toBe(404);
    });

    it("lists one student's work in a class for its teacher and the admin", async () => {
      const path = url(CLASS_EXTRA_PATHS.studentWorkInClass, {
        classId: cls.id,
        studentId: studentA.id,
      });
      for (const headers of [teacherHeaders, adminHeaders]) {
        const body = (await get(path, headers)).json<TSubmissionListResponse>();
        expect(body.page.total).toBe(2);
        expect(body.data.every((s) => s.student?.name === 'alice')).toBe(true);
      }
      const otherTeacher = await f.auth({ ...teacher2, role: 'teacher', schoolId });
      expect((await get(path, otherTeacher)).statusCode).toBe(404);
      expect((await get(path, studentHeaders)).statusCode).toBe(403);
    });
  });

  describe('classes', () => {
    it('creates a class with the wizard, lists it 9 a page with search and teacher filter, and shows its details', async () => {
      const created = await send('POST', url(ADMIN_PATHS.classes), adminHeaders, {
        name: 'Chemistry 10',
        teacherId: teacher2.id,
        students: [studentC.id, studentB.id],
      });
      expect(created.statusCode, created.body).toBe(201);
      const classId = created.json<{ data: { id: string } }>().data.id;
      for (let i = 0; i < 9; i++) {
        await f.klass(schoolId, teacher.id, {
          name: `Filler ${i}`,
          createdAt: minutesAfter(40 + i),
        });
      }
      const first = (
        await get(url(ADMIN_PATHS.classes), adminHeaders)
      ).json<TAdminClassListResponse>();
      expect(first.data).toHaveLength(9);
      expect(first.page.total).toBe(11);
      const second = (
        await get(`${url(ADMIN_PATHS.classes)}?cursor=${first.page.nextCursor}`, adminHeaders)
      ).json<TAdminClassListResponse>();
      expect(second.data).toHaveLength(2);
      expect(second.page.nextCursor).toBeNull();
      const byTeacher = (
        await get(`${url(ADMIN_PATHS.classes)}?teacherId=${teacher2.id}`, adminHeaders)
      ).json<TAdminClassListResponse>();
      expect(byTeacher.data.map((c) => c.name)).toEqual(['Chemistry 10']);
      expect(byTeacher.page.matched).toBe(1);
      const search = (
        await get(`${url(ADMIN_PATHS.classes)}?q=physics`, adminHeaders)
      ).json<TAdminClassListResponse>();
      expect(search.data.map((c) => c.name)).toEqual(['Physics 9']);

      const details = (await get(url(ADMIN_PATHS.class, { classId }), adminHeaders)).json<{
        class: TClassDetails;
      }>().class;
      expect(details.teacher?.name).toBe('Ms Curie');
      expect(details.students.map((s) => s.name)).toEqual(['Bob', 'Carol']);
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, classId));
      expect(audit?.action).toBe('class.created');
    });

    it('refuses a teacher or students of another school, and a missing name', async () => {
      const cases = [
        { name: 'X', teacherId: studentA.id, students: [studentC.id] },
        { name: 'X', teacherId: teacher.id, students: [otherStudent.id] },
        { name: ' ', teacherId: teacher.id, students: [studentC.id] },
        { name: 'X', teacherId: teacher.id, students: [] },
      ];
      for (const payload of cases) {
        expect(
          (await send('POST', url(ADMIN_PATHS.classes), adminHeaders, payload)).statusCode,
        ).toBe(400);
      }
    });

    it('gives a class to another teacher, audited, and its submissions move to their list', async () => {
      const response = await send(
        'PUT',
        url(ADMIN_PATHS.class, { classId: cls.id }),
        adminHeaders,
        {
          teacherId: teacher2.id,
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ message: string }>().message).toBe(
        MESSAGES.admin.classReassigned('Ms Curie'),
      );
      const [row] = await t.database.db.select().from(classes).where(eq(classes.id, cls.id));
      expect(row?.teacherId).toBe(teacher2.id);
      const list = (
        await get(url(ADMIN_PATHS.userSubmissions, { id: teacher2.id }), adminHeaders)
      ).json<TSubmissionListResponse>();
      expect(list.page.total).toBe(3);
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, cls.id));
      // The entry names both teachers (it held only ids), so it reads old → new.
      expect(audits.find((a) => a.action === 'class.reassigned')?.details).toEqual({
        before: { teacherId: teacher.id, teacher: 'Mr Newton' },
        after: { teacherId: teacher2.id, teacher: 'Ms Curie' },
      });
      const notATeacher = await send(
        'PUT',
        url(ADMIN_PATHS.class, { classId: cls.id }),
        adminHeaders,
        {
          teacherId: studentA.id,
        },
      );
      expect(notATeacher.statusCode).toBe(400);
      // Give it back for the tests that follow.
      await send('PUT', url(ADMIN_PATHS.class, { classId: cls.id }), adminHeaders, {
        teacherId: teacher.id,
      });
    });

    it('adds students to a class: the teacher to their own, the admin to any of the school', async () => {
      const added = await send('POST', url(CLASS_EXTRA_PATHS.assignStudents), teacherHeaders, {
        classId: cls.id,
        students: [studentC.id, studentA.id],
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json<{ added: number; message: string }>()).toMatchObject({
        added: 1,
        message: MESSAGES.admin.studentsAdded(1),
      });
      const again = await send('POST', url(CLASS_EXTRA_PATHS.assignStudents), adminHeaders, {
        classId: cls.id,
        students: [studentC.id],
      });
      expect(again.json<{ added: number }>().added).toBe(0);
      const outsider = await send('POST', url(CLASS_EXTRA_PATHS.assignStudents), teacherHeaders, {
        classId: cls.id,
        students: [otherStudent.id],
      });
      expect(outsider.statusCode).toBe(400);
      const notHisClass = await send(
        'POST',
        url(CLASS_EXTRA_PATHS.assignStudents),
        await f.auth({ ...teacher2, role: 'teacher', schoolId }),
        { classId: cls.id, students: [studentC.id] },
      );
      expect(notHisClass.statusCode).toBe(404);
      const students = await send('POST', url(CLASS_EXTRA_PATHS.assignStudents), studentHeaders, {
        classId: cls.id,
        students: [studentC.id],
      });
      expect(students.statusCode).toBe(403);
      const teacherView = (
        await get(url(CLASS_PATHS.details, { classId: cls.id }), teacherHeaders)
      ).json<{ class: TClassDetails }>().class;
      expect(teacherView.students.map((s) => s.name).sort()).toEqual(['Bob', 'Carol', 'alice']);
      // Undo for the deletion counts below.
      await t.database.db.delete(classStudents).where(eq(classStudents.studentId, studentC.id));
    });
  });

  describe('promote and demote', () => {
    it('refuses changes to the admin themselves, another admin and the wrong role', async () => {
      const self = await send('PUT', url(ADMIN_PATHS.demote), adminHeaders, { userId: admin.id });
      expect(self.statusCode).toBe(403);
      expect(self.json<{ message: string }>().message).toBe(MESSAGES.admin.cannotChangeSelf);
      const other = await f.user('admin', schoolId);
      const otherAdmin = await send('PUT', url(ADMIN_PATHS.promote), adminHeaders, {
        userId: other.id,
      });
      expect(otherAdmin.statusCode).toBe(403);
      const deleteAdmin = await send('DELETE', url(ADMIN_PATHS.deleteUsers), adminHeaders, {
        users: [other.id],
      });
      expect(deleteAdmin.statusCode).toBe(403);
      const promoteTeacher = await send('PUT', url(ADMIN_PATHS.promote), adminHeaders, {
        userId: teacher.id,
      });
      expect(promoteTeacher.statusCode).toBe(400);
      const demoteStudent = await send('PUT', url(ADMIN_PATHS.demote), adminHeaders, {
        userId: studentA.id,
      });
      expect(demoteStudent.statusCode).toBe(400);
      const demoteWithClasses = await send('PUT', url(ADMIN_PATHS.demote), adminHeaders, {
        userId: teacher.id,
      });
      expect(demoteWithClasses.statusCode).toBe(409);
      expect(demoteWithClasses.json<{ message: string }>().message).toBe(
        MESSAGES.admin.teacherOwnsClasses('Mr Newton', 10),
      );
      await t.database.db.delete(users).where(eq(users.id, other.id));
    });

    it('promotes a student, who may use teacher calls at their next request, then demotes them back', async () => {
      const before = await get(url(CLASS_PATHS.teacherClasses), studentHeaders);
      expect(before.statusCode).toBe(403);
      const promoted = await send('PUT', url(ADMIN_PATHS.promote), adminHeaders, {
        userId: studentC.id,
      });
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json<{ message: string; user: { role: string } }>()).toMatchObject({
        message: MESSAGES.admin.userPromoted,
        user: { role: 'teacher' },
      });
      // The same token as before: the role is read as it is now.
      expect((await get(url(CLASS_PATHS.teacherClasses), studentHeaders)).statusCode).toBe(200);
      const demoted = await send('PUT', url(ADMIN_PATHS.demote), adminHeaders, {
        userId: studentC.id,
      });
      expect(demoted.json<{ message: string }>().message).toBe(MESSAGES.admin.userDemoted);
      expect((await get(url(CLASS_PATHS.teacherClasses), studentHeaders)).statusCode).toBe(403);
      const audits = await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, studentC.id));
      expect(audits.map((a) => a.action).sort()).toEqual(['user.demoted', 'user.promoted']);
    });

    it("takes a promoted student off every class's student list and keeps their submissions", async () => {
      const pupil = await f.user('student', schoolId, { name: 'Dana Promoted' });
      const second = await f.klass(schoolId, teacher2.id, { name: 'Chemistry 10' });
      await f.enrol(cls.id, [pupil.id]);
      await f.enrol(second.id, [pupil.id]);
      const work = await f.submission({
        schoolId,
        classId: cls.id,
        className: 'Physics 9',
        studentId: pupil.id,
        studentName: 'Dana Promoted',
        status: 'marked',
        totalScore: 2,
        totalMarks: 5,
        submittedAt: minutesAfter(40),
      });
      const promoted = await send('PUT', url(ADMIN_PATHS.promote), adminHeaders, {
        userId: pupil.id,
      });
      expect(promoted.statusCode, promoted.body).toBe(200);
      for (const klass of [cls, second]) {
        const details = (
          await get(url(ADMIN_PATHS.class, { classId: klass.id }), adminHeaders)
        ).json<{ class: TClassDetails }>().class;
        expect(details.students.map((s) => s.name)).not.toContain('Dana Promoted');
      }
      const places = await t.database.db
        .select()
        .from(classStudents)
        .where(eq(classStudents.studentId, pupil.id));
      expect(places).toHaveLength(0);
      const [kept] = await t.database.db
        .select({ id: submissions.id })
        .from(submissions)
        .where(eq(submissions.id, work.id));
      expect(kept).toBeDefined();
      const [audit] = await t.database.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.targetId, pupil.id));
      expect(audit?.details).toEqual({
        before: { role: 'student', classPlaces: 2 },
        after: { role: 'teacher', classPlaces: 0 },
      });
      // Undo for the counts of the other tests.
      await t.database.db.delete(submissions).where(eq(submissions.id, work.id));
      await t.database.db.delete(classes).where(eq(classes.id, second.id));
      await t.database.db.delete(users).where(eq(users.id, pupil.id));
    });
  });

  describe('deleting people', () => {
    it('refuses a teacher who still teaches classes or owns questions, deleting nobody of the request', async () => {
      const preview = await send('POST', url(ADMIN_PATHS.deletePreview), adminHeaders, {
        users: [studentB.id, teacher.id],
      });
      // The preview explains the refusal before anything is tried (it answered 409, which the
      // dialog showed as "Failed to delete user: …" on opening).
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json<{ data: object }>().data).toEqual({
        users: 2,
        students: 1,
        teachers: 1,
        submissions: 1,
        enrolments: 2,
        blocked: [{ id: teacher.id, name: 'Mr Newton', classes: 10, questions: 1 }],
      });
      const response = await send('DELETE', url(ADMIN_PATHS.deleteUsers), adminHeaders, {
        users: [studentB.id, teacher.id],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(
        MESSAGES.admin.teacherOwnsWork('Mr Newton', 10, 1),
      );
      const left = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [studentB.id, teacher.id]));
      expect(left).toHaveLength(2);
    });

    it('counts, then deletes students with their submissions and class places in one go', async () => {
      const studentBHeaders = await f.auth({ ...studentB, role: 'student', schoolId });
      const preview = await send('POST', url(ADMIN_PATHS.deletePreview), adminHeaders, {
        users: [studentA.id, studentB.id],
      });
      expect(preview.json<{ data: object }>().data).toEqual({
        users: 2,
        students: 2,
        teachers: 0,
        submissions: 3,
        enrolments: 3,
        blocked: [],
      });
      const response = await send('DELETE', url(ADMIN_PATHS.deleteUsers), adminHeaders, {
        users: [studentA.id, studentB.id],
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TDeleteUsersResponse>();
      expect(body.message).toBe(MESSAGES.admin.usersDeleted(2));
      expect(body.data).toMatchObject({ users: 2, submissions: 3, enrolments: 3 });
      const gone = await t.database.db
        .select({ id: submissions.id })
        .from(submissions)
        .where(inArray(submissions.studentId, [studentA.id, studentB.id]));
      expect(gone).toHaveLength(0);
      const places = await t.database.db
        .select()
        .from(classStudents)
        .where(inArray(classStudents.studentId, [studentA.id, studentB.id]));
      expect(places).toHaveLength(0);
      // Their session ends at the next request.
      expect(
        (await get(url(SUBMISSION_PATHS.studentSubmissions), studentBHeaders)).statusCode,
      ).toBe(401);
      // The other school's submission is untouched.
      const [kept] = await t.database.db
        .select()
        .from(submissions)
        .where(eq(submissions.id, otherSubmission.id));
      expect(kept).toBeDefined();
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.targetId, [studentA.id, studentB.id]));
      expect(audits.map((a) => a.action)).toEqual(['user.deleted', 'user.deleted']);
    });

    it('deletes a teacher with no classes or questions, and says so for one', async () => {
      const spare = await f.user('teacher', schoolId, { name: 'Spare Teacher' });
      const response = await send('DELETE', url(ADMIN_PATHS.deleteUsers), adminHeaders, {
        users: [spare.id],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<TDeleteUsersResponse>().message).toBe(MESSAGES.admin.userDeleted);
      const missing = await send('DELETE', url(ADMIN_PATHS.deleteUsers), adminHeaders, {
        users: [spare.id],
      });
      expect(missing.statusCode).toBe(404);
    });
  });
});
