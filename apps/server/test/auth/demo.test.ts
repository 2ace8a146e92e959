import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOOL_CODE_PATTERN } from '@stem/contract/school-code';
import { classes, classStudents, users } from '../../src/db/schema';
import { createDemoSchools, DEMO_SHAPE } from '../../src/modules/demo/demo.service';
import { signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo.create-schools', () => {
  it('creates schools of an admin, 2 teachers, 28 students and 2 classes of 14, whose accounts sign in', async () => {
    const created = await createDemoSchools(t.database.db, {
      count: 3,
      password: 'demo-password-1',
      batchSize: 2,
    });
    expect(created).toHaveLength(3);
    const codes = new Set(created.map((s) => s.school.code));
    expect(codes.size).toBe(3);
    const emails = created.flatMap((s) => s.accounts.map((a) => a.email));
    expect(new Set(emails).size).toBe(emails.length);

    for (const demo of created) {
      expect(demo.school.code).toMatch(SCHOOL_CODE_PATTERN);
      const roles = demo.accounts.map((a) => a.role);
      expect(roles.filter((r) => r === 'admin')).toHaveLength(1);
      expect(roles.filter((r) => r === 'teacher')).toHaveLength(DEMO_SHAPE.teachers);
      expect(roles.filter((r) => r === 'student')).toHaveLength(DEMO_SHAPE.students);
    }

    const [first] = created;
    const admin = first?.accounts.find((a) => a.role === 'admin');
    const session = await signIn(t.app, admin?.email as string, 'demo-password-1');
    expect(session.user.permissions).toEqual(['view_payments', 'manage_payments']);
    expect(session.school?.code).toBe(first?.school.code);

    const teacherEmails = first?.accounts.filter((a) => a.role === 'teacher').map((a) => a.email);
    const teachers = await t.database.db
      .select({ id: users.id, schoolId: users.schoolId, permissions: users.permissions })
      .from(users)
      .where(inArray(users.email, teacherEmails ?? []));
    expect(teachers.every((row) => row.permissions.length === 0)).toBe(true);
    for (const teacher of teachers) {
      const own = await t.database.db
        .select({ id: classes.id, schoolId: classes.schoolId })
        .from(classes)
        .where(eq(classes.teacherId, teacher.id));
      expect(own).toHaveLength(1);
      expect(own[0]?.schoolId).toBe(teacher.schoolId);
      const members = await t.database.db
        .select({ studentId: classStudents.studentId })
        .from(classStudents)
        .innerJoin(users, eq(users.id, classStudents.studentId))
        .where(and(eq(classStudents.classId, own[0]?.id as string), eq(users.role, 'student')));
      expect(members).toHaveLength(DEMO_SHAPE.studentsPerClass);
    }
  });

  it('creates another school when run again, never clashing with existing data', async () => {
    const again = await createDemoSchools(t.database.db, { count: 1, password: 'demo-password-2' });
    expect(again).toHaveLength(1);
    const student = again[0]?.accounts.find((a) => a.role === 'student');
    expect((await signIn(t.app, student?.email as string, 'demo-password-2')).role).toBe('student');
  });
});
