import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { users } from '../../src/db/schema';
import {
  buildSchool,
  buildUser,
  nextClientAddress,
  signIn,
  waitForMail,
} from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const newEmail = () => `new.student.${Date.now()}.${(n += 1)}@example.com`;

/** Registration is limited per address: each call comes from its own address unless told. */
const register = (payload: Record<string, unknown>, remoteAddress = nextClientAddress()) =>
  t.app.inject({ method: 'POST', url: apiPath(AUTH_PATHS.register), payload, remoteAddress });

const validPayload = (schoolCode: string, overrides: Record<string, unknown> = {}) => ({
  fullName: 'Grace Hopper',
  name: 'Grace Hopper',
  email: newEmail(),
  password: 'a-good-password',
  schoolCode,
  role: 'student',
  ...overrides,
});

const findUser = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('auth.register', () => {
  it('creates a student of the school and answers 201 with the spec message', async () => {
    const school = await buildSchool(t);
    const payload = validPayload(school.code, { email: `  Mixed.Case.${Date.now()}@Example.com ` });
    const response = await register(payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: MESSAGES.register.success });
    const email = (payload.email as string).trim().toLowerCase();
    const row = await findUser(email);
    expect(row).toMatchObject({ role: 'student', schoolId: school.id, name: 'Grace Hopper' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const session = await signIn(t.app, email, 'a-good-password');
    expect(session.role).toBe('student');
  });

  it('refuses a commonly used password, or the e-mail or name as the password, naming the field', async () => {
    const school = await buildSchool(t);
    for (const overrides of [
      { password: 'password123' },
      { password: 'Qwertyuiop' },
      { password: 'GraceHopper' },
      { email: 'ada.lovelace.x@example.com', password: 'ada.lovelace.x@example.com' },
    ]) {
      const response = await register(validPayload(school.code, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        field: 'password',
        message: MESSAGES.password.tooCommon,
      });
    }
  });

  it('creates a student even when the payload asks for a teacher', async () => {
    const school = await buildSchool(t);
    const payload = validPayload(school.code, { role: 'teacher' });
    expect((await register(payload)).statusCode).toBe(201);
    expect((await findUser(payload.email as string))?.role).toBe('student');
  });

  it('sends a welcome mail naming the school', async () => {
    const school = await buildSchool(t, { name: 'Hillcrest <High> & Co' });
    const payload = validPayload(school.code, { fullName: 'Alan <b>Turing</b>' });
    expect((await register(payload)).statusCode).toBe(201);
    const mail = await waitForMail(t, (m) => m.to === payload.email);
    expect(mail.subject).toBe('Welcome to STEM@Home');
    expect(mail.text).toContain('Hillcrest <High> & Co');
    expect(mail.html).toContain('Hillcrest &lt;High&gt; &amp; Co');
    expect(mail.html).toContain('Alan &lt;b&gt;Turing&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Turing</b>');
    expect(mail.links).toContain('http://localhost:3000/login');
  });

  it('refuses an unknown school code with 400 "Invalid school code"', async () => {
    const response = await register(validPayload('ZZZZZZZZZZZZZZZZ'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'SCHOOL_CODE_INVALID',
      message: MESSAGES.register.invalidCode,
      field: 'schoolCode',
    });
  });

  it.each(['ABC', 'abcdabcdabcdabcd', 'ABCD-EFGH-IJKL-M'])(
    'refuses the badly formed code %s with 400 naming schoolCode',
    async (code) => {
      const response = await register(validPayload(code));
      expect(response.statusCode).toBe(400);
      const body = response.json<{ code: string; field: string; message: string }>();
      expect(body.code).toBe('VALIDATION');
      expect(body.field).toBe('schoolCode');
      expect(body.message).toContain(MESSAGES.register.codeFormat);
    },
  );

  it('refuses a password under 8 characters, naming the field', async () => {
    const school = await buildSchool(t);
    const response = await register(validPayload(school.code, { password: 'short' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field: 'password' });
    expect(response.json<{ message: string }>().message).toContain(MESSAGES.password.tooShort);
  });

  it('refuses an e-mail already in use with 409, whatever its case', async () => {
    const school = await buildSchool(t);
    const existing = await buildUser(t, { role: 'teacher', schoolId: school.id });
    const response = await register(
      validPayload(school.code, { email: existing.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: MESSAGES.register.conflict,
    });
  });

  it('refuses an inactive school with 400', async () => {
    const school = await buildSchool(t, { active: false });
    const response = await register(validPayload(school.code));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.register.inactiveSchool });
  });

  it('refuses an expired trial with 403 TRIAL_EXPIRED', async () => {
    const school = await buildSchool(t, {
      plan: 'trial',
      trialExpiresAt: new Date(Date.now() - 60_000),
    });
    const response = await register(validPayload(school.code));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'TRIAL_EXPIRED',
      message: MESSAGES.register.trialExpired,
    });
  });

  it('lets a trial take one student, then refuses with 403 TRIAL_LIMIT', async () => {
    const school = await buildSchool(t, { plan: 'trial' });
    await buildUser(t, { role: 'teacher', schoolId: school.id });
    expect((await register(validPayload(school.code))).statusCode).toBe(201);
    const response = await register(validPayload(school.code));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'TRIAL_LIMIT',
      message: MESSAGES.register.trialStudentLimit,
    });
  });

  it('gives the last trial place to only one of several simultaneous registrations', async () => {
    const school = await buildSchool(t, { plan: 'trial' });
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => register(validPayload(school.code))),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 403, 403, 403]);
    const students = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, school.id), eq(users.role, 'student')));
    expect(students).toHaveLength(1);
  });

  it("refuses a student beyond a paid plan's limit (Personal: 1)", async () => {
    const school = await buildSchool(t, { plan: 'personal' });
    expect((await register(validPayload(school.code))).statusCode).toBe(201);
    const response = await register(validPayload(school.code));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: MESSAGES.register.planStudentLimit });
  });
});

