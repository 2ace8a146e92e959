import { generateKeyPair, type JSONWebKeySet } from 'jose';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, fillPath } from '@stem/contract/api';
import {
  LTI_LAUNCH_PAGE,
  LTI_PATHS,
  type TLtiClassLinksResponse,
  type TLtiDeepLinkOptions,
  type TLtiDeepLinkResponse,
  type TLtiHandoffResponse,
  type TLtiPlatformsResponse,
  type TLtiRosterResponse,
  type TLtiScoresResponse,
} from '@stem/contract/lti';
import { CLASS_TEST_PATHS, type TClassTest } from '@stem/contract/class-tests';
import { MESSAGES } from '@stem/contract/messages';
import { RELEASE_PATHS } from '@stem/contract/regrades';
import {
  classStudents,
  ltiLaunches,
  submissionAnswers,
  submissions,
  ltiLaunchStates,
  ltiToolKeys,
  userIdentities,
  users,
} from '../../src/db/schema';
import { purgeExpiredTokens } from '../../src/modules/auth/auth.sessions';
import { open } from '../../src/lib/secret-box';
import { TOOL_KEY_PURPOSE } from '../../src/modules/lti/lti.keys';
import { buildUser, nextClientAddress } from '../helpers/factories';
import {
  LIS,
  startTestLtiPlatform,
  type TLmsMessage,
  type TLmsUser,
  type TTestLtiPlatform,
} from '../helpers/lti-platform';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  classroom,
  markOk,
  PHOTOSYNTHESIS_ANSWER,
  submitOk,
} from '../submissions/submission-helpers';
import { signedIn, type TActor } from '../teaching/teaching-helpers';

/**
 * The LTI 1.3 tool (issue 29) against a local LMS built from the 1EdTech messages
 * (helpers/lti-platform.ts): the owner registers the LMS; a teacher deep links a question (the LMS
 * verifies the signed response against the tool's JWKS and makes a gradebook column); a student
 * launches it and lands on the question; the teacher brings the course's roster (NRPS) and sends
 * the marks (AGS). Forged, expired, mis-addressed, unknown-deployment and replayed launches are
 * refused with a page naming why.
 */

const APP_URL = 'http://localhost:3000';
const LAUNCH_URL = `${APP_URL}${apiPath(LTI_PATHS.launch)}`;
const M = MESSAGES.lti;
/** What a browser's navigation accepts: refusals come as pages. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';

let t: TTestApp;
let lms: TTestLtiPlatform;
let world: Awaited<ReturnType<typeof classroom>>;
let owner: TActor;

async function toolJwks(): Promise<JSONWebKeySet> {
  const response = await t.app.inject({ method: 'GET', url: apiPath(LTI_PATHS.jwks) });
  return response.json<JSONWebKeySet>();
}

beforeAll(async () => {
  t = await buildTestApp({ APP_URL });
  lms = await startTestLtiPlatform({
    toolJwks,
    toolLaunchUrl: LAUNCH_URL,
    now: () => t.app.ctx.now(),
  });
  world = await classroom(t);
  owner = await signedIn(t, await buildUser(t, { role: 'owner', schoolId: null }));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await lms?.close();
});

function formFields(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1] ?? ''] = (m[2] ?? '').replace(/&#(\d+);|&amp;|&quot;/g, (all, code?: string) =>
      code ? String.fromCharCode(Number(code)) : all === '&amp;' ? '&' : '"',
    );
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

/** The login initiation: the tool answers with a redirect to the LMS's auth endpoint. */
async function initiate(params: Record<string, string>, method: 'GET' | 'POST' = 'GET') {
  return t.app.inject(
    method === 'GET'
      ? {
          method,
          url: `${apiPath(LTI_PATHS.login)}?${new URLSearchParams(params).toString()}`,
          headers: { accept: BROWSER_ACCEPT },
          remoteAddress: nextClientAddress(),
        }
      : {
          method,
          url: apiPath(LTI_PATHS.login),
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT },
          payload: new URLSearchParams(params).toString(),
          remoteAddress: nextClientAddress(),
        },
  );
}

function postLaunch(fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: apiPath(LTI_PATHS.launch),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: nextClientAddress(),
  });
}

