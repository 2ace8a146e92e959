import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, DASHBOARD_PATHS } from '@stem/contract/api';
import type { TTeacherDashboard } from '@stem/contract/dashboard';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { fixtures, minutesAfter } from './dashboard-fixtures';

const url = `${API_BASE}${DASHBOARD_PATHS.teacher}`;

describe('GET /dashboard/teacher', () => {
  let t: TTestApp;
  let headers: Record<string, string>;
  let expectedRecentIds: string[];
  let ids: { deletedClassSubmission: string; uploadedElsewhere: string; pending: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const f = fixtures(t.database.db, t.config.jwtSecret);
    const school = await f.school();
    const teacher = await f.user('teacher', school.id, { name: 'Ms Curie' });
    const colleague = await f.user('teacher', school.id);
    const alice = await f.user('student', school.id, { name: 'Alice' });
    const bob = await f.user('student', school.id, { name: 'Bob' });

    const physics = await f.klass(school.id, teacher.id, { name: 'Physics 10A' });
    const chemistry = await f.klass(school.id, teacher.id, { name: 'Chemistry 10B' });
    await f.klass(school.id, teacher.id, { name: 'Old class', active: false });
    const colleagues = await f.klass(school.id, colleague.id, { name: 'Biology 9C' });
    await f.question(school.id, teacher.id);
    await f.question(school.id, teacher.id);
    await f.question(school.id, colleague.id);

    // Seven submissions of the teacher: five in the teacher's classes, one in a deleted class
    // (only the snapshot name is left) and one the teacher uploaded into a colleague's class.
    const mine: { id: string }[] = [];
    for (let i = 0; i < 5; i++) {
      mine.push(
        await f.submission({
          schoolId: school.id,
          classId: i % 2 ? chemistry.id : physics.id,
          studentId: i % 2 ? bob.id : alice.id,
          status: 'marked',
          totalScore: i,
          totalMarks: 10,
          submittedAt: minutesAfter(i * 10),
        }),
      );
    }
    const deletedClass = await f.submission({
      schoolId: school.id,
      classId: null,
      className: 'Archived Physics',
      studentId: alice.id,
      uploadedBy: teacher.id,
      source: 'teacher_upload',
      status: 'marked',
      totalScore: 3,
      totalMarks: 5,
      submittedAt: minutesAfter(100),
    });
    const uploaded = await f.submission({
      schoolId: school.id,
      classId: colleagues.id,
      studentId: bob.id,
      uploadedBy: teacher.id,
      source: 'teacher_upload',
      totalMarks: 8,
      submittedAt: minutesAfter(95),
    });
    // The colleague's own submission is not the teacher's.
    await f.submission({
      schoolId: school.id,
      classId: colleagues.id,
      studentId: alice.id,
      submittedAt: minutesAfter(500),
    });

    // Another school, whose rows must never be counted, even with the same teacher id in play.
    const other = await f.school();
    const otherTeacher = await f.user('teacher', other.id);
    const otherStudent = await f.user('student', other.id);
    const otherClass = await f.klass(other.id, otherTeacher.id);
    await f.question(other.id, otherTeacher.id);
    await f.submission({
      schoolId: other.id,
      classId: otherClass.id,
      studentId: otherStudent.id,
      uploadedBy: teacher.id,
      submittedAt: minutesAfter(1000),
    });

    headers = await f.auth(teacher);
    expectedRecentIds = [
      deletedClass.id,
      uploaded.id,
      ...mine
        .slice(2)
        .reverse()
        .map((s) => s.id),
    ];
    ids = {
      deletedClassSubmission: deletedClass.id,
      uploadedElsewhere: uploaded.id,
      pending: uploaded.id,
    };
  });

  afterAll(async () => {
    await t.close();
  });

  async function fetchDashboard(): Promise<TTeacherDashboard> {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; data: TTeacherDashboard }>();
    expect(body.success).toBe(true);
    return body.data;
  }

  it("counts the teacher's active classes, questions and submissions of this school only", async () => {
    const data = await fetchDashboard();
    expect(data.activeClasses).toBe(2);
    expect(data.totalQuestions).toBe(2);
    expect(data.totalSubmissions).toBe(7);
  });

  it('lists the 5 most recent submissions, newest first', async () => {
    const data = await fetchDashboard();
    expect(data.recentSubmissions.map((s) => s._id)).toEqual(expectedRecentIds);
    const times = data.recentSubmissions.map((s) => Date.parse(s.submittedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('names the class (or its snapshot when deleted) and the student, with status and scores', async () => {
    const data = await fetchDashboard();
    const [archived, uploaded, latestMine] = data.recentSubmissions;
    expect(archived).toEqual({
      _id: ids.deletedClassSubmission,
      className: 'Archived Physics',
      studentName: 'Alice',
      submittedAt: minutesAfter(100).toISOString(),
      status: 'marked',
      totalScore: 3,
      totalMarks: 5,
    });
    expect(uploaded).toMatchObject({
      _id: ids.pending,
      className: 'Biology 9C',
      studentName: 'Bob',
      status: 'pending',
      totalScore: null,
      totalMarks: 8,
    });
    expect(latestMine).toMatchObject({
      className: 'Physics 10A',
      studentName: 'Alice',
      totalScore: 4,
    });
  });

  it('gives zeros and an empty list to a teacher with nothing yet', async () => {
    const f = fixtures(t.database.db, t.config.jwtSecret);
    const school = await f.school();
    const newcomer = await f.user('teacher', school.id);
    const response = await t.app.inject({ method: 'GET', url, headers: await f.auth(newcomer) });
    expect(response.json()).toEqual({
      success: true,
      data: { activeClasses: 0, totalQuestions: 0, totalSubmissions: 0, recentSubmissions: [] },
    });
  });
});
