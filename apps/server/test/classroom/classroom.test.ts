import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, fillPath } from '@stem/contract/api';
import {
  CLASSROOM_CALLBACK_PAGE,
  CLASSROOM_PATHS,
  CLASSROOM_SCOPES,
  type TClassroomPushResponse,
  type TClassroomStatus,
} from '@stem/contract/classroom';
import { CLASS_TEST_PATHS, type TClassTest } from '@stem/contract/class-tests';
import { MESSAGES } from '@stem/contract/messages';
import { RELEASE_PATHS } from '@stem/contract/regrades';
import type { TRosterPreview } from '@stem/contract/roster';
import { classStudents, classroomGrants, classroomOauthStates, users } from '../../src/db/schema';
import { buildSchool, buildUser, nextClientAddress } from '../helpers/factories';
import { startFakeClassroom, type TFakeClassroom } from '../helpers/fake-classroom';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  classroom,
  markOk,
  PHOTOSYNTHESIS_ANSWER,
  submitOk,
} from '../submissions/submission-helpers';
import { actor, createClass, type TActor } from '../teaching/teaching-helpers';

const APP_URL = 'http://localhost:3000';
const M = MESSAGES.classroom;

let fake: TFakeClassroom;
let t: TTestApp;
beforeAll(async () => {
  fake = await startFakeClassroom();
  t = await buildTestApp({
    APP_URL,
    CLASSROOM_GOOGLE_CLIENT_ID: fake.clientId,
    CLASSROOM_GOOGLE_CLIENT_SECRET: fake.clientSecret,
    CLASSROOM_GOOGLE_BASE_URL: fake.url,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const path = (p: string, classId = '') => apiPath(fillPath(p, { classId }));

function call(
  who: TActor,
  method: InjectOptions['method'],
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method,
    url,
    headers: who.headers,
    // Each call from its own address: the Google routes' rate limit is per address.
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : {}),
  });
}

/** Starts the consent: Google's consent page's URL. */
async function startConnect(who: TActor, classId: string): Promise<URL> {
  const response = await call(who, 'POST', path(CLASSROOM_PATHS.connect, classId));
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json<{ url: string }>().url);
}

