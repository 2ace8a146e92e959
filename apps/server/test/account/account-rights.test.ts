import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, type TAccountExport } from '@stem/contract/account';
import { apiPath, DASHBOARD_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import {
  auditLog,
  classes,
  classStudents,
  questions,
  submissionAnswers,
  submissions,
  users,
} from '../../src/db/schema';
import { bearer, buildSchool, buildUser, DEFAULT_PASSWORD, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

/** A person's rights under the privacy notice: a copy of their data, and deletion at once. */
describe('account rights', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function studentWithWork() {
    const school = await buildSchool(t);
    const teacher = await buildUser(t, { role: 'teacher', schoolId: school.id });
    const student = await buildUser(t, { role: 'student', schoolId: school.id });
    const other = await buildUser(t, { role: 'student', schoolId: school.id });
    const db = t.database.db;
    const [klass] = await db
      .insert(classes)
      .values({ schoolId: school.id, teacherId: teacher.id, name: 'Year 9 Physics' })
      .returning({ id: classes.id });
    const classId = klass?.id as string;
    await db.insert(classStudents).values([
      { classId, studentId: student.id },
      { classId, studentId: other.id },
    ]);
    const made = await db
      .insert(submissions)
      .values([
        {
          schoolId: school.id,
          classId,
          className: 'Year 9 Physics',
          studentId: student.id,
          status: 'marked',
          totalScore: 3,
          totalMarks: 4,
        },
        {
          schoolId: school.id,
          classId,
          className: 'Year 9 Physics',
          studentId: other.id,
          status: 'marked',
          totalScore: 2,
          totalMarks: 4,
        },
      ])
      .returning({ id: submissions.id });
    await db.insert(submissionAnswers).values(
      made.map((s) => ({
        submissionId: s.id,
        questionText: 'Why does ice float?',
        marks: 4,
        lowMarkRange: '0-1',
        highMarkRange: '3-4',
        rubric: 'Low Mark Range: … High Mark Range: …',
        answer: 'It is less dense than water.',
        score: 3,
        feedback: { aiComment: 'Right idea', suggestion: 'Say why', markRange: '3-4' },
      })),
    );
    return { school, teacher, student, other, classId };
  }

  it('gives a student every piece of their own data as a JSON download, and nobody else’s', async () => {
    const { student } = await studentWithWork();
    const session = await signIn(t.app, student.email);
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath(ACCOUNT_PATHS.data),
      headers: bearer(session),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="stem-at-home-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json<TAccountExport>();
    expect(data.account).toMatchObject({ email: student.email, role: 'student' });
    expect(JSON.stringify(data)).not.toContain('argon2');
    expect(data.classes).toEqual([{ name: 'Year 9 Physics', as: 'student' }]);
    expect(data.submissions).toHaveLength(1);
    expect(data.submissions[0]).toMatchObject({ totalScore: 3, totalMarks: 4 });
    expect(data.submissions[0]?.answers[0]).toMatchObject({
      answer: 'It is less dense than water.',
      score: 3,
    });
  });

  it('deletes a student with their submissions and enrolments at once, after their password', async () => {
    const { student, other, classId } = await studentWithWork();
    const session = await signIn(t.app, student.email);
    const del = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPath(ACCOUNT_PATHS.delete),
        headers: bearer(session),
        payload: { password },
      });
    const wrong = await del('not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      field: 'password',
      message: MESSAGES.account.wrongPassword,
    });

    const done = await del(DEFAULT_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ removed: { submissions: 1, classes: 1 } });

    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, student.id))).toHaveLength(0);
    expect(
      await db.select().from(submissions).where(eq(submissions.studentId, student.id)),
    ).toHaveLength(0);
    // Nothing of another person changes.
    expect(
      await db.select().from(submissions).where(eq(submissions.studentId, other.id)),
    ).toHaveLength(1);
    expect(
      await db.select().from(classStudents).where(eq(classStudents.classId, classId)),
    ).toHaveLength(1);
    const records = await db.select().from(auditLog).where(eq(auditLog.targetId, student.id));
    expect(records.map((r) => r.action)).toEqual(['user.deleted']);
    // The token of the deleted account no longer opens anything.
    const after = await t.app.inject({
      method: 'GET',
      url: apiPath(DASHBOARD_PATHS.student),
      headers: bearer(session),
    });
    expect(after.statusCode).toBe(401);
  });

  it('asks a teacher to hand over classes and questions first, and refuses admins and the owner', async () => {
    const { teacher, school } = await studentWithWork();
    await t.database.db.insert(questions).values({
      schoolId: school.id,
      teacherId: teacher.id,
      question: 'Q',
      marks: 2,
      lowMarkRange: '0-1',
      highMarkRange: '2-2',
      rubric: 'r',
    });
    const session = await signIn(t.app, teacher.email);
    const refused = await t.app.inject({
      method: 'POST',
      url: apiPath(ACCOUNT_PATHS.delete),
      headers: bearer(session),
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MESSAGES.account.teacherOwnsWork });
    expect(await t.database.db.select().from(users).where(eq(users.id, teacher.id))).toHaveLength(
      1,
    );

    const admin = await buildUser(t, { role: 'admin', schoolId: school.id });
    const adminSession = await signIn(t.app, admin.email);
    const adminRefused = await t.app.inject({
      method: 'POST',
      url: apiPath(ACCOUNT_PATHS.delete),
      headers: bearer(adminSession),
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(adminRefused.statusCode).toBe(403);
    expect(adminRefused.json()).toMatchObject({ message: MESSAGES.account.adminAccount });
  });

  it('needs a signed-in person', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPath(ACCOUNT_PATHS.data) });
    expect(response.statusCode).toBe(401);
  });
});