/** Login initiation → the LMS's auth endpoint → its auto-posting form's fields. */
async function launchForm(message: TLmsMessage, method: 'GET' | 'POST' = 'GET') {
  const started = await initiate(lms.loginParams(message, LAUNCH_URL), method);
  expect(started.statusCode, started.body).toBe(302);
  const location = String(started.headers.location);
  expect(location.startsWith(lms.authLoginUrl)).toBe(true);
  const auth = await fetch(location);
  expect(auth.status, await auth.clone().text()).toBe(200);
  const { action, fields } = formFields(await auth.text());
  expect(action).toBe(LAUNCH_URL);
  return {
    fields,
    state: fields.state ?? '',
    nonce: new URL(location).searchParams.get('nonce') ?? '',
  };
}

/** A whole launch, handed to the web app: its session and destination. */
async function launch(message: TLmsMessage): Promise<TLtiHandoffResponse> {
  const { fields } = await launchForm(message);
  const landed = await postLaunch(fields);
  expect(landed.statusCode, landed.body).toBe(303);
  const to = String(landed.headers.location);
  expect(to.startsWith(`${APP_URL}${LTI_LAUNCH_PAGE}#code=`)).toBe(true);
  const code = decodeURIComponent(to.split('#code=')[1] ?? '');
  const handed = await t.app.inject({
    method: 'POST',
    url: apiPath(LTI_PATHS.handoff),
    payload: { code },
  });
  expect(handed.statusCode, handed.body).toBe(200);
  // The code works once.
  const again = await t.app.inject({
    method: 'POST',
    url: apiPath(LTI_PATHS.handoff),
    payload: { code },
  });
  expect(again.statusCode).toBe(400);
  expect(again.json<{ message: string }>().message).toBe(M.handoffInvalid);
  return handed.json<TLtiHandoffResponse>();
}

const auth = (session: { token: string }) => ({ authorization: `Bearer ${session.token}` });

let teacherLms: TLmsUser;
let studentLms: TLmsUser;

