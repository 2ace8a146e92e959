import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, type TAdminUserListResponse } from '@stem/contract/admin';
import { apiPath, AUTH_PATHS, DASHBOARD_PATHS, fillPath } from '@stem/contract/api';
import type { TSessionResponse } from '@stem/contract/auth';
import { INVITATION_LINK_TTL_MS, ROSTER_MAX_BYTES, ROSTER_MAX_ROWS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  ROSTER_PATHS,
  type TRosterImportResponse,
  type TRosterPreviewResponse,
  type TRosterUserResponse,
} from '@stem/contract/roster';
import { classStudents, classes, users } from '../../src/db/schema';
import {
  bearer,
  buildSchool,
  buildUser,
  nextClientAddress,
  signIn,
  tokenOf,
  waitForMail,
  type TBuiltSchool,
} from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

const R = MESSAGES.roster;
type THeaders = Record<string, string>;

/** A multipart body with one CSV file part. */
function csvForm(csv: string, field = 'file') {
  const boundary = '----roster-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="roster.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => t.clock.reset());

const upload = (path: string, headers: THeaders, csv: string, field?: string) => {
  const form = csvForm(csv, field);
  return t.app.inject({
    method: 'POST',
    url: apiPath(path),
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
};
const send = (
  method: 'POST' | 'PUT',
  path: string,
  headers: THeaders,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: apiPath(path),
    headers,
    ...(payload ? { payload } : {}),
    remoteAddress: nextClientAddress(),
  });
const post = (path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: apiPath(path), payload, remoteAddress: nextClientAddress() });

async function schoolWithAdmin(overrides: Partial<Omit<TBuiltSchool, 'id'>> = {}) {
  const school = await buildSchool(t, overrides);
  const admin = await buildUser(t, { role: 'admin', schoolId: school.id });
  const teacher = await buildUser(t, { role: 'teacher', schoolId: school.id });
  const [cls] = await t.database.db
    .insert(classes)
    .values({ schoolId: school.id, teacherId: teacher.id, name: '7A Physics' })
    .returning({ id: classes.id });
  const session = await signIn(t.app, admin.email);
  return { school, admin, teacher, classId: cls?.id ?? '', headers: bearer(session) };
}

async function schoolUserCount(schoolId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(users)
    .where(eq(users.schoolId, schoolId));
  return Number(row?.n ?? 0);
}

/** The token of the person's nth invitation mail (waits for it: mails go out in the background). */
async function invitationToken(email: string, nth = 0): Promise<string> {
  const isInvitation = (m: { to: string; subject: string }) =>
    m.to === email && m.subject.includes('invited');
  for (let i = 0; i < 250; i += 1) {
    const mails = (await t.outbox()).filter(isInvitation);
    const link = mails[nth]?.links.find((l) =>
      l.startsWith('http://localhost:3000/invitation?token='),
    );
    if (link) return tokenOf(link);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no invitation link');
}

describe('roster import: preview', () => {
  it('says each row’s outcome (new, already there, error with the reason) and writes nothing', async () => {
    const s = await schoolWithAdmin();
    const existing = await buildUser(t, { role: 'student', schoolId: s.school.id });
    const elsewhere = await buildUser(t, {
      role: 'student',
      schoolId: (await buildSchool(t)).id,
    });
    const before = await schoolUserCount(s.school.id);
    const csv = [
      'Name,E-mail,Role,Class,Year group',
      'Ada Lovelace,ADA.roster@example.com,student,7a physics,Year 7',
      `Existing Person,${existing.email},student,7A Physics,`,
      `Someone Else,${elsewhere.email},student,,`,
      'No Mail,not-an-email,student,,',
      'Lost Pupil,lost.roster@example.com,student,9Z,',
      'Ada Again,ada.roster@example.com,student,,',
      'Odd Role,odd.roster@example.com,janitor,,',
      'Grace Hopper,grace.roster@example.com,Teacher,,',
      'Teacher Class,tc.roster@example.com,teacher,7A Physics,',
      ',nameless.roster@example.com,student,,',
    ].join('\r\n');
    const response = await upload(ROSTER_PATHS.preview, s.headers, csv);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<TRosterPreviewResponse>();
    const byRow = new Map(data.rows.map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ outcome: 'new', placeInClass: true, reason: null });
    expect(byRow.get(2)?.email).toBe('ada.roster@example.com');
    expect(byRow.get(3)).toMatchObject({ outcome: 'existing', placeInClass: true });
    expect(byRow.get(4)).toMatchObject({ outcome: 'error', reason: R.rowErrors.otherSchool });
    expect(byRow.get(5)).toMatchObject({
      outcome: 'error',
      reason: R.rowErrors.emailInvalid('not-an-email'),
    });
    expect(byRow.get(6)).toMatchObject({
      outcome: 'error',
      reason: R.rowErrors.classUnknown('9Z'),
    });
    expect(byRow.get(7)).toMatchObject({ outcome: 'error', reason: R.rowErrors.duplicate(2) });
    expect(byRow.get(8)).toMatchObject({
      outcome: 'error',
      reason: R.rowErrors.roleInvalid('janitor'),
    });
    expect(byRow.get(9)).toMatchObject({ outcome: 'new', placeInClass: false });
    expect(byRow.get(10)).toMatchObject({ outcome: 'error', reason: R.rowErrors.classForTeacher });
    expect(byRow.get(11)).toMatchObject({ outcome: 'error', reason: R.rowErrors.nameMissing });
    expect(data.counts).toEqual({ new: 2, existing: 1, error: 7, placements: 2 });
    expect(data.limits).toEqual({
      plan: 'classroom',
      students: { limit: 30, current: 1, adding: 1 },
      teachers: { limit: null, current: 1, adding: 1 },
      fits: true,
    });
    expect(await schoolUserCount(s.school.id)).toBe(before);
    expect((await t.outbox()).some((m) => m.to === 'ada.roster@example.com')).toBe(false);
  });

  it('refuses a file that is not a readable CSV with a 400 naming the problem', async () => {
    const s = await schoolWithAdmin();
    const unclosed = await upload(
      ROSTER_PATHS.preview,
      s.headers,
      'name,email\r\n"Ada,ada@example.com\r\n',
    );
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().message).toContain(R.parseReasons.CSV_QUOTE_NOT_CLOSED);
    expect(unclosed.json().field).toBe('file');

    const noEmail = await upload(ROSTER_PATHS.preview, s.headers, 'name,role\r\nAda,student\r\n');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe(R.fileErrors.missingColumn('email'));

    const empty = await upload(ROSTER_PATHS.preview, s.headers, 'name,email\r\n');
    expect(empty.json().message).toBe(R.fileErrors.empty);

    const wrongField = await upload(ROSTER_PATHS.preview, s.headers, 'name,email\r\n', 'other');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(R.fileErrors.missing);

    const tooMany = await upload(
      ROSTER_PATHS.preview,
      s.headers,
      [
        'name,email',
        ...Array.from({ length: ROSTER_MAX_ROWS + 1 }, (_, i) => `P ${i},p${i}@example.com`),
      ].join('\n'),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(R.fileErrors.tooManyRows);

    const huge = await upload(
      ROSTER_PATHS.preview,
      s.headers,
      [
        'name,email',
        ...Array.from({ length: 1900 }, (_, i) => `${'x'.repeat(600)},big${i}@example.com`),
      ].join('\n'),
    );
    expect(ROSTER_MAX_BYTES).toBeLessThan(1900 * 600);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(R.fileErrors.tooLarge(1));

    const notJson = await t.app.inject({
      method: 'POST',
      url: apiPath(ROSTER_PATHS.preview),
      headers: s.headers,
      payload: { rows: [] },
    });
    expect(notJson.statusCode).toBe(415);
  });

  it('is the school admin’s only', async () => {
    const s = await schoolWithAdmin();
    const teacherSession = await signIn(t.app, s.teacher.email);
    const refused = await upload(
      ROSTER_PATHS.preview,
      bearer(teacherSession),
      'name,email\r\nA,a@example.com\r\n',
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('roster import: limits', () => {
  it('says the plan’s limits in the preview and refuses an import past them, writing nothing', async () => {
    const s = await schoolWithAdmin({ plan: 'trial' });
    const csv = 'name,email,role\nOne,one.trial@example.com,student\nTwo,two.trial@example.com,\n';
    const preview = await upload(ROSTER_PATHS.preview, s.headers, csv);
    const { limits } = preview.json<TRosterPreviewResponse>().data;
    expect(limits).toMatchObject({
      plan: 'trial',
      students: { limit: 1, current: 0, adding: 2 },
      teachers: { limit: 1, current: 1, adding: 0 },
      fits: false,
    });
    const before = await schoolUserCount(s.school.id);
    const refused = await upload(ROSTER_PATHS.import, s.headers, csv);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'TRIAL_LIMIT',
      message: R.overLimit('students', 1, 2),
    });
    expect(await schoolUserCount(s.school.id)).toBe(before);
  });

  it('counts a Classroom plan’s 30 students', async () => {
    const s = await schoolWithAdmin();
    const rows = Array.from({ length: 31 }, (_, i) => `S ${i},s${i}.${s.school.code}@example.com`);
    const refused = await upload(
      ROSTER_PATHS.import,
      s.headers,
      ['name,email', ...rows].join('\n'),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message: R.overLimit('students', 30, 31),
    });
  });
});

describe('roster import: accounts, places and invitations', () => {
  it('creates the new people, places them in classes, invites them, and leaves errors out', async () => {
    const s = await schoolWithAdmin();
    const existing = await buildUser(t, { role: 'student', schoolId: s.school.id });
    const csv = [
      '\uFEFFname,email,role,class,year group',
      'Mary Anning,mary.roster@example.com,student,7A Physics,Year 7',
      'Alan Turing,alan.roster@example.com,teacher,,',
      `Existing Person,${existing.email},student,7A Physics,`,
      'Broken,broken,student,,',
    ].join('\n');
    const response = await upload(ROSTER_PATHS.import, s.headers, csv);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TRosterImportResponse>();
    expect(body.data).toEqual({ created: 2, existing: 1, placed: 2, invited: 2, skipped: 1 });
    expect(body.message).toBe(R.imported(2, 2, 2));

    const made = await t.database.db
      .select({
        email: users.email,
        role: users.role,
        passwordHash: users.passwordHash,
        yearGroup: users.yearGroup,
      })
      .from(users)
      .where(inArray(users.email, ['mary.roster@example.com', 'alan.roster@example.com']));
    expect(made).toHaveLength(2);
    expect(made.every((u) => u.passwordHash === null)).toBe(true);
    expect(made.find((u) => u.role === 'student')?.yearGroup).toBe('Year 7');
    const places = await t.database.db
      .select({ studentId: classStudents.studentId })
      .from(classStudents)
      .where(eq(classStudents.classId, s.classId));
    expect(places).toHaveLength(2);

    const mail = await waitForMail(t, (m) => m.to === 'mary.roster@example.com');
    expect(mail.subject).toContain(s.school.name);
    expect(mail.text).toContain('7 days');
    await waitForMail(t, (m) => m.to === 'alan.roster@example.com');
    expect((await t.outbox()).some((m) => m.to === existing.email)).toBe(false);

    // The admin's list says who is still invited.
    const list = await t.app.inject({
      method: 'GET',
      url: apiPath(ADMIN_PATHS.users),
      headers: s.headers,
    });
    const people = list.json<TAdminUserListResponse>().data;
    expect(people.find((p) => p.email === 'mary.roster@example.com')).toMatchObject({
      status: 'invited',
      yearGroup: 'Year 7',
    });
    expect(people.find((p) => p.email === existing.email)?.status).toBe('active');

    // Importing the same file again creates nobody.
    const again = await upload(ROSTER_PATHS.import, s.headers, csv);
    expect(again.json<TRosterImportResponse>().data).toEqual({
      created: 0,
      existing: 3,
      placed: 0,
      invited: 0,
      skipped: 1,
    });
  });

  it('imports 1,000 rows (30 students in a class, 970 teachers) in one request', async () => {
    const s = await schoolWithAdmin();
    const tag = s.school.code.toLowerCase();
    const rows = Array.from({ length: 1000 }, (_, i) =>
      i < 30
        ? `Student ${i},s${i}.${tag}@example.com,student,7A Physics,Year 9`
        : `Teacher ${i},t${i}.${tag}@example.com,teacher,,`,
    );
    const csv = ['name,email,role,class,year group', ...rows].join('\n');
    const preview = await upload(ROSTER_PATHS.preview, s.headers, csv);
    expect(preview.json<TRosterPreviewResponse>().data.counts).toEqual({
      new: 1000,
      existing: 0,
      error: 0,
      placements: 30,
    });
    const response = await upload(ROSTER_PATHS.import, s.headers, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TRosterImportResponse>().data).toMatchObject({
      created: 1000,
      placed: 30,
      invited: 1000,
    });
    expect(await schoolUserCount(s.school.id)).toBe(1002);
  });
});

describe('invitation links', () => {
  async function invited(s: Awaited<ReturnType<typeof schoolWithAdmin>>, email: string) {
    const response = await send('POST', ROSTER_PATHS.invite, s.headers, {
      name: 'Invited Person',
      email,
      role: 'student',
      classId: s.classId,
      yearGroup: 'Year 8',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TRosterUserResponse>().user;
  }

  it('sets the password once; the link cannot be used again', async () => {
    const s = await schoolWithAdmin();
    const person = await invited(s, 'once.invite@example.com');
    expect(person).toMatchObject({ status: 'invited', role: 'student', yearGroup: 'Year 8' });
    const token = await invitationToken('once.invite@example.com');
    const accepted = await post(ROSTER_PATHS.acceptInvitation, {
      token,
      password: 'my-own-secret-9',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ success: true, message: R.accepted });
    await signIn(t.app, 'once.invite@example.com', 'my-own-secret-9');
    const again = await post(ROSTER_PATHS.acceptInvitation, { token, password: 'another-one-9' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(R.invitationErrors.used);
  });

  it('expires after 7 days', async () => {
    const s = await schoolWithAdmin();
    await invited(s, 'late.invite@example.com');
    const token = await invitationToken('late.invite@example.com');
    t.clock.advance(INVITATION_LINK_TTL_MS + 60_000);
    const late = await post(ROSTER_PATHS.acceptInvitation, { token, password: 'my-own-secret-9' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(R.invitationErrors.expired);
  });

  it('works just before 7 days', async () => {
    const s = await schoolWithAdmin();
    await invited(s, 'ontime.invite@example.com');
    const token = await invitationToken('ontime.invite@example.com');
    t.clock.advance(INVITATION_LINK_TTL_MS - 60_000);
    const ok = await post(ROSTER_PATHS.acceptInvitation, { token, password: 'my-own-secret-9' });
    expect(ok.statusCode).toBe(200);
  });

  it('a resent invitation replaces the earlier link', async () => {
    const s = await schoolWithAdmin();
    const person = await invited(s, 'resend.invite@example.com');
    const first = await invitationToken('resend.invite@example.com');
    const resent = await send(
      'POST',
      fillPath(ROSTER_PATHS.resendInvitation, { id: person.id }),
      s.headers,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe(R.resent(person.name));
    const second = await invitationToken('resend.invite@example.com', 1);
    expect(second).not.toBe(first);
    const old = await post(ROSTER_PATHS.acceptInvitation, {
      token: first,
      password: 'pw-secret-99',
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(R.invitationErrors.invalid);
    const ok = await post(ROSTER_PATHS.acceptInvitation, {
      token: second,
      password: 'pw-secret-99',
    });
    expect(ok.statusCode).toBe(200);
    // Once the password is chosen there is nothing to resend.
    const none = await send(
      'POST',
      fillPath(ROSTER_PATHS.resendInvitation, { id: person.id }),
      s.headers,
    );
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(R.notInvited(person.name));
  });

  it('refuses an e-mail that already has an account, and a class of another school', async () => {
    const s = await schoolWithAdmin();
    const other = await schoolWithAdmin();
    const taken = await send('POST', ROSTER_PATHS.invite, s.headers, {
      name: 'Taken',
      email: s.teacher.email,
      role: 'student',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: R.invite.emailTaken, field: 'email' });
    const foreign = await send('POST', ROSTER_PATHS.invite, s.headers, {
      name: 'Foreign Class',
      email: 'foreign.class@example.com',
      role: 'student',
      classId: other.classId,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ field: 'classId' });
  });
});

describe('admin actions on one person', () => {
  it('sends a password reset link by mail (nothing on screen); the link sets a new password', async () => {
    const s = await schoolWithAdmin();
    const student = await buildUser(t, { role: 'student', schoolId: s.school.id });
    const response = await send(
      'POST',
      fillPath(ROSTER_PATHS.sendReset, { id: student.id }),
      s.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: R.resetSent(student.name) });
    const mail = await waitForMail(t, (m) => m.to === student.email);
    expect(mail.text).toContain(s.school.name);
    const link = mail.links.find((l) =>
      l.startsWith('http://localhost:3000/reset-password?token='),
    );
    const token = tokenOf(link ?? '');
    // The old password still works until the link is used.
    await signIn(t.app, student.email, student.password);
    const set = await post(AUTH_PATHS.updatePassword, { token, password: 'fresh-secret-77' });
    expect(set.statusCode).toBe(200);
    await signIn(t.app, student.email, 'fresh-secret-77');
    const reused = await post(AUTH_PATHS.updatePassword, { token, password: 'fresh-secret-78' });
    expect(reused.statusCode).toBe(400);
  });

  it('deactivates an account without deleting it: sign-in refused, sessions end; reactivated it works', async () => {
    const s = await schoolWithAdmin();
    const student = await buildUser(t, { role: 'student', schoolId: s.school.id });
    const session: TSessionResponse = await signIn(t.app, student.email);
    const off = await send('PUT', fillPath(ROSTER_PATHS.deactivate, { id: student.id }), s.headers);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<TRosterUserResponse>().user.status).toBe('deactivated');

    const dashboard = await t.app.inject({
      method: 'GET',
      url: apiPath(DASHBOARD_PATHS.student),
      headers: bearer(session),
    });
    expect(dashboard.statusCode).toBe(401);
    expect(dashboard.json().code).toBe('ACCOUNT_INACTIVE');
    const refresh = await post(AUTH_PATHS.refresh, { refreshToken: session.refreshToken });
    expect(refresh.statusCode).toBe(401);
    const login = await post(AUTH_PATHS.login, {
      email: student.email,
      password: student.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MESSAGES.server.accountInactive);
    await post(AUTH_PATHS.magicLink, { email: student.email });
    const reset = await send(
      'POST',
      fillPath(ROSTER_PATHS.sendReset, { id: student.id }),
      s.headers,
    );
    expect(reset.statusCode).toBe(409);
    expect(reset.json().message).toBe(R.inactiveAccount(student.name));
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, student.id));
    expect(kept?.active).toBe(false);

    const on = await send('PUT', fillPath(ROSTER_PATHS.reactivate, { id: student.id }), s.headers);
    expect(on.json<TRosterUserResponse>().user.status).toBe('active');
    await signIn(t.app, student.email, student.password);
    expect((await t.outbox()).some((m) => m.to === student.email)).toBe(false);
  });

  it('another school’s people are 404; the admin’s own account and other admins are refused', async () => {
    const s = await schoolWithAdmin();
    const other = await schoolWithAdmin();
    const foreign = await buildUser(t, { role: 'student', schoolId: other.school.id });
    for (const path of [ROSTER_PATHS.resendInvitation, ROSTER_PATHS.sendReset]) {
      const response = await send('POST', fillPath(path, { id: foreign.id }), s.headers);
      expect(response.statusCode).toBe(404);
    }
    for (const path of [ROSTER_PATHS.deactivate, ROSTER_PATHS.reactivate]) {
      const response = await send('PUT', fillPath(path, { id: foreign.id }), s.headers);
      expect(response.statusCode).toBe(404);
    }
    const self = await send(
      'PUT',
      fillPath(ROSTER_PATHS.deactivate, { id: s.admin.id }),
      s.headers,
    );
    expect(self.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, foreign.id));
    expect(row?.active).toBe(true);
  });
});