/** Google's consent page answers with a redirect to the callback page; its query string. */
async function consentAt(consentUrl: URL): Promise<string> {
  const response = await fetch(consentUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}${CLASSROOM_CALLBACK_PAGE}`);
  return back.search;
}

function finish(who: TActor, search: string) {
  return call(who, 'POST', path(CLASSROOM_PATHS.callback), { search });
}

async function connect(who: TActor, classId: string, email: string): Promise<void> {
  fake.signInAs(email);
  const response = await finish(who, await consentAt(await startConnect(who, classId)));
  expect(response.statusCode, response.body).toBe(200);
}

async function status(who: TActor, classId: string): Promise<TClassroomStatus> {
  const response = await call(who, 'GET', path(CLASSROOM_PATHS.status, classId));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TClassroomStatus }>().data;
}

const newCourseId = () => String(100_000 + Math.floor(Math.random() * 899_999));

describe('Google Classroom: not configured', () => {
  it('says it is off, and its other routes answer 404', async () => {
    const off = await buildTestApp({ APP_URL });
    try {
      const setup = await classroom(off);
      const get = await off.app.inject({
        method: 'GET',
        url: path(CLASSROOM_PATHS.status, setup.cls.id),
        headers: setup.teacher.headers,
      });
      expect(get.json()).toMatchObject({ data: { enabled: false, link: null } });
      const start = await off.app.inject({
        method: 'POST',
        url: path(CLASSROOM_PATHS.connect, setup.cls.id),
        headers: setup.teacher.headers,
      });
      expect(start.statusCode).toBe(404);
      expect(start.json()).toMatchObject({ message: M.notConfigured });
    } finally {
      await off.close();
    }
  }, 60_000);
});

describe('Google Classroom: linking a class', () => {
  it('asks Google for consent with PKCE (S256), a state, offline access and the Classroom scopes', async () => {
    const setup = await classroom(t);
    const url = await startConnect(setup.teacher, setup.cls.id);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/o/oauth2/v2/auth`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(fake.clientId);
    expect(q.get('redirect_uri')).toBe(`${APP_URL}${CLASSROOM_CALLBACK_PAGE}`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('access_type')).toBe('offline');
    expect((q.get('scope') ?? '').split(' ').sort()).toEqual([...CLASSROOM_SCOPES].sort());
    const state = q.get('state') ?? '';
    expect(state.length).toBeGreaterThanOrEqual(43);
    // Only the state's hash is kept.
    const rows = await t.database.db
      .select({ stateHash: classroomOauthStates.stateHash })
      .from(classroomOauthStates)
      .where(eq(classroomOauthStates.classId, setup.cls.id));
    expect(rows.map((r) => r.stateHash)).not.toContain(state);
  });

  it('links with the right state, keeps the refresh token encrypted, and lists and links a course', async () => {
    const setup = await classroom(t);
    const email = `t${Date.now()}@school.example.org`;
    const courseId = newCourseId();
    fake.addCourse(
      { id: courseId, name: 'Biology 10B', section: 'Period 2', teacherEmail: email },
      [],
    );
    fake.addCourse({ id: newCourseId(), name: 'Someone else’s', teacherEmail: 'x@y.org' }, []);
    expect((await status(setup.teacher, setup.cls.id)).connected).toBe(false);

    fake.signInAs(email);
    const search = await consentAt(await startConnect(setup.teacher, setup.cls.id));
    const done = await finish(setup.teacher, search);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ classId: setup.cls.id, message: M.connected });
    const tokenCall = fake.requests.filter((r) => r.path === '/token').at(-1);
    expect(tokenCall?.body).toMatchObject({ grant_type: 'authorization_code' });
    expect(String((tokenCall?.body as Record<string, unknown>).code_verifier)).toMatch(
      /^[A-Za-z0-9_-]{43,128}$/,
    );

    const [grant] = await t.database.db
      .select()
      .from(classroomGrants)
      .where(eq(classroomGrants.teacherId, setup.teacher.user.id));
    expect(grant?.refreshTokenSealed).toMatch(/^v1\./);
    expect(grant?.refreshTokenSealed).not.toContain('1//');
    expect((await status(setup.teacher, setup.cls.id)).connected).toBe(true);

    const courses = await call(setup.teacher, 'GET', path(CLASSROOM_PATHS.courses, setup.cls.id));
    expect(courses.statusCode, courses.body).toBe(200);
    expect(courses.json()).toMatchObject({
      courses: [{ id: courseId, name: 'Biology 10B', section: 'Period 2' }],
    });

    const notMine = await call(setup.teacher, 'PUT', path(CLASSROOM_PATHS.link, setup.cls.id), {
      courseId: '999',
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toMatchObject({ message: M.courseNotYours, field: 'courseId' });

    const linked = await call(setup.teacher, 'PUT', path(CLASSROOM_PATHS.link, setup.cls.id), {
      courseId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ message: M.linked('Biology 10B') });
    expect((await status(setup.teacher, setup.cls.id)).link).toMatchObject({
      courseId,
      courseName: 'Biology 10B',
    });

    const unlinked = await call(setup.teacher, 'DELETE', path(CLASSROOM_PATHS.link, setup.cls.id));
    expect(unlinked.statusCode).toBe(200);
    expect((await status(setup.teacher, setup.cls.id)).link).toBeNull();
  });

  it('refuses a replayed, a wrong and another teacher’s state', async () => {
    const setup = await classroom(t);
    const search = await consentAt(await startConnect(setup.teacher, setup.cls.id));
    const wrong = new URLSearchParams(search);
    wrong.set('state', 'not-the-state-we-made-0123456789abcdefghijklmno');
    const refused = await finish(setup.teacher, `?${wrong.toString()}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: M.stateInvalid });

    // A colleague of the same school cannot spend the teacher's state.
    const colleague = await actor(t, 'teacher', setup.school);
    const stolen = await finish(colleague, search);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ message: M.stateInvalid });

    expect((await finish(setup.teacher, search)).statusCode).toBe(200);
    const replay = await finish(setup.teacher, search);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message: M.stateInvalid });
  });

  it('refuses an expired state, and says so when Google consent is refused', async () => {
    const setup = await classroom(t);
    const search = await consentAt(await startConnect(setup.teacher, setup.cls.id));
    t.clock.advance(11 * 60 * 1000);
    try {
      expect((await finish(setup.teacher, search)).statusCode).toBe(400);
    } finally {
      t.clock.reset();
    }
    fake.refuseConsent(true);
    try {
      const denied = await finish(
        setup.teacher,
        await consentAt(await startConnect(setup.teacher, setup.cls.id)),
      );
      expect(denied.statusCode).toBe(400);
      expect(denied.json()).toMatchObject({ message: M.consentRefused });
    } finally {
      fake.refuseConsent(false);
    }
  });

  it('refuses another teacher’s class and another school’s class (404, as missing)', async () => {
    const setup = await classroom(t);
    const colleague = await actor(t, 'teacher', setup.school);
    const elsewhere = await classroom(t);
    for (const [who, classId] of [
      [colleague, setup.cls.id],
      [setup.teacher, elsewhere.cls.id],
    ] as const) {
      for (const [method, p] of [
        ['GET', CLASSROOM_PATHS.status],
        ['POST', CLASSROOM_PATHS.connect],
        ['GET', CLASSROOM_PATHS.courses],
        ['POST', CLASSROOM_PATHS.rosterPreview],
      ] as const) {
        const response = await call(who, method, path(p, classId));
        expect(response.statusCode, `${method} ${p}`).toBe(404);
      }
      const push = await call(who, 'POST', path(CLASSROOM_PATHS.push, classId), {
        questionId: setup.photosynthesis.id,
      });
      expect(push.statusCode).toBe(404);
    }
    // Students and admins have no Classroom routes.
    const admin = await actor(t, 'admin', setup.school);
    expect((await call(admin, 'GET', path(CLASSROOM_PATHS.status, setup.cls.id))).statusCode).toBe(
      403,
    );
    expect(
      (await call(setup.student, 'GET', path(CLASSROOM_PATHS.status, setup.cls.id))).statusCode,
    ).toBe(403);
  });
});

/** A class linked to a fresh course whose students are given. */
async function linkedClass(
  roster: (
    setup: Awaited<ReturnType<typeof classroom>>,
  ) => Promise<{ userId: string; name: string; email: string }[]>,
) {
  const setup = await classroom(t);
  const email = `t${Math.random().toString(36).slice(2)}@school.example.org`;
  const courseId = newCourseId();
  fake.addCourse({ id: courseId, name: 'Biology 10B', teacherEmail: email }, await roster(setup));
  await connect(setup.teacher, setup.cls.id, email);
  const linked = await call(setup.teacher, 'PUT', path(CLASSROOM_PATHS.link, setup.cls.id), {
    courseId,
  });
  expect(linked.statusCode, linked.body).toBe(200);
  return { ...setup, courseId };
}

describe('Google Classroom: the roster', () => {
  it('previews each student’s outcome, then imports: matched by e-mail, new ones invited', async () => {
    const other = await buildSchool(t);
    const foreign = await buildUser(t, { role: 'student', schoolId: other.id });
    const newEmail = `new.${Date.now()}@school.example.org`;
    const setup = await linkedClass(async (s) => {
      const [bella] = await t.database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, s.student.user.id));
      return [
        { userId: '1001', name: 'Bella Student', email: bella?.email ?? '' },
        { userId: '1002', name: 'Adam Student', email: s.outsider.user.email },
        { userId: '1003', name: 'Nina New', email: newEmail },
        { userId: '1004', name: 'Far Away', email: foreign.email },
        { userId: '1005', name: 'Hidden Email', email: '' },
      ];
    });
    const previewed = await call(
      setup.teacher,
      'POST',
      path(CLASSROOM_PATHS.rosterPreview, setup.cls.id),
    );
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json<{ data: TRosterPreview }>().data;
    expect(preview.rows.map((r) => [r.name, r.outcome, r.placeInClass, r.reason])).toEqual([
      ['Bella Student', 'existing', false, null],
      ['Adam Student', 'existing', true, null],
      ['Nina New', 'new', true, null],
      ['Far Away', 'error', false, MESSAGES.roster.rowErrors.otherSchool],
      ['Hidden Email', 'error', false, M.rosterNoEmail],
    ]);
    expect(preview.counts).toEqual({ new: 1, existing: 2, error: 2, placements: 2 });
    expect(preview.limits.fits).toBe(true);
    // Nothing written by the preview.
    const none = await t.database.db.select().from(users).where(eq(users.email, newEmail));
    expect(none).toHaveLength(0);

    const imported = await call(
      setup.teacher,
      'POST',
      path(CLASSROOM_PATHS.rosterImport, setup.cls.id),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      data: { created: 1, existing: 2, placed: 2, invited: 1, skipped: 2 },
      message: M.rosterImported(1, 2),
    });
    const [made] = await t.database.db.select().from(users).where(eq(users.email, newEmail));
    expect(made).toMatchObject({ role: 'student', schoolId: setup.school.id, passwordHash: null });
    await expect
      .poll(async () => (await t.outbox()).filter((m) => m.to.includes(newEmail)).length)
      .toBe(1);
  });

  it('applies the plan’s limits as the CSV import does (said in the preview, refused on import)', async () => {
    const school = await buildSchool(t, { plan: 'trial' });
    const teacher = await actor(t, 'teacher', school);
    const cls = await createClass(t.app, teacher, 'Trial class', []);
    const email = `trial${Date.now()}@school.example.org`;
    const courseId = newCourseId();
    fake.addCourse({ id: courseId, name: 'Trial course', teacherEmail: email }, [
      { userId: '2001', name: 'One New', email: `one.${Date.now()}@school.example.org` },
      { userId: '2002', name: 'Two New', email: `two.${Date.now()}@school.example.org` },
    ]);
    await connect(teacher, cls.id, email);
    expect(
      (await call(teacher, 'PUT', path(CLASSROOM_PATHS.link, cls.id), { courseId })).statusCode,
    ).toBe(200);
    const preview = await call(teacher, 'POST', path(CLASSROOM_PATHS.rosterPreview, cls.id));
    expect(preview.json()).toMatchObject({ data: { limits: { fits: false } } });
    const refused = await call(teacher, 'POST', path(CLASSROOM_PATHS.rosterImport, cls.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TRIAL_LIMIT' });
  });

  it('says when the class is not linked', async () => {
    const setup = await classroom(t);
    await connect(setup.teacher, setup.cls.id, 'nolink@school.example.org');
    const response = await call(
      setup.teacher,
      'POST',
      path(CLASSROOM_PATHS.rosterPreview, setup.cls.id),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: M.notLinked });
  });
});

describe('Google Classroom: pushing marks', () => {
  it('creates the coursework, sets each matched student’s grade, and updates the same one again', async () => {
    const setup = await linkedClass(async (s) => [
      { userId: '3001', name: 'Bella Student', email: await emailOf(s.student.user.id) },
      { userId: '3002', name: 'Adam Student', email: s.outsider.user.email },
    ]);
    // Adam is in the class too (not marked yet); a third student is not in Classroom.
    const extra = await buildUser(t, { role: 'student', schoolId: setup.school.id, name: 'Zed' });
    await addToClass(setup, [setup.outsider.user.id, extra.id]);
    const submissionId = await submitOk(t, setup.student, setup.cls, [
      { question: setup.photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
    ]);
    const marked = await markOk(t, setup.teacher, setup.cls.id, submissionId);
    const score = marked.totalScore;

    const first = await call(setup.teacher, 'POST', path(CLASSROOM_PATHS.push, setup.cls.id), {
      questionId: setup.photosynthesis.id,
    });
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json<TClassroomPushResponse>().data;
    expect(result.created).toBe(true);
    expect(result.maxPoints).toBe(setup.photosynthesis.marks);
    expect(result.students.map((s) => [s.name, s.outcome, s.score])).toEqual([
      ['Adam Student', 'notMarked', null],
      ['Bella Student', 'pushed', score],
      ['Zed', 'noClassroomAccount', null],
    ]);
    expect(result.counts).toEqual({ pushed: 1, noClassroomAccount: 1, notMarked: 1, failed: 0 });
    const work = fake.courseWorks.get(result.courseWorkId);
    expect(work).toMatchObject({
      courseId: setup.courseId,
      maxPoints: setup.photosynthesis.marks,
      workType: 'ASSIGNMENT',
      state: 'PUBLISHED',
    });
    const graded = [...fake.submissions.values()].find(
      (s) => s.courseWorkId === result.courseWorkId && s.userId === '3001',
    );
    expect(graded).toMatchObject({ assignedGrade: score, draftGrade: score });

    const again = await call(setup.teacher, 'POST', path(CLASSROOM_PATHS.push, setup.cls.id), {
      questionId: setup.photosynthesis.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json<TClassroomPushResponse>().data;
    expect(second.created).toBe(false);
    expect(second.courseWorkId).toBe(result.courseWorkId);
    expect(
      fake.requests.some(
        (r) =>
          r.method === 'PATCH' &&
          r.path === `/v1/courses/${setup.courseId}/courseWork/${result.courseWorkId}`,
      ),
    ).toBe(true);
    expect(
      [...fake.courseWorks.values()].filter((w) => w.courseId === setup.courseId),
    ).toHaveLength(1);
    expect((await status(setup.teacher, setup.cls.id)).pushes).toMatchObject([
      { questionId: setup.photosynthesis.id, courseWorkId: result.courseWorkId },
    ]);

    // One grade refused by Google: that student's outcome says why; the push goes on.
    fake.failNext(/\/studentSubmissions\/[^/]+$/, 400, 'Invalid grade.');
    const partly = await call(setup.teacher, 'POST', path(CLASSROOM_PATHS.push, setup.cls.id), {
      questionId: setup.photosynthesis.id,
    });
    expect(partly.statusCode, partly.body).toBe(200);
    expect(
      partly.json<TClassroomPushResponse>().data.students.find((s) => s.name === 'Bella Student'),
    ).toMatchObject({ outcome: 'failed', reason: 'Invalid grade.' });

    // Deleted in Classroom since: the next push makes it again.
    fake.courseWorks.delete(result.courseWorkId);
    const remade = await call(setup.teacher, 'POST', path(CLASSROOM_PATHS.push, setup.cls.id), {
      questionId: setup.photosynthesis.id,
    });
    expect(remade.json<TClassroomPushResponse>().data).toMatchObject({ created: true });
  }, 120_000);

  it('pushes a test as ONE coursework worth its total, each student’s sum of its questions, and updates it again', async () => {
    const setup = await linkedClass(async (s) => [
      { userId: '4001', name: 'Bella Student', email: await emailOf(s.student.user.id) },
      { userId: '4002', name: 'Adam Student', email: s.outsider.user.email },
    ]);
    await addToClass(setup, [setup.outsider.user.id]);
    const made = await call(
      setup.teacher,
      'POST',
      apiPath(fillPath(CLASS_TEST_PATHS.tests, { classId: setup.cls.id })),
      { title: 'Plants test', questionIds: [setup.photosynthesis.id, setup.osmosis.id] },
    );
    expect(made.statusCode, made.body).toBe(201);
    const test = made.json<{ data: TClassTest }>().data;
    // Osmosis's marks are held for release: Classroom gets the total as a draft grade only, which
    // its students never see.
    const held = await call(
      setup.teacher,
      'PATCH',
      apiPath(
        fillPath(RELEASE_PATHS.questionMarking, {
          classId: setup.cls.id,
          questionId: setup.osmosis.id,
        }),
      ),
      { releaseMode: 'on_release' },
    );
    expect(held.statusCode, held.body).toBe(200);
    const submissionId = await submitOk(t, setup.student, setup.cls, [
      { question: setup.photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
      {
        question: setup.osmosis,
        answer: 'Water moves from a dilute solution to a concentrated one across a membrane.',
      },
    ]);
    const marked = await markOk(t, setup.teacher, setup.cls.id, submissionId);

    const pushUrl = path(CLASSROOM_PATHS.push, setup.cls.id);
    const first = await call(setup.teacher, 'POST', pushUrl, { testId: test.id });
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json<TClassroomPushResponse>().data;
    expect(result.created).toBe(true);
    expect(result.maxPoints).toBe(setup.photosynthesis.marks + setup.osmosis.marks);
    expect(result.students.map((s) => [s.name, s.outcome, s.score])).toEqual([
      ['Adam Student', 'notMarked', null],
      ['Bella Student', 'pushed', marked.totalScore],
    ]);
    const work = fake.courseWorks.get(result.courseWorkId);
    expect(work).toMatchObject({ title: 'Plants test', maxPoints: result.maxPoints });
    expect(
      [...fake.submissions.values()].find(
        (s) => s.courseWorkId === result.courseWorkId && s.userId === '4001',
      ),
    ).toEqual(expect.objectContaining({ draftGrade: marked.totalScore }));
    expect(
      [...fake.submissions.values()].find(
        (s) => s.courseWorkId === result.courseWorkId && s.userId === '4001',
      )?.assignedGrade,
    ).toBeUndefined();

    // Released, the next push gives the student the grade.
    const released = await call(
      setup.teacher,
      'POST',
      apiPath(
        fillPath(RELEASE_PATHS.release, {
          classId: setup.cls.id,
          questionId: setup.osmosis.id,
        }),
      ),
    );
    expect(released.statusCode, released.body).toBe(200);
    expect((await call(setup.teacher, 'POST', pushUrl, { testId: test.id })).statusCode).toBe(200);
    expect(
      [...fake.submissions.values()].find(
        (s) => s.courseWorkId === result.courseWorkId && s.userId === '4001',
      ),
    ).toMatchObject({ assignedGrade: marked.totalScore, draftGrade: marked.totalScore });

    // A question of the test pushed alone is another coursework; the test's is updated in place.
    const question = await call(setup.teacher, 'POST', pushUrl, {
      questionId: setup.photosynthesis.id,
    });
    expect(question.json<TClassroomPushResponse>().data.courseWorkId).not.toBe(result.courseWorkId);
    const again = await call(setup.teacher, 'POST', pushUrl, { testId: test.id });
    expect(again.json<TClassroomPushResponse>().data).toMatchObject({
      created: false,
      courseWorkId: result.courseWorkId,
    });
    expect(
      [...fake.courseWorks.values()].filter((w) => w.courseId === setup.courseId),
    ).toHaveLength(2);
    expect((await status(setup.teacher, setup.cls.id)).pushes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ testId: test.id, questionId: null }),
        expect.objectContaining({ testId: null, questionId: setup.photosynthesis.id }),
      ]),
    );

    // Another class's test, and a body naming both or neither, are refused naming the field.
    const elsewhere = await classroom(t);
    const theirs = await call(
      elsewhere.teacher,
      'POST',
      apiPath(fillPath(CLASS_TEST_PATHS.tests, { classId: elsewhere.cls.id })),
      { title: 'Theirs', questionIds: [elsewhere.osmosis.id] },
    );
    const foreign = await call(setup.teacher, 'POST', pushUrl, {
      testId: theirs.json<{ data: TClassTest }>().data.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: M.testNotInClass, field: 'testId' });
    for (const body of [{ testId: test.id, questionId: setup.osmosis.id }, {}]) {
      const refused = await call(setup.teacher, 'POST', pushUrl, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'questionId' });
    }
  }, 120_000);

  it('refuses a question that is not set in the class', async () => {
    const setup = await linkedClass(async () => []);
    const elsewhere = await classroom(t);
    const response = await call(setup.teacher, 'POST', path(CLASSROOM_PATHS.push, setup.cls.id), {
      questionId: elsewhere.photosynthesis.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: M.questionNotInClass, field: 'questionId' });
  });

  it('returns Google’s refusals as 409 with its reason, its failures as 502, withdrawn consent as 409', async () => {
    const setup = await linkedClass(async () => []);
    const pushUrl = path(CLASSROOM_PATHS.push, setup.cls.id);
    const body = { questionId: setup.photosynthesis.id };

    fake.failNext(/\/courseWork$/, 403, 'The caller does not have permission');
    const refused = await call(setup.teacher, 'POST', pushUrl, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: M.googleRefused('The caller does not have permission'),
    });

    fake.failNext(/\/students$/, 503, 'The service is currently unavailable.');
    const down = await call(
      setup.teacher,
      'POST',
      path(CLASSROOM_PATHS.rosterPreview, setup.cls.id),
    );
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({
      code: 'BAD_GATEWAY',
      message: M.googleUnavailable,
    });

    fake.failNext(/\/students$/, 404, 'Requested entity was not found.');
    const gone = await call(
      setup.teacher,
      'POST',
      path(CLASSROOM_PATHS.rosterPreview, setup.cls.id),
    );
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ message: M.courseGone });

    fake.revokeRefreshTokens();
    const expired = await call(setup.teacher, 'POST', pushUrl, body);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ message: M.consentExpired });
    expect((await status(setup.teacher, setup.cls.id)).connected).toBe(false);
  });
});

async function emailOf(userId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row?.email ?? '';
}

async function addToClass(
  setup: { teacher: TActor; cls: { id: string } },
  studentIds: string[],
): Promise<void> {
  await t.database.db
    .insert(classStudents)
    .values(studentIds.map((studentId) => ({ classId: setup.cls.id, studentId })));
}
