import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_EXTRA_PATHS } from '@stem/contract/admin';
import { CLASS_PATHS, DASHBOARD_PATHS } from '@stem/contract/api';
import type { TTeacherDashboard } from '@stem/contract/dashboard';
import { MESSAGES } from '@stem/contract/messages';
import type { TClassDetails, TClassSummary, TStudentRef } from '@stem/contract/teaching';
import { buildSchool, buildUser, type TBuiltUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  actor,
  addToClass,
  createClass,
  createQuestion,
  expectError,
  teacherWithStudents,
  url,
  type TActor,
} from './teaching-helpers';

describe('teacher classes', () => {
  let t: TTestApp;
  let teacher: TActor;
  let colleague: TActor;
  let students: [TBuiltUser, TBuiltUser];
  let schoolId: string;
  let older: TClassSummary;
  let newer: TClassSummary;
  let colleagueClass: TClassSummary;

  beforeAll(async () => {
    t = await buildTestApp();
    const setup = await teacherWithStudents(t);
    teacher = setup.teacher;
    students = setup.students;
    schoolId = setup.school.id;
    colleague = await actor(t, 'teacher', setup.school);
    older = await createClass(t.app, teacher, 'Physics 10A', [students[0].id]);
    t.clock.advance(60_000);
    newer = await createClass(t.app, teacher, '  Chemistry 10B  ', [
      students[0].id,
      students[1].id,
      students[1].id,
    ]);
    colleagueClass = await createClass(t.app, colleague, 'Biology 9C', [students[1].id]);
    const question = await createQuestion(t.app, teacher);
    await addToClass(t.app, teacher, question.id, newer.id);
  });
  afterAll(() => t.close());

  describe('POST /class/create', () => {
    it('creates the class with its students and answers 201 with the spec message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: url(CLASS_PATHS.create),
        headers: teacher.headers,
        payload: { name: 'Maths 8', students: [students[0].id] },
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<{
        status: string;
        success: boolean;
        message: string;
        data: TClassSummary;
      }>();
      expect(body).toMatchObject({
        status: 'success',
        success: true,
        message: MESSAGES.classes.created,
        data: { name: 'Maths 8', studentCount: 1, questionCount: 0 },
      });
      expect(body.data.teacher).toEqual({
        _id: teacher.user.id,
        id: teacher.user.id,
        name: teacher.user.name,
      });
      expect(body.data._id).toBe(body.data.id);
    });

    it('trims the name and counts each student once', () => {
      expect(newer.name).toBe('Chemistry 10B');
      expect(newer.studentCount).toBe(2);
    });

    it('refuses a student of another school without naming anything of that school', async () => {
      const otherSchool = await buildSchool(t, { name: 'Secret Academy' });
      const outsider = await buildUser(t, {
        role: 'student',
        schoolId: otherSchool.id,
        name: 'Olga Outsider',
      });
      const response = await t.app.inject({
        method: 'POST',
        url: url(CLASS_PATHS.create),
        headers: teacher.headers,
        payload: { name: 'Mixed', students: [students[0].id, outsider.id] },
      });
      expectError(response, 400, {
        message: MESSAGES.classes.studentNotInSchool,
        field: 'students',
      });
      expect(response.body).not.toContain(outsider.id);
      expect(response.body).not.toContain('Olga');
      expect(response.body).not.toContain('Secret Academy');
      const list = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.teacherClasses),
        headers: teacher.headers,
      });
      expect(list.json<{ data: TClassSummary[] }>().data.map((c) => c.name)).not.toContain('Mixed');
    });

    it('refuses a teacher (not a student) of the same school as a class member', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: url(CLASS_PATHS.create),
        headers: teacher.headers,
        payload: { name: 'Staff', students: [colleague.user.id] },
      });
      expectError(response, 400, { message: MESSAGES.classes.studentNotInSchool });
    });

    it('names the field of a blank name', async () => {
      const blank = await t.app.inject({
        method: 'POST',
        url: url(CLASS_PATHS.create),
        headers: teacher.headers,
        payload: { name: '   ', students: [students[0].id] },
      });
      expectError(blank, 400, { code: 'VALIDATION', field: 'name' });
    });

    it('creates a class with no students yet, and takes its students later', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: url(CLASS_PATHS.create),
        headers: teacher.headers,
        payload: { name: 'Before anyone registered', students: [] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const cls = created.json<{ data: TClassSummary }>().data;
      expect(cls).toMatchObject({ name: 'Before anyone registered', studentCount: 0 });

      const added = await t.app.inject({
        method: 'POST',
        url: url(CLASS_EXTRA_PATHS.assignStudents),
        headers: teacher.headers,
        payload: { classId: cls.id, students: [students[0].id] },
      });
      expect(added.statusCode, added.body).toBe(200);
      const details = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.details, { classId: cls.id }),
        headers: teacher.headers,
      });
      const body = details.json<{ class: TClassDetails }>().class;
      expect(body.students.map((s) => s.id)).toEqual([students[0].id]);
    });

    it('is for teachers only', async () => {
      const school = await buildSchool(t);
      const student = await actor(t, 'student', school);
      const response = await t.app.inject({
        method: 'POST',
        url: url(CLASS_PATHS.create),
        headers: student.headers,
        payload: { name: 'Mine', students: [student.user.id] },
      });
      expectError(response, 403, { code: 'FORBIDDEN' });
      const anonymous = await t.app.inject({ method: 'GET', url: url(CLASS_PATHS.teacherClasses) });
      expectError(anonymous, 401, { code: 'UNAUTHENTICATED' });
    });
  });

  describe('GET /teacher/classes', () => {
    it("lists only the teacher's classes, newest first, with student and question counts", async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.teacherClasses),
        headers: teacher.headers,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ success: boolean; message: string; data: TClassSummary[] }>();
      expect(body.success).toBe(true);
      expect(body.message).toBe(MESSAGES.classes.loaded);
      const ids = body.data.map((c) => c.id);
      expect(ids).not.toContain(colleagueClass.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      const chemistry = body.data.find((c) => c.id === newer.id);
      expect(chemistry).toMatchObject({ studentCount: 2, questionCount: 1 });
      const physics = body.data.find((c) => c.id === older.id);
      expect(physics).toMatchObject({ studentCount: 1, questionCount: 0 });
    });

    it('agrees with the teacher dashboard on active classes', async () => {
      const [list, dashboard] = await Promise.all([
        t.app.inject({
          method: 'GET',
          url: url(CLASS_PATHS.teacherClasses),
          headers: colleague.headers,
        }),
        t.app.inject({
          method: 'GET',
          url: url(DASHBOARD_PATHS.teacher),
          headers: colleague.headers,
        }),
      ]);
      expect(dashboard.json<{ data: TTeacherDashboard }>().data.activeClasses).toBe(
        list.json<{ data: TClassSummary[] }>().data.length,
      );
    });
  });

  describe('GET /class/{classId} and its sub-resources', () => {
    it('gives the class with its students (by name) and questions', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.details, { classId: newer.id }),
        headers: teacher.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const cls = response.json<{ success: boolean; class: TClassDetails }>().class;
      expect(cls.name).toBe('Chemistry 10B');
      expect(cls.students.map((s) => s.name)).toEqual(['Adam Student', 'Bella Student']);
      expect(cls.questions).toHaveLength(1);
      const [question] = cls.questions;
      expect(question?.classIds).toEqual([newer.id]);
      expect(question?.rubric).toContain('High Mark Range');
    });

    it('lists the class questions and students', async () => {
      const questions = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.questions, { classId: newer.id }),
        headers: teacher.headers,
      });
      expect(questions.json<{ questions: unknown[] }>().questions).toHaveLength(1);
      const roster = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.students, { classId: older.id }),
        headers: teacher.headers,
      });
      expect(roster.json<{ data: { students: TStudentRef[] } }>().data.students).toEqual([
        {
          _id: students[0].id,
          id: students[0].id,
          name: students[0].name,
          email: students[0].email,
        },
      ]);
    });

    it("answers 404 for another teacher's class on every read and on remove-student", async () => {
      for (const path of [CLASS_PATHS.details, CLASS_PATHS.questions, CLASS_PATHS.students]) {
        const response = await t.app.inject({
          method: 'GET',
          url: url(path, { classId: colleagueClass.id }),
          headers: teacher.headers,
        });
        expectError(response, 404, { code: 'NOT_FOUND', message: MESSAGES.classes.notFound });
      }
      const remove = await t.app.inject({
        method: 'POST',
        url: url(CLASS_PATHS.removeStudent),
        headers: teacher.headers,
        payload: { classId: colleagueClass.id, studentId: students[1].id },
      });
      expectError(remove, 404, { message: MESSAGES.classes.notFound });
      const still = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.students, { classId: colleagueClass.id }),
        headers: colleague.headers,
      });
      expect(still.json<{ data: { students: TStudentRef[] } }>().data.students).toHaveLength(1);
    });

    it("answers 404 to a teacher of another school, even for the teacher's own id", async () => {
      const elsewhere = await actor(t, 'teacher', await buildSchool(t));
      const response = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.details, { classId: newer.id }),
        headers: elsewhere.headers,
      });
      expectError(response, 404, { message: MESSAGES.classes.notFound });
      expect(response.body).not.toContain('Chemistry');
    });

    it('answers 404 for a missing class and 400 for an id that is not one', async () => {
      const missing = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.details, { classId: '00000000-0000-4000-8000-000000000000' }),
        headers: teacher.headers,
      });
      expectError(missing, 404, { message: MESSAGES.classes.notFound });
      const bad = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.details, { classId: 'not-an-id' }),
        headers: teacher.headers,
      });
      expectError(bad, 400, { code: 'VALIDATION', field: 'classId' });
    });
  });

  describe('POST /class/remove-student', () => {
    it('removes the student from the class (and again is harmless)', async () => {
      const cls = await createClass(t.app, teacher, 'Removal', [students[0].id, students[1].id]);
      for (let i = 0; i < 2; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: url(CLASS_PATHS.removeStudent),
          headers: teacher.headers,
          payload: { classId: cls.id, studentId: students[0].id },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({
          success: true,
          message: MESSAGES.classes.studentRemoved,
        });
      }
      const roster = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.students, { classId: cls.id }),
        headers: teacher.headers,
      });
      expect(
        roster.json<{ data: { students: TStudentRef[] } }>().data.students.map((s) => s.id),
      ).toEqual([students[1].id]);
    });
  });

  describe('GET /teacher/school-students', () => {
    it("lists the active students of the teacher's school only, by name", async () => {
      await buildUser(t, { role: 'student', schoolId, name: 'Zed Inactive', active: false });
      const other = await buildSchool(t);
      await buildUser(t, { role: 'student', schoolId: other.id, name: 'Aaron Elsewhere' });
      const response = await t.app.inject({
        method: 'GET',
        url: url(CLASS_PATHS.schoolStudents),
        headers: teacher.headers,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ status: string; success: boolean; data: TStudentRef[] }>();
      expect(body.status).toBe('success');
      expect(body.data.map((s) => s.name)).toEqual(['Adam Student', 'Bella Student']);
    });
  });
});
