import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS, fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import {
  defaultTeacherEmail,
  OWNER_PATHS,
  type TCreateAccountResponse,
  type TOwnerUsersResponse,
  type TSchoolDetails,
  type TSchoolResponse,
  type TSchoolsResponse,
  type TUserStats,
} from '@stem/contract/owner';
import { PAYMENT_PATHS } from '@stem/contract/trial';
import { generateSchoolCode } from '../../src/modules/auth/auth.school-code';
import {
  bearer,
  buildSchool,
  buildSchoolWithUser,
  buildUser,
  nextClientAddress,
  signIn,
  type TBuiltUser,
} from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

const url = (path: string, params: Record<string, string> = {}) => apiPath(fillPath(path, params));

describe('owner: schools, accounts and users (spec 02 §7 Owner)', () => {
  let t: TTestApp;
  let owner: TBuiltUser;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await buildUser(t, { role: 'owner', schoolId: null });
    headers = bearer(await signIn(t.app, owner.email));
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    h: Record<string, string> = headers,
  ) =>
    t.app.inject({
      method,
      url: path,
      headers: h,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  async function pngLogo(): Promise<Buffer> {
    return sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
  }

  function multipart(field: string, bytes: Buffer, type: string) {
    const boundary = '----owner-test-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="logo"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  it('refuses every owner call to every other role (403) and to nobody (401)', async () => {
    const school = await buildSchool(t, { active: false });
    const someone = await buildUser(t, { role: 'student', schoolId: school.id });
    const calls: [string, string, unknown?][] = [
      ['GET', url(OWNER_PATHS.schools)],
      ['POST', url(OWNER_PATHS.schools), { code: generateSchoolCode(), name: 'X' }],
      ['GET', url(OWNER_PATHS.school, { id: school.id })],
      ['GET', url(OWNER_PATHS.schoolUsers, { id: school.id })],
      ['PUT', url(OWNER_PATHS.schoolByCode, { code: school.code }), { active: true }],
      ['DELETE', url(OWNER_PATHS.schoolByCode, { code: school.code })],
      ['POST', url(OWNER_PATHS.createAdmin), { email: 'a@b.co', password: 'x'.repeat(9) }],
      ['POST', url(OWNER_PATHS.createTeacher), { schoolCode: school.code }],
      ['GET', url(OWNER_PATHS.users)],
      ['GET', url(OWNER_PATHS.userStats, { id: someone.id })],
      ['POST', url(OWNER_PATHS.logoUpload), {}],
    ];
    for (const role of ['admin', 'teacher', 'student'] as const) {
      const { user } = await buildSchoolWithUser(t, role);
      const h = bearer(await signIn(t.app, user.email));
      for (const [method, path, payload] of calls) {
        const response = await call(method as 'GET', path, payload, h);
        expect(response.statusCode, `${role} ${method} ${path}`).toBe(403);
      }
    }
    for (const [method, path, payload] of calls) {
      const response = await call(method as 'GET', path, payload, {});
      expect(response.statusCode, `anonymous ${method} ${path}`).toBe(401);
    }
    // Nothing changed: the inactive school is still there.
    const listed = await call('GET', `${url(OWNER_PATHS.schools)}?includeInactive=true`);
    expect(listed.json<TSchoolsResponse>().data.some((s) => s._id === school.id)).toBe(true);
  });

  it('adds a classroom school in order: logo, school, admin, default teacher', async () => {
    const upload = multipart('file', await pngLogo(), 'image/png');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: url(OWNER_PATHS.logoUpload),
      headers: { ...headers, 'content-type': upload.contentType },
      payload: upload.body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { fileUrl } = uploaded.json<{ fileUrl: string }>();

    const code = generateSchoolCode();
    const created = await call('POST', url(OWNER_PATHS.schools), {
      code: `${code.slice(0, 8).toLowerCase()}-${code.slice(8)}`,
      name: 'Riverside Academy',
      imageUrl: fileUrl,
      active: true,
      schoolType: 'classroom',
    });
    expect(created.statusCode, created.body).toBe(201);
    const school = created.json<TSchoolResponse>();
    expect(school.message).toBe(MESSAGES.owner.created);
    expect(school.data).toMatchObject({ code, name: 'Riverside Academy', active: true });
    expect(school.data.imageUrl).toMatch(new RegExp(`/school/logo/${school.data._id}\\?v=`));
    const logo = await t.app.inject({ method: 'GET', url: school.data.imageUrl ?? '' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');

    const admin = await call('POST', url(OWNER_PATHS.createAdmin), {
      name: 'Riverside Admin',
      email: 'Admin.Riverside@example.com',
      password: 'admin-password-1',
      schoolCode: code,
      schoolType: 'classroom',
      permissions: [],
    });
    expect(admin.statusCode, admin.body).toBe(201);
    expect(admin.json<TCreateAccountResponse>().data.permissions).toEqual([
      'view_payments',
      'manage_payments',
    ]);

    const teacher = await call('POST', url(OWNER_PATHS.createTeacher), {
      schoolCode: code,
      role: 'teacher',
      schoolType: 'classroom',
      permissions: ['view_payments', 'manage_payments'],
    });
    expect(teacher.statusCode, teacher.body).toBe(201);
    const account = teacher.json<TCreateAccountResponse>().data;
    expect(account.email).toBe(defaultTeacherEmail(code));
    expect(account.email).toContain(code.toLowerCase());
    expect(account.permissions).toEqual([]);
    expect(account.temporaryPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);

    // Both sign in; the admin may manage payments, the default teacher may not even see them.
    const adminSession = await signIn(t.app, 'admin.riverside@example.com', 'admin-password-1');
    expect(adminSession.user.permissions).toEqual(['view_payments', 'manage_payments']);
    const teacherSession = await signIn(t.app, account.email, account.temporaryPassword);
    expect(teacherSession.user.permissions).toEqual([]);
    const adminPayments = await call(
      'GET',
      apiPath(PAYMENT_PATHS.subscription),
      undefined,
      bearer(adminSession),
    );
    expect(adminPayments.statusCode).toBe(200);
    const teacherPayments = await call(
      'GET',
      apiPath(PAYMENT_PATHS.subscription),
      undefined,
      bearer(teacherSession),
    );
    expect(teacherPayments.statusCode).toBe(403);

    // A second default teacher is refused, and two teachers never share one fixed password.
    const again = await call('POST', url(OWNER_PATHS.createTeacher), { schoolCode: code });
    expect(again.statusCode).toBe(409);

    // The school's recent changes name each step.
    const details = await call('GET', url(OWNER_PATHS.school, { id: school.data._id }));
    const actions = details
      .json<{ data: TSchoolDetails }>()
      .data.recentChanges.map((c) => c.action);
    expect(actions).toEqual(['account.created', 'account.created', 'school.created']);
    expect(JSON.stringify(details.json())).not.toContain(account.temporaryPassword ?? '§');
    expect(JSON.stringify(details.json())).not.toContain('admin-password-1');
  });

  it('welcomes the new admin by e-mail: where to sign in and a set-password link, never a password', async () => {
    const created = await call('POST', url(OWNER_PATHS.schools), {
      name: 'Lakeside School',
      schoolType: 'classroom',
    });
    // No code sent: the server makes one (the form offers one too).
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json<TSchoolResponse>().data.code;
    expect(code).toMatch(/^[A-Z0-9]{16}$/);
    const admin = await call('POST', url(OWNER_PATHS.createAdmin), {
      name: 'Lakeside Admin',
      email: 'head@lakeside.example.org',
      password: 'owner-set-pass-1',
      schoolCode: code,
    });
    expect(admin.statusCode, admin.body).toBe(201);
    const welcome = async () =>
      (await t.outbox()).filter((m) => m.to === 'head@lakeside.example.org');
    await expect.poll(async () => (await welcome()).length).toBe(1);
    const [mail] = await welcome();
    expect(mail?.subject).toBe('Your STEM@Home account for Lakeside School');
    expect(mail?.text).toContain(`${t.config.appUrl}/login`);
    expect(mail?.text).toContain('the admin account of Lakeside School');
    expect(mail?.text).not.toContain('owner-set-pass-1');
    expect(mail?.html).not.toContain('owner-set-pass-1');
    const link = mail?.links.find((l) => l.includes('/reset-password?token='));
    expect(link).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    // The link chooses the admin's own password (the reset flow), once; it lasts a week.
    t.clock.advance(6 * 24 * 60 * 60 * 1000);
    const set = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.updatePassword),
      payload: { token, password: 'my-own-password-9' },
    });
    t.clock.reset();
    expect(set.statusCode, set.body).toBe(200);
    const session = await signIn(t.app, 'head@lakeside.example.org', 'my-own-password-9');
    expect(session.user.role).toBe('admin');
    const again = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.updatePassword),
      payload: { token, password: 'another-password-9' },
    });
    expect(again.statusCode).toBe(400);
    // The default teacher's made-up address gets no mail.
    await call('POST', url(OWNER_PATHS.createTeacher), { schoolCode: code });
    expect((await t.outbox()).some((m) => m.to === defaultTeacherEmail(code))).toBe(false);
  });

  it('adds a personal school with its teacher (both payment permissions)', async () => {
    const code = generateSchoolCode();
    const created = await call('POST', url(OWNER_PATHS.schools), {
      code,
      name: 'The Patel Household',
      schoolType: 'personal',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<TSchoolResponse>().data).toMatchObject({
      schoolType: 'personal',
      plan: 'personal',
    });
    const missingName = await call('POST', url(OWNER_PATHS.createTeacher), {
      schoolCode: code,
      email: 'p@example.com',
      password: 'password-123',
    });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json<{ message: string }>().message).toBe(
      MESSAGES.owner.teacherNameRequired,
    );
    const teacher = await call('POST', url(OWNER_PATHS.createTeacher), {
      name: 'Priya Patel',
      email: 'priya.patel@example.com',
      password: 'password-123',
      schoolCode: code,
      role: 'teacher',
      schoolType: 'personal',
    });
    expect(teacher.statusCode, teacher.body).toBe(201);
    const data = teacher.json<TCreateAccountResponse>().data;
    expect(data.permissions).toEqual(['view_payments', 'manage_payments']);
    expect(data.temporaryPassword).toBeUndefined();
    // The Personal plan's teacher is welcomed the same way, without the password.
    await expect
      .poll(async () => (await t.outbox()).filter((m) => m.to === 'priya.patel@example.com'))
      .toHaveLength(1);
    const [welcome] = (await t.outbox()).filter((m) => m.to === 'priya.patel@example.com');
    expect(welcome?.text).toContain('the teacher account of The Patel Household');
    expect(welcome?.text).not.toContain('password-123');
    // A personal school has no admin.
    const admin = await call('POST', url(OWNER_PATHS.createAdmin), {
      email: 'x@example.com',
      password: 'password-123',
      schoolCode: code,
    });
    expect(admin.statusCode).toBe(400);
  });

  it('reports each later step failing while the school stays created', async () => {
    const taken = await buildSchoolWithUser(t, 'admin');
    const code = generateSchoolCode();
    expect(
      (await call('POST', url(OWNER_PATHS.schools), { code, name: 'Half Made' })).statusCode,
    ).toBe(201);
    const admin = await call('POST', url(OWNER_PATHS.createAdmin), {
      email: taken.user.email,
      password: 'password-123',
      schoolCode: code,
    });
    expect(admin.statusCode).toBe(409);
    expect(admin.json<{ message: string }>().message).toBe(MESSAGES.owner.serverEmailTaken);
    const listed = await call('GET', `${url(OWNER_PATHS.schools)}?search=half%20made`);
    expect(listed.json<TSchoolsResponse>().data.map((s) => s.code)).toEqual([code]);
    // A missing school, a bad code, a taken code, a bad upload reference.
    expect(
      (await call('POST', url(OWNER_PATHS.createTeacher), { schoolCode: generateSchoolCode() }))
        .statusCode,
    ).toBe(404);
    const short = await call('POST', url(OWNER_PATHS.schools), { code: 'ABC', name: 'Short' });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toContain(MESSAGES.owner.codeLength);
    const blank = await call('POST', url(OWNER_PATHS.schools), { code, name: '  ' });
    expect(blank.statusCode).toBe(400);
    const dup = await call('POST', url(OWNER_PATHS.schools), { code, name: 'Again' });
    expect(dup.statusCode).toBe(409);
    const forged = await call('POST', url(OWNER_PATHS.schools), {
      code: generateSchoolCode(),
      name: 'Forged Logo',
      imageUrl: 'https://evil.example/logo.png',
    });
    expect(forged.statusCode).toBe(400);
    // A logo that is not JPEG or PNG is refused.
    const gif = multipart('file', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif');
    const refused = await t.app.inject({
      method: 'POST',
      url: url(OWNER_PATHS.logoUpload),
      headers: { ...headers, 'content-type': gif.contentType },
      payload: gif.body,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.owner.logoType);
  });

  it('edits a school; the code cannot change', async () => {
    const school = await buildSchool(t, { name: 'Old Name' });
    const edited = await call('PUT', url(OWNER_PATHS.schoolByCode, { code: school.code }), {
      code: school.code,
      name: 'New Name',
      active: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TSchoolResponse>()).toMatchObject({
      message: MESSAGES.owner.updated,
      data: { name: 'New Name', code: school.code },
    });
    const recoded = await call('PUT', url(OWNER_PATHS.schoolByCode, { code: school.code }), {
      code: generateSchoolCode(),
      name: 'New Name',
    });
    expect(recoded.statusCode).toBe(400);
    expect(recoded.json<{ message: string }>().message).toBe(MESSAGES.owner.serverCodeChange);
    const details = await call('GET', url(OWNER_PATHS.school, { id: school.id }));
    const [change] = details.json<{ data: TSchoolDetails }>().data.recentChanges;
    expect(change).toMatchObject({
      action: 'school.updated',
      actorName: owner.name,
      before: { name: 'Old Name' },
      after: { name: 'New Name' },
    });
  });

  it('deactivation ends sessions at once; reactivation restores the school', async () => {
    const { school, user: teacher } = await buildSchoolWithUser(t, 'teacher');
    const login = async () =>
      t.app.inject({
        method: 'POST',
        url: apiPath(AUTH_PATHS.login),
        payload: { email: teacher.email, password: teacher.password },
        remoteAddress: nextClientAddress(),
      });
    const session = await signIn(t.app, teacher.email);
    const me = () => call('GET', apiPath(AUTH_PATHS.me), undefined, bearer(session));
    expect((await me()).statusCode).toBe(200);

    const off = await call('PUT', url(OWNER_PATHS.schoolByCode, { code: school.code }), {
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<TSchoolResponse>()).toMatchObject({
      message: MESSAGES.owner.deactivated,
      data: { active: false },
    });

    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({
      code: 'ACCOUNT_INACTIVE',
      message: MESSAGES.register.inactiveSchool,
    });
    const refresh = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.refresh),
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const again = await login();
    expect(again.statusCode).toBe(403);
    expect(again.json<{ message: string }>().message).toBe(MESSAGES.register.inactiveSchool);

    // Hidden unless includeInactive; nothing of it deleted.
    const active = await call('GET', url(OWNER_PATHS.schools));
    expect(active.json<TSchoolsResponse>().data.some((s) => s._id === school.id)).toBe(false);
    const all = await call('GET', `${url(OWNER_PATHS.schools)}?includeInactive=true`);
    const row = all.json<TSchoolsResponse>().data.find((s) => s._id === school.id);
    expect(row).toMatchObject({ active: false, userCount: 1 });

    const on = await call('PUT', url(OWNER_PATHS.schoolByCode, { code: school.code }), {
      name: row?.name,
      active: true,
    });
    expect(on.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const details = await call('GET', url(OWNER_PATHS.school, { id: school.id }));
    expect(
      details
        .json<{ data: TSchoolDetails }>()
        .data.recentChanges.map((c) => c.action)
        .slice(0, 2),
    ).toEqual(['school.reactivated', 'school.deactivated']);
  });

  it('deletes only an inactive school without users', async () => {
    const { school } = await buildSchoolWithUser(t, 'student');
    const active = await call('DELETE', url(OWNER_PATHS.schoolByCode, { code: school.code }));
    expect(active.statusCode).toBe(400);
    await call('PUT', url(OWNER_PATHS.schoolByCode, { code: school.code }), { active: false });
    const withUsers = await call('DELETE', url(OWNER_PATHS.schoolByCode, { code: school.code }));
    expect(withUsers.statusCode).toBe(400);
    expect(withUsers.json<{ message: string }>().message).toMatch(/users?/);
    expect(withUsers.json<{ message: string }>().message).toContain('user');

    const empty = await buildSchool(t, { active: false });
    const deleted = await call('DELETE', url(OWNER_PATHS.schoolByCode, { code: empty.code }));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ message: string }>().message).toBe(MESSAGES.owner.deleted);
    expect((await call('GET', url(OWNER_PATHS.school, { id: empty.id }))).statusCode).toBe(404);
    expect(
      (await call('DELETE', url(OWNER_PATHS.schoolByCode, { code: empty.code }))).statusCode,
    ).toBe(404);
  });

  describe('users list, paged on the server', () => {
    let schoolA: { id: string; name: string };
    let schoolB: { id: string; name: string };
    const usersUrl = (query: Record<string, string>) =>
      `${url(OWNER_PATHS.users)}?${new URLSearchParams(query).toString()}`;

    beforeAll(async () => {
      schoolA = await buildSchool(t, { name: 'Aardvark Academy' });
      schoolB = await buildSchool(t, { name: 'Zebra Secondary' });
      for (let i = 0; i < 12; i += 1) {
        await buildUser(t, {
          role: 'student',
          schoolId: schoolA.id,
          name: `Pupil ${String(i).padStart(2, '0')} Quokka`,
        });
      }
      await buildUser(t, { role: 'teacher', schoolId: schoolB.id, name: 'Mr Quokka Teacher' });
      await buildUser(t, {
        role: 'admin',
        schoolId: schoolB.id,
        name: 'Admin Zed',
        email: 'zed.quokkaadmin@example.com',
      });
    });

    it('pages 10 at a time with counts, newest first by default', async () => {
      const first = await call('GET', usersUrl({ search: 'quokka' }));
      expect(first.statusCode, first.body).toBe(200);
      const page1 = first.json<TOwnerUsersResponse>();
      expect(page1.users).toHaveLength(10);
      expect(page1.page.matched).toBe(14);
      expect(page1.page.total).toBeGreaterThanOrEqual(14);
      const created = page1.users.map((u) => u.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      const second = await call(
        'GET',
        usersUrl({ search: 'quokka', cursor: page1.page.nextCursor ?? '' }),
      );
      const page2 = second.json<TOwnerUsersResponse>();
      expect(page2.users).toHaveLength(4);
      expect(page2.page.nextCursor).toBeNull();
      const ids = new Set([...page1.users, ...page2.users].map((u) => u._id));
      expect(ids.size).toBe(14);
    });

    it('searches name or e-mail case-insensitively, filters by role and school', async () => {
      const byEmail = await call('GET', usersUrl({ search: 'ZED.QUOKKA' }));
      expect(byEmail.json<TOwnerUsersResponse>().users.map((u) => u.name)).toEqual(['Admin Zed']);
      const teachers = await call('GET', usersUrl({ search: 'quokka', role: 'Teacher' }));
      expect(teachers.json<TOwnerUsersResponse>().users.map((u) => u.name)).toEqual([
        'Mr Quokka Teacher',
      ]);
      const inB = await call('GET', usersUrl({ school: schoolB.id }));
      const b = inB.json<TOwnerUsersResponse>();
      expect(b.page.matched).toBe(2);
      expect(b.users.every((u) => u.school?.name === 'Zebra Secondary')).toBe(true);
      const unknown = await call('GET', usersUrl({ school: 'unknown' }));
      const u = unknown.json<TOwnerUsersResponse>();
      expect(u.users.map((x) => x._id)).toContain(owner.id);
      expect(u.users.every((x) => x.school === null)).toBe(true);
      // LIKE wildcards in the term are taken literally.
      const wild = await call('GET', usersUrl({ search: '%' }));
      expect(wild.json<TOwnerUsersResponse>().page.matched).toBe(0);
      const underscore = await call('GET', usersUrl({ search: 'pupil_0' }));
      expect(underscore.json<TOwnerUsersResponse>().page.matched).toBe(0);
      const bad = await call('GET', usersUrl({ role: 'wizard' }));
      expect(bad.statusCode).toBe(400);
    });

    it('sorts by each column both ways, keyset pages included', async () => {
      for (const sort of ['name', 'email', 'school', 'role', 'createdAt'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const seen: TOwnerUsersResponse['users'] = [];
          let cursor: string | null = null;
          do {
            const response = await call(
              'GET',
              usersUrl({
                search: 'quokka',
                sort,
                order,
                limit: '5',
                ...(cursor ? { cursor } : {}),
              }),
            );
            expect(response.statusCode, response.body).toBe(200);
            const body = response.json<TOwnerUsersResponse>();
            seen.push(...body.users);
            cursor = body.page.nextCursor;
          } while (cursor);
          expect(seen).toHaveLength(14);
          const key = (x: (typeof seen)[number]) =>
            sort === 'name'
              ? x.name.toLowerCase()
              : sort === 'email'
                ? x.email
                : sort === 'school'
                  ? (x.school?.name ?? '').toLowerCase()
                  : sort === 'role'
                    ? x.role
                    : x.createdAt;
          const keys = seen.map(key);
          const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(keys, `${sort} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
        }
      }
      const wrongCursor = await call(
        'GET',
        usersUrl({ sort: 'name', cursor: 'WyJ1c2Vycy1jcmVhdGVkLWRlc2MiXQ' }),
      );
      expect(wrongCursor.statusCode).toBe(400);
    });

    it("lists one school's people and each user's statistics", async () => {
      const list = await call('GET', url(OWNER_PATHS.schoolUsers, { id: schoolA.id }));
      const body = list.json<TOwnerUsersResponse>();
      expect(body.page.total).toBe(12);
      const student = body.users[0];
      const stats = await call('GET', url(OWNER_PATHS.userStats, { id: student?._id ?? '' }));
      expect(stats.json<{ stats: TUserStats }>().stats).toEqual({
        studentStats: {
          enrolledClasses: 0,
          totalSubmissions: 0,
          averageScore: null,
          lastSubmissionDate: null,
        },
      });
      const ownerStats = await call('GET', url(OWNER_PATHS.userStats, { id: owner.id }));
      expect(
        ownerStats.json<{ stats: TUserStats }>().stats.ownerStats?.totalSchools,
      ).toBeGreaterThan(2);
      const adminList = await call('GET', url(OWNER_PATHS.schoolUsers, { id: schoolB.id }));
      for (const person of adminList.json<TOwnerUsersResponse>().users) {
        const s = await call('GET', url(OWNER_PATHS.userStats, { id: person._id }));
        const got = s.json<{ stats: TUserStats }>().stats;
        if (person.role === 'admin') {
          expect(got.adminStats).toEqual({
            totalTeachers: 1,
            totalStudents: 0,
            totalClasses: 0,
            activeClasses: 0,
          });
        } else {
          expect(got.teacherStats).toEqual({
            totalClasses: 0,
            activeClasses: 0,
            totalStudents: 0,
            questionsCreated: 0,
            submissionsEvaluated: 0,
          });
        }
      }
      const missing = await call(
        'GET',
        url(OWNER_PATHS.userStats, { id: '00000000-0000-4000-8000-000000000000' }),
      );
      expect(missing.statusCode).toBe(404);
    });
  });
});
