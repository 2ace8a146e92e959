import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, DASHBOARD_PATHS } from '@stem/contract/api';
import type { TStudentDashboard } from '@stem/contract/dashboard';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { fixtures, minutesAfter } from './dashboard-fixtures';

const url = `${API_BASE}${DASHBOARD_PATHS.student}`;

describe('GET /dashboard/student', () => {
  let t: TTestApp;
  let headers: Record<string, string>;
  let newestThree: string[];

  beforeAll(async () => {
    t = await buildTestApp();
    const f = fixtures(t.database.db, t.config.jwtSecret);
    const school = await f.school();
    const teacher = await f.user('teacher', school.id);
    const student = await f.user('student', school.id);
    const classmate = await f.user('student', school.id);
    const maths = await f.klass(school.id, teacher.id, { name: 'Maths' });
    const science = await f.klass(school.id, teacher.id, { name: 'Science' });
    const closed = await f.klass(school.id, teacher.id, { name: 'Closed', active: false });
    const notMine = await f.klass(school.id, teacher.id, { name: 'Not mine' });
    await f.enrol(maths.id, [student.id, classmate.id]);
    await f.enrol(science.id, [student.id]);
    await f.enrol(closed.id, [student.id]);
    await f.enrol(notMine.id, [classmate.id]);

    const mine: { id: string }[] = [];
    for (const minutes of [30, 10, 50, 20]) {
      mine.push(
        await f.submission({
          schoolId: school.id,
          classId: maths.id,
          studentId: student.id,
          submittedAt: minutesAfter(minutes),
        }),
      );
    }
    await f.submission({
      schoolId: school.id,
      classId: maths.id,
      studentId: classmate.id,
      submittedAt: minutesAfter(99),
    });

    // A second school with its own class and submission; none of it is the student's.
    const other = await f.school();
    const otherTeacher = await f.user('teacher', other.id);
    const otherStudent = await f.user('student', other.id);
    const otherClass = await f.klass(other.id, otherTeacher.id);
    await f.enrol(otherClass.id, [otherStudent.id]);
    await f.submission({ schoolId: other.id, classId: otherClass.id, studentId: otherStudent.id });

    headers = await f.auth(student);
    // Submitted at minutes 30, 10, 50 and 20: newest first is 50, 30, 20.
    newestThree = [2, 0, 3].map((i) => mine[i]?.id ?? '');
  });

  afterAll(async () => {
    await t.close();
  });

  it("counts the student's active enrolled classes and own submissions", async () => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: TStudentDashboard }>();
    expect(data.activeClasses).toBe(2);
    expect(data.totalSubmissions).toBe(4);
  });

  it('lists only the 3 newest of its own submissions, newest first, with the class name', async () => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    const { data } = response.json<{ data: TStudentDashboard }>();
    expect(data.recentSubmissions.map((s) => s._id)).toEqual(newestThree);
    expect(data.recentSubmissions[0]).toMatchObject({
      className: 'Maths',
      submittedAt: minutesAfter(50).toISOString(),
      status: 'pending',
    });
  });
});
