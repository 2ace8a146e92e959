import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { apiPath, DASHBOARD_PATHS, fillPath } from '@stem/contract/api';
import type { TStudentDashboard, TTeacherDashboard } from '@stem/contract/dashboard';
import { OWNER_PATHS, type TSchoolsResponse } from '@stem/contract/owner';
import {
  SUBMISSION_PATHS,
  type TSubmission,
  type TSubmissionListResponse,
} from '@stem/contract/submissions';
import { classStudents, schools, submissionAnswers, submissions, users } from '../../src/db/schema';
import { fixtures, minutesAfter } from '../dashboard/dashboard-fixtures';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

/**
 * The reply cache (issue 14): repeated reads are served from memory, and every kind of change under
 * them (a request, the marking worker, a retention deletion, an enrolment, an owner's edit, a write
 * from another connection or process) is seen at the next read; a kept reply never reaches another
 * person, school or role. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
type THeaders = Record<string, string>;
type TData<T> = { success: true; data: T };

describe('reply cache', { timeout: 120_000 }, () => {
  let t: TTestApp;
  let f: ReturnType<typeof fixtures>;
  let school: { id: string };
  let otherSchool: { id: string };
  let teacher: { id: string; schoolId: string | null };
  let otherTeacher: { id: string; schoolId: string | null };
  let farTeacher: { id: string; schoolId: string | null };
  let student: { id: string; schoolId: string | null; name: string };
  let otherStudent: { id: string; schoolId: string | null };
  let klass: { id: string; name: string };
  let owner: { id: string };
  let h: Record<
    'teacher' | 'otherTeacher' | 'farTeacher' | 'student' | 'otherStudent' | 'owner',
    THeaders
  >;
  let submissionId: string;
  let answerId: string;

  const dashboardOf = async (headers: THeaders, path: string) => {
    const response = await t.app.inject({ method: 'GET', url: apiPath(path), headers });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const teacherDashboard = async (headers: THeaders = h.teacher) =>
    (await dashboardOf(headers, DASHBOARD_PATHS.teacher)).json<TData<TTeacherDashboard>>().data;
  const studentDashboard = async (headers: THeaders = h.student) =>
    (await dashboardOf(headers, DASHBOARD_PATHS.student)).json<TData<TStudentDashboard>>().data;
  const teacherList = async (userId: string, headers: THeaders, query = '') =>
    (
      await dashboardOf(
        headers,
        `${fillPath(SUBMISSION_PATHS.teacherSubmissions, { userId })}${query}`,
      )
    ).json<TSubmissionListResponse>();
  const details = (id: string, headers: THeaders) =>
    t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(SUBMISSION_PATHS.details, { id })),
      headers,
    });
  const ownerSchools = async () =>
    (
      await dashboardOf(h.owner, `${OWNER_PATHS.schools}?includeInactive=true&limit=200`)
    ).json<TSchoolsResponse>();
  const hits = () => t.app.replyCache.counts.hits;
  /** A change made without a request of this process is seen once its notice arrives (at once on PGlite). */
  const eventually = (check: () => Promise<void>) =>
    expect
      .poll(
        async () => {
          try {
            await check();
            return true;
          } catch {
            return false;
          }
        },
        { timeout: 5_000, interval: 20 },
      )
      .toBe(true);

  beforeAll(async () => {
    t = await buildTestApp();
    f = fixtures(t.database.db, t.config.jwtSecret);
    school = await f.school();
    otherSchool = await f.school();
    teacher = await f.user('teacher', school.id);
    otherTeacher = await f.user('teacher', school.id);
    farTeacher = await f.user('teacher', otherSchool.id);
    student = await f.user('student', school.id, { name: 'Ada Lovelace' });
    otherStudent = await f.user('student', school.id);
    const ownerRow = await f.user('owner', null);
    owner = ownerRow;
    klass = await f.klass(school.id, teacher.id);
    await f.enrol(klass.id, [student.id]);
    const otherClass = await f.klass(school.id, otherTeacher.id);
    await f.enrol(otherClass.id, [otherStudent.id]);
    const farClass = await f.klass(otherSchool.id, farTeacher.id);
    const question = await f.question(school.id, teacher.id);
    const made = await f.submission({
      schoolId: school.id,
      classId: klass.id,
      className: klass.name,
      studentId: student.id,
      status: 'marked',
      totalScore: 3,
      totalMarks: 5,
      submittedAt: minutesAfter(1),
    });
    submissionId = made.id;
    const [answer] = await t.database.db
      .insert(submissionAnswers)
      .values({
        submissionId,
        questionId: question.id,
        questionText: question.question,
        marks: 5,
        lowMarkRange: '0-1',
        highMarkRange: '3-5',
        rubric: question.rubric,
        answer: 'Plants make sugar from light.',
        score: 3,
        aiScore: 3,
        feedback: { aiComment: 'Good.', suggestion: 'More detail.', markRange: '3-5' },
      })
      .returning();
    answerId = answer?.id ?? '';
    await f.submission({
      schoolId: school.id,
      classId: otherClass.id,
      className: otherClass.name,
      studentId: otherStudent.id,
      submittedAt: minutesAfter(2),
    });
    await f.submission({
      schoolId: otherSchool.id,
      classId: farClass.id,
      className: farClass.name,
      studentId: (await f.user('student', otherSchool.id)).id,
      submittedAt: minutesAfter(3),
    });
    h = {
      teacher: await f.auth({ ...teacher, role: 'teacher' }),
      otherTeacher: await f.auth({ ...otherTeacher, role: 'teacher' }),
      farTeacher: await f.auth({ ...farTeacher, role: 'teacher' }),
      student: await f.auth({ ...student, role: 'student' }),
      otherStudent: await f.auth({ ...otherStudent, role: 'student' }),
      owner: await f.auth({ id: owner.id, role: 'owner', schoolId: null }),
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers a repeated read from memory, byte for byte', async () => {
    const first = await dashboardOf(h.teacher, DASHBOARD_PATHS.teacher);
    const before = hits();
    const second = await dashboardOf(h.teacher, DASHBOARD_PATHS.teacher);
    expect(hits()).toBe(before + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['x-request-id']).toBeDefined();
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // The same query with its parameters in another order is the same reply.
    const path = fillPath(SUBMISSION_PATHS.teacherSubmissions, { userId: teacher.id });
    await dashboardOf(h.teacher, `${path}?limit=5&sort=recent`);
    const again = hits();
    await dashboardOf(h.teacher, `${path}?sort=recent&limit=5`);
    expect(hits()).toBe(again + 1);
  });

  it('builds one reply for many asking for it at the same moment', async () => {
    const url = apiPath(
      `${fillPath(SUBMISSION_PATHS.teacherSubmissions, { userId: teacher.id })}?limit=7`,
    );
    const misses = t.app.replyCache.counts.misses;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url, headers: h.teacher })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(t.app.replyCache.counts.misses - misses).toBe(1);
  });

  it("never gives one person's kept reply to another, nor across schools or roles", async () => {
    const mine = await teacherDashboard();
    const colleague = await teacherDashboard(h.otherTeacher);
    const far = await teacherDashboard(h.farTeacher);
    expect(mine.recentSubmissions.map((s) => s.studentName)).toEqual(['Ada Lovelace']);
    expect(colleague.recentSubmissions).toHaveLength(1);
    expect(colleague.recentSubmissions[0]?.studentName).not.toBe('Ada Lovelace');
    expect(far.recentSubmissions).toHaveLength(1);
    expect(far.recentSubmissions[0]?.studentName).not.toBe('Ada Lovelace');
    // Each student sees their own dashboard, kept or not.
    expect((await studentDashboard()).totalSubmissions).toBe(1);
    expect((await studentDashboard()).recentSubmissions[0]?._id).toBe(submissionId);
    const theirs = await studentDashboard(h.otherStudent);
    expect(theirs.recentSubmissions[0]?._id).not.toBe(submissionId);
    // The same path asked by someone the kept reply was not built for is checked as theirs.
    expect((await details(submissionId, h.student)).statusCode).toBe(200);
    expect((await details(submissionId, h.student)).statusCode).toBe(200);
    expect((await details(submissionId, h.otherStudent)).statusCode).toBe(404);
    expect((await details(submissionId, h.farTeacher)).statusCode).toBe(404);
    // Another teacher's list address is still refused, however often its owner asked for it.
    const path = fillPath(SUBMISSION_PATHS.teacherSubmissions, { userId: teacher.id });
    await dashboardOf(h.teacher, path);
    await dashboardOf(h.teacher, path);
    const foreign = await t.app.inject({
      method: 'GET',
      url: apiPath(path),
      headers: h.otherTeacher,
    });
    expect(foreign.statusCode).toBe(403);
    // A token of another role gets that role's answer (here: refused), not the kept one.
    const asStudent = await t.app.inject({
      method: 'GET',
      url: apiPath(DASHBOARD_PATHS.teacher),
      headers: h.student,
    });
    expect(asStudent.statusCode).toBe(403);
  });

  it('still checks the account first: a deactivated person gets no kept reply', async () => {
    const extra = await f.user('teacher', school.id);
    const headers = await f.auth({ ...extra, role: 'teacher' });
    await teacherDashboard(headers);
    await teacherDashboard(headers);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, extra.id));
    await t.app.ctx.accountStates.forgetUsers([extra.id]);
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(DASHBOARD_PATHS.teacher),
      headers,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('ACCOUNT_INACTIVE');
  });

  it("sees a teacher's override made through the API at the very next read", async () => {
    const before = (await details(submissionId, h.teacher)).json<TData<TSubmission>>();
    await details(submissionId, h.teacher);
    expect(before.data.submissions[0]?.score).toBe(3);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: apiPath(fillPath(SUBMISSION_PATHS.answer, { id: submissionId, answerId })),
      headers: h.teacher,
      payload: { score: 5, comment: 'Full marks after all.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await details(submissionId, h.teacher)).json<TData<TSubmission>>();
    expect(after.data.submissions[0]?.score).toBe(5);
    const list = await teacherList(teacher.id, h.teacher);
    expect(list.data.find((s) => s._id === submissionId)?.totalScore).toBe(5);
    // The student's view of it changed too.
    const own = (await details(submissionId, h.student)).json<TData<TSubmission>>();
    expect(own.data.submissions[0]?.score).toBe(5);
  });

  it('sees new work, a finished mark, an enrolment and a deletion made outside any request', async () => {
    const start = await teacherDashboard();
    await teacherDashboard();
    const startList = await teacherList(teacher.id, h.teacher, '?limit=20');
    await teacherList(teacher.id, h.teacher, '?limit=20');
    // New work arrives (as the marking worker's process, or another API process, writes it).
    const added = await f.submission({
      schoolId: school.id,
      classId: klass.id,
      className: klass.name,
      studentId: student.id,
      status: 'pending',
      submittedAt: minutesAfter(10),
    });
    await eventually(async () => {
      expect((await teacherDashboard()).totalSubmissions).toBe(start.totalSubmissions + 1);
      expect((await teacherList(teacher.id, h.teacher, '?limit=20')).page.total).toBe(
        startList.page.total + 1,
      );
    });
    // The worker finishes its mark.
    await details(added.id, h.teacher);
    await t.database.db
      .update(submissions)
      .set({ status: 'marked', totalScore: 4, totalMarks: 5, markedAt: new Date() })
      .where(eq(submissions.id, added.id));
    await eventually(async () => {
      const reply = (await details(added.id, h.teacher)).json<TData<TSubmission>>();
      expect(reply.data.status).toBe('marked');
      expect(reply.data.totalScore).toBe(4);
    });
    // A student joins the class.
    const newcomer = await f.user('student', school.id);
    const classesBefore = (await studentDashboard()).activeClasses;
    const newcomerHeaders = await f.auth({ ...newcomer, role: 'student' });
    expect((await studentDashboard(newcomerHeaders)).activeClasses).toBe(0);
    await t.database.db.insert(classStudents).values({ classId: klass.id, studentId: newcomer.id });
    await eventually(async () => {
      expect((await studentDashboard(newcomerHeaders)).activeClasses).toBe(1);
    });
    expect((await studentDashboard()).activeClasses).toBe(classesBefore);
    // Retention deletes the work.
    await t.database.db.delete(submissions).where(eq(submissions.id, added.id));
    await eventually(async () => {
      expect((await teacherDashboard()).totalSubmissions).toBe(start.totalSubmissions);
      expect((await details(added.id, h.teacher)).statusCode).toBe(404);
    });
  });

  it("sees a renamed student in the lists and an owner's school edit in the owner's list", async () => {
    await teacherList(teacher.id, h.teacher);
    await t.database.db.update(users).set({ name: 'Ada King' }).where(eq(users.id, student.id));
    await eventually(async () => {
      const list = await teacherList(teacher.id, h.teacher);
      expect(list.data.find((s) => s._id === submissionId)?.student?.name).toBe('Ada King');
    });
    const before = await ownerSchools();
    await ownerSchools();
    expect(before.data.some((s) => s.name === 'Renamed Academy')).toBe(false);
    await t.database.db
      .update(schools)
      .set({ name: 'Renamed Academy' })
      .where(eq(schools.id, otherSchool.id));
    await eventually(async () => {
      expect((await ownerSchools()).data.some((s) => s.name === 'Renamed Academy')).toBe(true);
    });
  });

  it('sees a change written by another connection (another process)', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url || t.database.kind !== 'postgres') return; // one connection only on PGlite
    const start = await teacherDashboard();
    await teacherDashboard();
    // node-postgres gives the result with its rows.
    const { rows } = (await t.database.db.execute(
      sql`select current_database() as db`,
    )) as unknown as {
      rows: { db: string }[];
    };
    const target = new URL(url);
    target.pathname = `/${rows[0]?.db ?? ''}`;
    const other = new pg.Client({ connectionString: target.toString() });
    await other.connect();
    try {
      await other.query(
        'insert into submissions (school_id, class_id, class_name, student_id, submitted_at) values ($1, $2, $3, $4, now())',
        [school.id, klass.id, klass.name, student.id],
      );
    } finally {
      await other.end();
    }
    await eventually(async () => {
      expect((await teacherDashboard()).totalSubmissions).toBe(start.totalSubmissions + 1);
    });
    // The listening connection breaks while another process writes: nothing kept is trusted until
    // it is back, and the change is seen.
    await teacherDashboard();
    await teacherDashboard();
    const admin = new pg.Client({ connectionString: target.toString() });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()",
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await admin.query(
        'insert into submissions (school_id, class_id, class_name, student_id, submitted_at) values ($1, $2, $3, $4, now())',
        [school.id, klass.id, klass.name, student.id],
      );
    } finally {
      await admin.end();
    }
    await eventually(async () => {
      expect((await teacherDashboard()).totalSubmissions).toBe(start.totalSubmissions + 2);
    });
  });
});
