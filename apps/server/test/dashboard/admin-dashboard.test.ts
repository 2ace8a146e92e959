import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, DASHBOARD_PATHS } from '@stem/contract/api';
import type { TAdminDashboard } from '@stem/contract/dashboard';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { fixtures, minutesAfter } from './dashboard-fixtures';

const url = `${API_BASE}${DASHBOARD_PATHS.admin}`;

describe('GET /dashboard/admin', () => {
  let t: TTestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    const f = fixtures(t.database.db, t.config.jwtSecret);
    const school = await f.school();
    const admin = await f.user('admin', school.id);
    const teacherA = await f.user('teacher', school.id, { name: 'Mr Newton' });
    const teacherB = await f.user('teacher', school.id, { name: 'Ms Lovelace' });
    const students = [];
    for (let i = 0; i < 4; i++) students.push(await f.user('student', school.id));

    await f.klass(school.id, teacherA.id, { name: 'Oldest', createdAt: minutesAfter(0) });
    const second = await f.klass(school.id, teacherB.id, {
      name: 'Second',
      createdAt: minutesAfter(10),
    });
    const newest = await f.klass(school.id, teacherA.id, {
      name: 'Newest',
      createdAt: minutesAfter(30),
    });
    await f.klass(school.id, null, { name: 'Third', createdAt: minutesAfter(20) });
    await f.enrol(
      newest.id,
      students.map((s) => s.id),
    );
    await f.enrol(
      second.id,
      students.slice(0, 1).map((s) => s.id),
    );

    // Another school: three teachers, five students and a brand-new class that must not appear.
    const other = await f.school();
    const otherTeacher = await f.user('teacher', other.id);
    await f.user('teacher', other.id);
    await f.user('teacher', other.id);
    for (let i = 0; i < 5; i++) await f.user('student', other.id);
    await f.klass(other.id, otherTeacher.id, { name: 'Elsewhere', createdAt: minutesAfter(999) });

    // Seven submissions in the school (the 5 newest are shown) and a newer one elsewhere.
    for (let i = 0; i < 7; i++) {
      const pupil = students[i % 4];
      if (!pupil) throw new Error('no pupil');
      await f.submission({
        schoolId: school.id,
        classId: newest.id,
        className: 'Newest',
        studentId: pupil.id,
        studentName: `Pupil ${i}`,
        status: i === 6 ? 'pending' : 'marked',
        totalScore: i === 6 ? null : i % 4,
        totalMarks: 4,
        submittedAt: minutesAfter(100 + i),
      });
    }
    const otherStudent = await f.user('student', other.id);
    await f.submission({
      schoolId: other.id,
      studentId: otherStudent.id,
      studentName: 'Elsewhere pupil',
      status: 'marked',
      totalScore: 1,
      totalMarks: 4,
      submittedAt: minutesAfter(999),
    });

    headers = await f.auth(admin);
  });

  afterAll(async () => {
    await t.close();
  });

  it("counts the teachers, students and classes of the admin's school only", async () => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: TAdminDashboard }>();
    expect(data.totalTeachers).toBe(2);
    expect(data.totalStudents).toBe(4);
    expect(data.totalClasses).toBe(4);
  });

  it('lists the 3 newest classes with teacher name and student count', async () => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    const { data } = response.json<{ data: TAdminDashboard }>();
    expect(data.recentClasses.map(({ _id: _ignored, ...rest }) => rest)).toEqual([
      {
        name: 'Newest',
        teacherName: 'Mr Newton',
        studentCount: 4,
        createdAt: minutesAfter(30).toISOString(),
      },
      {
        name: 'Third',
        teacherName: null,
        studentCount: 0,
        createdAt: minutesAfter(20).toISOString(),
      },
      {
        name: 'Second',
        teacherName: 'Ms Lovelace',
        studentCount: 1,
        createdAt: minutesAfter(10).toISOString(),
      },
    ]);
  });

  it("lists the school's 5 newest submissions, never another school's (it always said none)", async () => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    const { data } = response.json<{ data: TAdminDashboard }>();
    expect(data.recentSubmissions.map((s) => s.studentName)).toEqual([
      'Pupil 6',
      'Pupil 5',
      'Pupil 4',
      'Pupil 3',
      'Pupil 2',
    ]);
    expect(data.recentSubmissions[0]).toMatchObject({
      className: 'Newest',
      status: 'pending',
      totalScore: null,
      totalMarks: 4,
      submittedAt: minutesAfter(106).toISOString(),
    });
    expect(data.recentSubmissions[1]).toMatchObject({ status: 'marked', totalScore: 1 });
  });
});