describe('LTI 1.3 tool', () => {
  it('lets only the owner register a platform, and keeps the tool key encrypted', async () => {
    const body = {
      name: 'Canvas (test)',
      schoolId: world.school.id,
      issuer: lms.issuer,
      clientId: lms.clientId,
      authLoginUrl: lms.authLoginUrl,
      accessTokenUrl: lms.accessTokenUrl,
      jwksUrl: lms.jwksUrl,
      deploymentIds: [lms.deploymentId],
    };
    const asTeacher = await t.app.inject({
      method: 'POST',
      url: apiPath(LTI_PATHS.platforms),
      headers: world.teacher.headers,
      payload: body,
    });
    expect(asTeacher.statusCode).toBe(403);
    const made = await t.app.inject({
      method: 'POST',
      url: apiPath(LTI_PATHS.platforms),
      headers: owner.headers,
      payload: body,
    });
    expect(made.statusCode, made.body).toBe(201);
    const twice = await t.app.inject({
      method: 'POST',
      url: apiPath(LTI_PATHS.platforms),
      headers: owner.headers,
      payload: body,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(M.platforms.taken);
    const bad = await t.app.inject({
      method: 'POST',
      url: apiPath(LTI_PATHS.platforms),
      headers: owner.headers,
      payload: { ...body, clientId: 'other', jwksUrl: 'not a url', deploymentIds: [] },
    });
    expect(bad.statusCode).toBe(400);

    const list = await t.app.inject({
      method: 'GET',
      url: apiPath(LTI_PATHS.platforms),
      headers: owner.headers,
    });
    const listed = list.json<TLtiPlatformsResponse>();
    expect(listed.platforms.map((p) => p.clientId)).toContain(lms.clientId);
    expect(listed.tool.launchUrl).toBe(LAUNCH_URL);

    const jwks = await toolJwks();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const [stored] = await t.database.db.select().from(ltiToolKeys);
    expect(stored?.privateKeyEncrypted).not.toContain('PRIVATE KEY');
    expect(open(t.config.jwtSecret, TOOL_KEY_PURPOSE, stored?.privateKeyEncrypted ?? '')).toContain(
      'BEGIN PRIVATE KEY',
    );
  });

  it('deep links a question: the LMS gets a signed response with a gradebook column', async () => {
    teacherLms = {
      sub: 'lms-teacher-1',
      name: world.teacher.user.name,
      email: world.teacher.user.email,
      roles: [LIS.instructor],
    };
    const handed = await launch({ kind: 'deepLink', user: teacherLms });
    expect(handed.session.role).toBe('teacher');
    expect(handed.session.userId).toBe(world.teacher.user.id);
    expect(handed.destination.kind).toBe('deepLink');
    if (handed.destination.kind !== 'deepLink') return;
    const launchId = handed.destination.launchId;
    const headers = auth(handed.session);

    const options = await t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(LTI_PATHS.deepLink, { launchId })),
      headers,
    });
    expect(options.statusCode, options.body).toBe(200);
    const choices = options.json<TLtiDeepLinkOptions>();
    expect(choices.courseTitle).toBe('Biology 101');
    const cls = choices.classes.find((c) => c.id === world.cls.id);
    expect(cls?.questions.map((q) => q.id)).toContain(world.photosynthesis.id);

    // Another teacher cannot use this launch.
    const colleague = await signedIn(
      t,
      await buildUser(t, { role: 'teacher', schoolId: world.school.id }),
    );
    const stolen = await t.app.inject({
      method: 'POST',
      url: apiPath(fillPath(LTI_PATHS.deepLink, { launchId })),
      headers: colleague.headers,
      payload: { classId: world.cls.id, questionId: world.photosynthesis.id },
    });
    expect(stolen.statusCode).toBe(404);

    const chosen = await t.app.inject({
      method: 'POST',
      url: apiPath(fillPath(LTI_PATHS.deepLink, { launchId })),
      headers,
      payload: { classId: world.cls.id, questionId: world.photosynthesis.id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { returnPage } = chosen.json<TLtiDeepLinkResponse>();
    const page = await t.app.inject({ method: 'GET', url: returnPage });
    expect(page.statusCode, page.body).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain(`form-action ${lms.issuer}`);
    const { action, fields } = formFields(page.body);
    expect(action).toBe(lms.deepLinkReturnUrl);
    // The ticket works once.
    const replayed = await t.app.inject({ method: 'GET', url: returnPage });
    expect(replayed.json<{ message: string }>().message).toBe(M.deepLinkExpired);
    expect(replayed.statusCode).toBe(400);

    const returned = await fetch(action, {
      method: 'POST',
      body: new URLSearchParams({ JWT: fields.JWT ?? '' }),
    });
    expect(returned.status, await returned.clone().text()).toBe(200);
    expect(lms.deepLinkResponses).toHaveLength(1);
    const [link] = [...lms.resourceLinks.values()];
    expect(link?.custom).toEqual({
      stem_class_id: world.cls.id,
      stem_question_id: world.photosynthesis.id,
    });
    const [column] = [...lms.lineItems.values()];
    expect(column).toMatchObject({
      scoreMaximum: world.photosynthesis.marks,
      resourceId: world.photosynthesis.id,
    });
  });

  it('signs a new student in from the resource link, places them in the class and opens the question', async () => {
    studentLms = {
      sub: 'lms-student-new',
      name: 'Nora Newcomer',
      email: `nora.${Date.now()}@example.com`,
      roles: [LIS.learner],
    };
    const [link] = [...lms.resourceLinks.values()];
    const handed = await launch({
      kind: 'resource',
      user: studentLms,
      resourceLinkId: link?.id ?? '',
    });
    expect(handed.session.role).toBe('student');
    expect(handed.destination).toEqual({
      kind: 'question',
      classId: world.cls.id,
      questionId: world.photosynthesis.id,
    });
    const [made] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, studentLms.email ?? ''));
    expect(made?.schoolId).toBe(world.school.id);
    expect(made?.passwordHash).toBeNull();
    const placed = await t.database.db
      .select()
      .from(classStudents)
      .where(
        and(eq(classStudents.classId, world.cls.id), eq(classStudents.studentId, made?.id ?? '')),
      );
    expect(placed).toHaveLength(1);

    // A second launch (POST login initiation this time) signs the same account in by its sub.
    const { fields } = await launchForm(
      {
        kind: 'resource',
        user: { ...studentLms, email: undefined },
        resourceLinkId: link?.id ?? '',
      },
      'POST',
    );
    const again = await postLaunch(fields);
    expect(again.statusCode, again.body).toBe(303);

    // The teacher's launch of the link opens the class; the column is now known.
    const teacher = await launch({
      kind: 'resource',
      user: teacherLms,
      resourceLinkId: link?.id ?? '',
    });
    expect(teacher.destination).toEqual({ kind: 'class', classId: world.cls.id });
  });

  it('refuses an instructor with no teacher account, and a learner of another school', async () => {
    const [link] = [...lms.resourceLinks.values()];
    const { fields } = await launchForm({
      kind: 'resource',
      user: {
        sub: 'lms-ta',
        name: 'Tia Assistant',
        email: 'tia@example.com',
        roles: [LIS.instructor],
      },
      resourceLinkId: link?.id ?? '',
    });
    const refused = await postLaunch(fields);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('no teacher account at this school');

    const elsewhere = await classroom(t);
    const { fields: other } = await launchForm({
      kind: 'resource',
      user: {
        sub: 'lms-outsider',
        name: 'Out Sider',
        email: elsewhere.student.user.email,
        roles: [LIS.learner],
      },
      resourceLinkId: link?.id ?? '',
    });
    const outsider = await postLaunch(other);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.body).toContain('another school');
  });

  it('brings the course roster into the class (NRPS), within the rules of the roster import', async () => {
    const existing = world.student.user;
    lms.members.push(
      teacherLms,
      { sub: 'lms-bella', name: existing.name, email: existing.email, roles: [LIS.learner] },
      {
        sub: 'lms-new-1',
        name: 'Ola Learner',
        email: `ola.${Date.now()}@example.com`,
        roles: [LIS.learner],
      },
      { sub: 'lms-no-mail', name: 'Hidden Person', roles: [LIS.learner] },
    );
    const asStudent = await t.app.inject({
      method: 'POST',
      url: apiPath(fillPath(LTI_PATHS.classRoster, { classId: world.cls.id })),
      headers: world.student.headers,
    });
    expect(asStudent.statusCode).toBe(403);
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath(fillPath(LTI_PATHS.classRoster, { classId: world.cls.id })),
      headers: world.teacher.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<TLtiRosterResponse>();
    expect(result.created).toBe(1);
    expect(result.existing).toBe(1);
    expect(result.skipped).toEqual([{ name: 'Hidden Person', reason: M.rosterNoEmail }]);
    expect(lms.grantedScopes).toContainEqual([
      'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    ]);
    const linked = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, 'lms-bella'));
    expect(linked[0]?.userId).toBe(existing.id);
    // No invitation mail: these people sign in from the LMS.
    const mails = await t.outbox();
    expect(mails.some((m) => m.to.includes('ola.'))).toBe(false);
  });

  it("sends the marks students can see to the LMS's gradebook column (AGS)", async () => {
    const submissionId = await submitOk(t, world.student, world.cls, [
      { question: world.photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
    ]);
    const marked = await markOk(t, world.teacher, world.cls.id, submissionId);
    expect(marked).toBeTruthy();
    const url = apiPath(
      fillPath(LTI_PATHS.classScores, {
        classId: world.cls.id,
        questionId: world.photosynthesis.id,
      }),
    );
    const other = await classroom(t);
    const foreign = await t.app.inject({ method: 'POST', url, headers: other.teacher.headers });
    expect(foreign.statusCode).toBe(404);

    const response = await t.app.inject({ method: 'POST', url, headers: world.teacher.headers });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<TLtiScoresResponse>();
    expect(result.sent).toBe(1);
    expect(result.failed).toBe(0);
    expect(lms.scores).toHaveLength(1);
    const [score] = lms.scores;
    expect(score?.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(score?.body).toMatchObject({
      userId: 'lms-bella',
      scoreMaximum: world.photosynthesis.marks,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    expect(typeof score?.body.scoreGiven).toBe('number');
    expect(Number.isNaN(Date.parse(score?.body.timestamp ?? ''))).toBe(false);

    const links = await t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(LTI_PATHS.classLinks, { classId: world.cls.id })),
      headers: world.teacher.headers,
    });
    const view = links.json<TLtiClassLinksResponse>();
    expect(view.courses[0]?.title).toBe('Biology 101');
    expect(view.courses[0]?.lineItems[0]?.outcomes).toMatchObject([
      { studentId: world.student.user.id, status: 'sent' },
    ]);
  });

  it('deep links a test, opens it for the student and the teacher, and sends each student’s total out of the test’s marks', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: apiPath(fillPath(CLASS_TEST_PATHS.tests, { classId: world.cls.id })),
      headers: world.teacher.headers,
      payload: { title: 'Plants test', questionIds: [world.photosynthesis.id, world.osmosis.id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const test = made.json<{ data: TClassTest }>().data;
    const maximum = world.photosynthesis.marks + world.osmosis.marks;

    const handed = await launch({ kind: 'deepLink', user: teacherLms });
    if (handed.destination.kind !== 'deepLink') throw new Error('not a deep link');
    const launchId = handed.destination.launchId;
    const headers = auth(handed.session);
    const options = await t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(LTI_PATHS.deepLink, { launchId })),
      headers,
    });
    const cls = options.json<TLtiDeepLinkOptions>().classes.find((c) => c.id === world.cls.id);
    expect(cls?.tests).toEqual([
      { id: test.id, title: 'Plants test', questionCount: 2, marks: maximum },
    ]);
    const both = await t.app.inject({
      method: 'POST',
      url: apiPath(fillPath(LTI_PATHS.deepLink, { launchId })),
      headers,
      payload: { classId: world.cls.id, questionId: world.osmosis.id, testId: test.id },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: M.deepLinkQuestionOrTest, field: 'questionId' });
    const chosen = await t.app.inject({
      method: 'POST',
      url: apiPath(fillPath(LTI_PATHS.deepLink, { launchId })),
      headers,
      payload: { classId: world.cls.id, testId: test.id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const page = await t.app.inject({
      method: 'GET',
      url: chosen.json<TLtiDeepLinkResponse>().returnPage,
    });
    const { action, fields } = formFields(page.body);
    const returned = await fetch(action, {
      method: 'POST',
      body: new URLSearchParams({ JWT: fields.JWT ?? '' }),
    });
    expect(returned.status, await returned.clone().text()).toBe(200);
    const link = [...lms.resourceLinks.values()].at(-1);
    expect(link?.custom).toEqual({ stem_class_id: world.cls.id, stem_test_id: test.id });
    const column = [...lms.lineItems.values()].at(-1);
    expect(column).toMatchObject({
      label: 'Plants test',
      scoreMaximum: maximum,
      resourceId: test.id,
      tag: 'stem-test',
    });

    // Bella (linked by the roster) opens the test's questions; the teacher its results.
    const bella = await launch({
      kind: 'resource',
      user: {
        sub: 'lms-bella',
        name: world.student.user.name,
        email: world.student.user.email,
        roles: [LIS.learner],
      },
      resourceLinkId: link?.id ?? '',
    });
    expect(bella.destination).toEqual({ kind: 'test', classId: world.cls.id, testId: test.id });
    const teacher = await launch({
      kind: 'resource',
      user: teacherLms,
      resourceLinkId: link?.id ?? '',
    });
    expect(teacher.destination).toEqual({
      kind: 'class',
      classId: world.cls.id,
      testId: test.id,
    });

    // Osmosis's marks wait for release: the LMS gets only what Bella can see, then the sum.
    const hold = await t.app.inject({
      method: 'PATCH',
      url: apiPath(
        fillPath(RELEASE_PATHS.questionMarking, {
          classId: world.cls.id,
          questionId: world.osmosis.id,
        }),
      ),
      headers: world.teacher.headers,
      payload: { releaseMode: 'on_release' },
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const submissionId = await submitOk(t, world.student, world.cls, [
      {
        question: world.osmosis,
        answer: 'Water moves from a dilute solution to a concentrated one across a membrane.',
      },
    ]);
    await markOk(t, world.teacher, world.cls.id, submissionId);
    const visible = async () => {
      const rows = await t.database.db
        .select({
          questionId: submissionAnswers.questionId,
          score: submissionAnswers.score,
          held: submissionAnswers.feedbackHeld,
        })
        .from(submissionAnswers)
        .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
        .where(eq(submissions.studentId, world.student.user.id))
        .orderBy(submissions.submittedAt);
      const latest = new Map<string, { score: number; held: boolean }>();
      for (const r of rows) {
        if (r.questionId && r.score !== null && !r.held)
          latest.set(r.questionId, { ...r, score: r.score });
      }
      return [...latest.values()].reduce((sum, r) => sum + r.score, 0);
    };
    const scoresUrl = apiPath(
      fillPath(LTI_PATHS.classTestScores, { classId: world.cls.id, testId: test.id }),
    );
    const before = lms.scores.length;
    const sent = await t.app.inject({
      method: 'POST',
      url: scoresUrl,
      headers: world.teacher.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<TLtiScoresResponse>()).toMatchObject({ sent: 1, failed: 0 });
    const onlyVisible = await visible();
    expect(lms.scores.slice(before)).toMatchObject([
      {
        lineItemId: column?.id,
        body: { userId: 'lms-bella', scoreGiven: onlyVisible, scoreMaximum: maximum },
      },
    ]);
    const released = await t.app.inject({
      method: 'POST',
      url: apiPath(
        fillPath(RELEASE_PATHS.release, { classId: world.cls.id, questionId: world.osmosis.id }),
      ),
      headers: world.teacher.headers,
    });
    expect(released.statusCode, released.body).toBe(200);
    await t.app.inject({ method: 'POST', url: scoresUrl, headers: world.teacher.headers });
    const total = await visible();
    expect(total).toBeGreaterThan(onlyVisible);
    expect(lms.scores.at(-1)?.body).toMatchObject({ scoreGiven: total, scoreMaximum: maximum });

    const links = await t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(LTI_PATHS.classLinks, { classId: world.cls.id })),
      headers: world.teacher.headers,
    });
    const item = links
      .json<TLtiClassLinksResponse>()
      .courses[0]?.lineItems.find((l) => l.testId === test.id);
    expect(item).toMatchObject({ questionId: null, question: 'Plants test' });
    expect(item?.outcomes).toMatchObject([{ status: 'sent', scoreGiven: total }]);

    // Another school's teacher cannot send this test's marks.
    const other = await classroom(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: scoresUrl,
      headers: other.teacher.headers,
    });
    expect(foreign.statusCode).toBe(404);
  }, 120_000);

  describe('refused launches', () => {
    const learner = (): TLmsMessage => ({
      kind: 'resource',
      user: { sub: 'lms-bella', name: 'Bella', roles: [LIS.learner] },
      resourceLinkId: [...lms.resourceLinks.keys()][0] ?? '',
    });

    async function refusedWith(claims: Record<string, unknown>, sign?: { foreign: boolean }) {
      const { state, nonce } = await launchForm(learner());
      const base = lms.launchClaims(learner(), nonce, LAUNCH_URL);
      const key = sign?.foreign ? (await generateKeyPair('RS256')).privateKey : undefined;
      const idToken = await lms.signIdToken({ ...base, ...claims }, key ? { key } : {});
      return postLaunch({ id_token: idToken, state });
    }

    it('refuses, over https, a launch the browser did not start (login CSRF)', async () => {
      const config = t.app.ctx.config as { appUrl: string };
      const httpsUrl = 'https://localhost:3000';
      config.appUrl = httpsUrl;
      try {
        const https = `${httpsUrl}${apiPath(LTI_PATHS.launch)}`;
        const started = await initiate(lms.loginParams(learner(), https));
        expect(started.statusCode, started.body).toBe(302);
        const cookie = String(started.headers['set-cookie'] ?? '');
        expect(cookie).toMatch(
          /^stem_lti_[A-Za-z0-9]+=1; Path=[^;]+; Max-Age=600; HttpOnly; Secure; SameSite=None$/,
        );
        // The LMS's auth endpoint answers the tool's http launch address only: sign as it would.
        const location = new URL(String(started.headers.location));
        const nonce = location.searchParams.get('nonce') ?? '';
        const fields = {
          state: location.searchParams.get('state') ?? '',
          id_token: await lms.signIdToken(lms.launchClaims(learner(), nonce, https)),
        };
        // Posted from a browser without the login's cookie (the attacker's own launch): refused.
        const elsewhere = await postLaunch(fields);
        expect(elsewhere.statusCode).toBe(403);
        expect(elsewhere.body).toContain(escape(M.otherBrowser));
        // The browser that started it, with its cookie among others: the state was not spent.
        const home = await t.app.inject({
          method: 'POST',
          url: apiPath(LTI_PATHS.launch),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: BROWSER_ACCEPT,
            cookie: `other=x; ${cookie.split(';')[0] ?? ''}`,
          },
          payload: new URLSearchParams(fields).toString(),
          remoteAddress: nextClientAddress(),
        });
        expect(home.statusCode, home.body).toBe(303);
        expect(
          String(home.headers.location).startsWith(`${httpsUrl}${LTI_LAUNCH_PAGE}#code=`),
        ).toBe(true);
      } finally {
        config.appUrl = APP_URL;
      }
    });

    it('refuses a forged signature', async () => {
      const response = await refusedWith({}, { foreign: true });
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain(escape(M.tokenInvalid(M.reasons.signature)));
    });

    it('refuses an expired token', async () => {
      const past = Math.floor(t.app.ctx.now().getTime() / 1000) - 3600;
      const response = await refusedWith({ iat: past - 300, exp: past });
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain(escape(M.tokenInvalid(M.reasons.expired)));
    });

    it('refuses a token issued to another tool', async () => {
      const response = await refusedWith({ aud: 'someone-else', azp: 'someone-else' });
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain(escape(M.tokenInvalid(M.reasons.audience)));
    });

    it('refuses a deployment that is not registered', async () => {
      const response = await refusedWith({
        'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deployment-x',
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain(escape(M.unknownDeployment('deployment-x')));
    });

    it('refuses a launch that is not LTI 1.3.0', async () => {
      const response = await refusedWith({
        'https://purl.imsglobal.org/spec/lti/claim/version': '1.1',
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(escape(M.badVersion));
    });

    it('refuses a replayed launch and a token replayed into a new state (nonce)', async () => {
      const { fields } = await launchForm(learner());
      expect((await postLaunch(fields)).statusCode).toBe(303);
      const replay = await postLaunch(fields);
      expect(replay.statusCode).toBe(400);
      expect(replay.body).toContain(escape(M.stateInvalid));
      // The same token with a fresh state: its nonce belongs to the first launch.
      const { state } = await launchForm(learner());
      const spliced = await postLaunch({ id_token: fields.id_token ?? '', state });
      expect(spliced.statusCode).toBe(401);
      expect(spliced.body).toContain(escape(M.tokenInvalid(M.reasons.nonce)));
    });

    it('refuses a state older than 10 minutes', async () => {
      const { fields } = await launchForm(learner());
      t.clock.advance(11 * 60 * 1000);
      try {
        const late = await postLaunch(fields);
        expect(late.statusCode).toBe(400);
        expect(late.body).toContain(escape(M.stateInvalid));
      } finally {
        t.clock.reset();
      }
      const rows = await t.database.db.select().from(ltiLaunchStates);
      expect(rows.length).toBeGreaterThan(0);
    });

    it('refuses a login initiation from an unregistered issuer or deployment, or for another site', async () => {
      const params = lms.loginParams(learner(), LAUNCH_URL);
      const unknown = await initiate({ ...params, iss: 'https://lms.invalid', client_id: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain(escape(M.unknownPlatform));
      const deployment = await initiate({ ...params, lti_deployment_id: 'nope' });
      expect(deployment.statusCode).toBe(403);
      const elsewhere = await initiate({ ...params, target_link_uri: 'https://evil.example/' });
      expect(elsewhere.statusCode).toBe(400);
      const missing = await initiate({ iss: lms.issuer });
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toContain(escape(M.missingLoginParam('login_hint')));
    });
  });

  it('answers a client that is not a browser with the JSON error, and purges spent launches', async () => {
    const { fields } = await launchForm({
      kind: 'resource',
      user: studentLms,
      resourceLinkId: [...lms.resourceLinks.keys()][0] ?? '',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: apiPath(LTI_PATHS.launch),
      payload: { state: fields.state, id_token: 'not-a-token' },
    });
    expect(json.statusCode).toBe(401);
    expect(json.json<{ message: string }>().message).toBe(M.tokenInvalid(M.reasons.malformed));

    const before = await t.database.db.select().from(ltiLaunchStates);
    expect(before.length).toBeGreaterThan(0);
    const purged = await purgeExpiredTokens(
      t.database.db,
      new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
    );
    expect(purged).toBeGreaterThanOrEqual(before.length);
    expect(await t.database.db.select().from(ltiLaunchStates)).toHaveLength(0);
    expect(await t.database.db.select().from(ltiLaunches)).toHaveLength(0);
  });

  it('lets the owner remove the platform: its launches stop', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: apiPath(LTI_PATHS.platforms),
      headers: owner.headers,
    });
    const id = list
      .json<TLtiPlatformsResponse>()
      .platforms.find((p) => p.clientId === lms.clientId)?.id;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: apiPath(fillPath(LTI_PATHS.platform, { id: id ?? '' })),
      headers: owner.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const started = await initiate(
      lms.loginParams({ kind: 'deepLink', user: teacherLms }, LAUNCH_URL),
    );
    expect(started.statusCode).toBe(404);
  });
});

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
