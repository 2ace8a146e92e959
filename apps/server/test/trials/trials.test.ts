import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS, fillPath, TRIAL_LIMIT_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { TRIAL_PATHS, type TTrialCreateResponse, type TTrialStatus } from '@stem/contract/trial';
import { schools, users } from '../../src/db/schema';
import { runHousekeeping } from '../../src/jobs/housekeeping';
import { signTrialSignup } from '../../src/modules/trials/trials.policy';
import {
  bearer,
  buildSchool,
  buildSchoolWithUser,
  buildUser,
  nextClientAddress,
  signIn,
  waitForMail,
} from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { expectError } from '../teaching/teaching-helpers';

const DAY = 24 * 60 * 60 * 1000;
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const silentLogger = {
  info: () => undefined,
  error: () => undefined,
} as unknown as Parameters<typeof runHousekeeping>[0]['logger'];

describe('trials', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const create = (payload?: unknown, remoteAddress = nextClientAddress()) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(TRIAL_PATHS.create),
      remoteAddress,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const registerTrial = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.register),
      remoteAddress: nextClientAddress(),
      payload: { fullName: 'Tess Trial', password: 'a-good-password', showTrial: true, ...body },
    });
  const signupProof = (email: string, ts = Date.now()) => ({
    email,
    ts: String(ts),
    token: signTrialSignup(SECRET, email, ts),
  });

  it('creates a 14-day trial school from an empty body, with a 16-character code', async () => {
    const response = await create();
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<TTrialCreateResponse>();
    expect(body.success).toBe(true);
    expect(body.data.schoolCode).toMatch(/^[A-Z0-9]{16}$/);
    expect(body.data.schoolName).toBe(`Trial School ${body.data.schoolCode.slice(0, 4)}`);
    expect(body.data.trialDays).toBe(14);
    const expires = new Date(body.data.expirationDate).getTime();
    expect(Math.abs(expires - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    const [row] = await t.database.db
      .select()
      .from(schools)
      .where(eq(schools.code, body.data.schoolCode));
    expect(row?.plan).toBe('trial');
  });

  it("accepts the spec's other bodies and refuses an e-mail that has an account", async () => {
    const named = await create({ email: 'fresh@example.com', name: 'Ada', trialDays: 14 });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json<TTrialCreateResponse>().data.schoolName).toBe("Ada's Trial School");
    const chosen = await create({ schoolCode: 'CHOSEN0000CODE01', trialDays: 7 });
    expect(chosen.json<TTrialCreateResponse>().data).toMatchObject({
      schoolCode: 'CHOSEN0000CODE01',
      trialDays: 7,
    });
    expectError(await create({ schoolCode: 'CHOSEN0000CODE01' }), 409, { code: 'CONFLICT' });
    const { user } = await buildSchoolWithUser(t, 'teacher');
    expectError(await create({ email: user.email }), 409, {
      message: MESSAGES.trial.emailExists,
    });
  });

  it('rate-limits trial creation per client address with 429', async () => {
    const address = nextClientAddress();
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await create(undefined, address)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await create(undefined, nextClientAddress())).statusCode).toBe(201);
  });

  it('reports trial status with days rounded up, for the signed-in user and by code', async () => {
    const school = await buildSchool(t, {
      plan: 'trial',
      trialExpiresAt: new Date(Date.now() + 2 * DAY + 60_000),
    });
    const teacher = await buildUser(t, { role: 'teacher', schoolId: school.id });
    const session = await signIn(t.app, teacher.email);
    const mine = await t.app.inject({
      method: 'GET',
      url: apiPath(TRIAL_PATHS.status),
      headers: bearer(session),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ data: TTrialStatus }>().data).toMatchObject({
      isTrial: true,
      isExpired: false,
      daysRemaining: 3,
      teacherCount: 1,
      teacherLimit: 1,
      studentCount: 0,
      studentLimit: 1,
      classLimit: 3,
      questionLimit: 3,
      assessmentsUsed: 0,
      assessmentLimit: 30,
      trialExpiresAt: school.trialExpiresAt?.toISOString(),
    });
    const byCode = await t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(TRIAL_PATHS.statusBySchool, { schoolCode: school.code })),
    });
    expect(byCode.json<{ data: TTrialStatus }>().data.daysRemaining).toBe(3);
    t.clock.advance(5 * DAY);
    try {
      const later = await t.app.inject({
        method: 'GET',
        url: apiPath(TRIAL_PATHS.status),
        headers: bearer(session),
      });
      expect(later.json<{ data: TTrialStatus }>().data).toMatchObject({
        isExpired: true,
        daysRemaining: 0,
      });
    } finally {
      t.clock.reset();
    }
    expect(
      (await t.app.inject({ method: 'GET', url: apiPath(TRIAL_PATHS.status) })).statusCode,
    ).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(TRIAL_PATHS.statusBySchool, { schoolCode: 'ZZZZZZZZZZZZZZZZ' })),
    });
    expectError(unknown, 404, { code: 'NOT_FOUND' });
  });

  it('tells a 16-character code from a limit type on /trial/validate', async () => {
    const trial = await create();
    const code = trial.json<TTrialCreateResponse>().data.schoolCode;
    const byCode = await t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(TRIAL_PATHS.validateCode, { code })),
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json()).toMatchObject({
      isValid: true,
      isTrial: true,
      teacherPlaceFree: true,
      daysRemaining: 14,
      message: MESSAGES.trial.codeValid,
    });
    const paid = await buildSchool(t);
    const paidReply = await t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(TRIAL_PATHS.validateCode, { code: paid.code })),
    });
    expect(paidReply.json()).toMatchObject({
      isValid: false,
      message: MESSAGES.trial.notTrialSchool,
    });
    // The limit type still needs a signed-in teacher.
    const limit = await t.app.inject({
      method: 'GET',
      url: apiPath(fillPath(TRIAL_LIMIT_PATHS.validate, { limitType: 'classes' })),
    });
    expect(limit.statusCode).toBe(401);
  });

  it('checks whether an e-mail has an account', async () => {
    const { user } = await buildSchoolWithUser(t, 'student');
    const check = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPath(TRIAL_PATHS.checkEmail),
        payload: { email },
      });
    expect((await check(user.email.toUpperCase())).json()).toEqual({
      exists: true,
      message: MESSAGES.trial.emailExists,
    });
    expect((await check('nobody@example.com')).json()).toEqual({
      exists: false,
      message: MESSAGES.trial.emailFree,
    });
    expectError(await check('not-an-email'), 400, { code: 'VALIDATION' });
  });

  it('mails a signed sign-up link, and registration with it makes the trial teacher', async () => {
    const email = 'owner.of.trial@example.com';
    const sent = await t.app.inject({
      method: 'GET',
      url: `${apiPath(TRIAL_PATHS.emailTrial)}?email=${encodeURIComponent(email)}`,
      remoteAddress: nextClientAddress(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: MESSAGES.trial.linkSent(email) });
    const mail = await waitForMail(t, (m) => m.to.includes(email));
    const link = new URL(mail.links.find((l) => l.includes('/register?')) ?? '');
    expect(link.pathname).toBe('/register');
    expect(link.searchParams.get('showTrial')).toBe('true');
    expect(link.searchParams.get('email')).toBe(email);

    // The page creates the trial school, then registers with the link's proof.
    const code = (await create()).json<TTrialCreateResponse>().data.schoolCode;
    const proof = {
      email,
      token: link.searchParams.get('token'),
      ts: link.searchParams.get('ts'),
    };
    const registered = await registerTrial({ ...proof, schoolCode: code, role: 'student' });
    expect(registered.statusCode, registered.body).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe('teacher');

    // The school code goes to the registering address.
    const codeMail = await waitForMail(
      t,
      (m) => m.to.includes(email) && m.subject === MESSAGES.trial.codeMailSubject,
    );
    expect(codeMail.text).toContain(code.match(/.{4}/g)?.join('-'));

    // One teacher per trial.
    const second = await registerTrial({ ...signupProof('second@example.com'), schoolCode: code });
    expectError(second, 403, { code: 'TRIAL_LIMIT', message: MESSAGES.register.trialTeacherLimit });
    // The signed-in teacher sees the trial.
    const session = await signIn(t.app, email, 'a-good-password');
    expect(session.user).toMatchObject({ role: 'teacher', accountType: 'trial', plan: 'trial' });
  });

  it('registers in a new trial school when no code is given', async () => {
    const email = 'no.code@example.com';
    const response = await registerTrial(signupProof(email));
    expect(response.statusCode, response.body).toBe(201);
    const session = await signIn(t.app, email, 'a-good-password');
    expect(session.user.schoolCode).toMatch(/^[A-Z0-9]{16}$/);
    expect(session.user.role).toBe('teacher');
  });

  it('refuses missing, forged and expired sign-up links, and a code that is not a trial', async () => {
    const email = 'forger@example.com';
    expectError(await registerTrial({ email }), 400, { message: MESSAGES.trial.linkMissing });
    const forged = {
      ...signupProof(email),
      token: signTrialSignup('x'.repeat(40), email, Date.now()),
    };
    expectError(await registerTrial(forged), 400, { message: MESSAGES.trial.linkInvalid });
    expectError(await registerTrial({ ...signupProof('other@example.com'), email }), 400, {
      message: MESSAGES.trial.linkInvalid,
    });
    expectError(await registerTrial(signupProof(email, Date.now() - DAY - 60_000)), 400, {
      message: MESSAGES.trial.linkExpired,
    });
    const paid = await buildSchool(t);
    expectError(await registerTrial({ ...signupProof(email), schoolCode: paid.code }), 400, {
      message: MESSAGES.trial.notTrialSchool,
    });
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toEqual([]);
  });

  it('limits a trial to 1 student and refuses registration once it has expired', async () => {
    const school = await buildSchool(t, { plan: 'trial' });
    const register = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPath(AUTH_PATHS.register),
        remoteAddress: nextClientAddress(),
        payload: { fullName: 'Stu', email, password: 'a-good-password', schoolCode: school.code },
      });
    expect((await register('stu1@example.com')).statusCode).toBe(201);
    expectError(await register('stu2@example.com'), 403, {
      code: 'TRIAL_LIMIT',
      message: MESSAGES.register.trialStudentLimit,
    });
    const other = await buildSchool(t, { plan: 'trial' });
    t.clock.advance(15 * DAY);
    try {
      const late = await t.app.inject({
        method: 'POST',
        url: apiPath(AUTH_PATHS.register),
        remoteAddress: nextClientAddress(),
        payload: {
          fullName: 'Late',
          email: 'late@example.com',
          password: 'a-good-password',
          schoolCode: other.code,
        },
      });
      expectError(late, 403, { code: 'TRIAL_EXPIRED', message: MESSAGES.register.trialExpired });
    } finally {
      t.clock.reset();
    }
  });

  it('rate-limits the sign-up link per address and refuses an address with an account', async () => {
    const send = (email: string) =>
      t.app.inject({
        method: 'GET',
        url: `${apiPath(TRIAL_PATHS.emailTrial)}?email=${encodeURIComponent(email)}`,
        remoteAddress: nextClientAddress(),
      });
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await send('flood.me@example.com')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const { user } = await buildSchoolWithUser(t, 'teacher');
    expectError(await send(user.email), 409, { message: MESSAGES.trial.emailExists });
  });

  it('rate-limits the sign-up link per client', async () => {
    const address = nextClientAddress();
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const r = await t.app.inject({
        method: 'GET',
        url: `${apiPath(TRIAL_PATHS.emailTrial)}?email=client${i}@example.com`,
        remoteAddress: address,
      });
      codes.push(r.statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes[10]).toBe(429);
  });

  it('housekeeping removes trial schools nobody registered in within 7 days, and only those', async () => {
    const unclaimed = (await create()).json<TTrialCreateResponse>().data.schoolCode;
    const claimed = await buildSchool(t, { plan: 'trial' });
    await buildUser(t, { role: 'teacher', schoolId: claimed.id });
    const paidEmpty = await buildSchool(t);
    const codes = async () =>
      new Set(
        (await t.database.db.select({ code: schools.code }).from(schools)).map((r) => r.code),
      );
    const deps = { db: t.database.db, logger: silentLogger };
    await runHousekeeping({ ...deps, now: () => new Date(Date.now() + 6 * DAY) });
    expect((await codes()).has(unclaimed)).toBe(true);
    await runHousekeeping({ ...deps, now: () => new Date(Date.now() + 7 * DAY + 60_000) });
    const left = await codes();
    expect(left.has(unclaimed)).toBe(false);
    expect(left.has(claimed.code)).toBe(true);
    expect(left.has(paidEmpty.code)).toBe(true);
  });
});