describe('auth.register classroom plan', () => {
  const fillSchool = async (schoolId: string, code: string, n: number) =>
    t.database.db.insert(users).values(
      Array.from({ length: n }, (_, i) => ({
        schoolId,
        name: `Student ${i}`,
        email: `classroom-${code.toLowerCase()}-${i}@example.org`,
        role: 'student' as const,
      })),
    );

  it('holds 30 students for the whole classroom school, however many teachers it has', async () => {
    const school = await buildSchool(t, { plan: 'classroom' });
    await buildUser(t, { role: 'teacher', schoolId: school.id });
    await fillSchool(school.id, school.code, 29);
    expect((await register(validPayload(school.code))).statusCode).toBe(201);
    const full = await register(validPayload(school.code));
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message: MESSAGES.register.planStudentLimit,
    });
    // A second teacher does not make room (issue 18: 30 per plan, not per teacher).
    await buildUser(t, { role: 'teacher', schoolId: school.id });
    expect((await register(validPayload(school.code))).statusCode).toBe(403);
  });

  it('gives the last classroom places to exactly as many parallel registrations', async () => {
    const school = await buildSchool(t, { plan: 'classroom' });
    await fillSchool(school.id, school.code, 28);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => register(validPayload(school.code))),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403, 403, 403]);
    const students = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, school.id), eq(users.role, 'student')));
    expect(students).toHaveLength(30);
  });
});

describe('auth.validate-school', () => {
  const validate = (schoolCode: string) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.validateSchool),
      payload: { schoolCode },
    });

  it('says a good code is valid and names the school', async () => {
    const school = await buildSchool(t, { name: 'Kingsway College' });
    const response = await validate(school.code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      isValid: true,
      schoolName: 'Kingsway College',
      message: MESSAGES.register.validCode,
    });
  });

  it('says unknown, badly formed, inactive and expired-trial codes are not valid', async () => {
    const inactive = await buildSchool(t, { active: false });
    const expired = await buildSchool(t, {
      plan: 'trial',
      trialExpiresAt: new Date(Date.now() - 1000),
    });
    const cases: [string, string][] = [
      ['QQQQQQQQQQQQQQQQ', MESSAGES.register.invalidCode],
      ['abc', MESSAGES.register.codeFormat],
      [inactive.code, MESSAGES.register.inactiveSchool],
      [expired.code, MESSAGES.register.trialExpired],
    ];
    for (const [code, message] of cases) {
      const response = await validate(code);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ isValid: false, message });
    }
  });
});
