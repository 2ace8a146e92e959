import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS, fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { RATE_LIMITS } from '@stem/contract/limits';
import { TRIAL_PATHS, type TTrialCreateResponse } from '@stem/contract/trial';
import { schools } from '../../src/db/schema';
import { signTrialSignup } from '../../src/modules/trials/trials.policy';
import { buildSchool, buildUser, nextClientAddress, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { expectError } from '../teaching/teaching-helpers';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** Issue 26: a trial sign-up link makes one school; trial status by code answers for trials only. */
describe('trial sign-up links are used once; trial status and the e-mail check', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const proofOf = (email: string, ts = Date.now()) => ({
    email,
    ts: String(ts),
    token: signTrialSignup(SECRET, email, ts),
  });
  const open = (proof: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(TRIAL_PATHS.create),
      remoteAddress: nextClientAddress(),
      payload: proof,
    });
  const trialSchoolCount = async () =>
    (
      await t.database.db
        .select({ n: count() })
        .from(schools)
        .where(like(schools.name, 'Trial School %'))
    )[0]?.n ?? 0;

  it('opening a link again finds its one school; once registered, it says the trial exists', async () => {
    const email = 'four.times@example.com';
    const proof = proofOf(email);
    const before = await trialSchoolCount();
    const first = await open(proof);
    expect(first.statusCode, first.body).toBe(201);
    const code = first.json<TTrialCreateResponse>().data.schoolCode;
    // Twice more, two of them at the same moment: still the same school.
    const again = await Promise.all([open(proof), open(proof)]);
    for (const reply of again) {
      expect(reply.statusCode, reply.body).toBe(201);
      expect(reply.json<TTrialCreateResponse>().data.schoolCode).toBe(code);
    }
    expect(await trialSchoolCount()).toBe(before + 1);

    const registered = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.register),
      remoteAddress: nextClientAddress(),
      payload: {
        ...proof,
        fullName: 'Four Times',
        password: 'a-good-password',
        showTrial: true,
        schoolCode: code,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);

    const reopened = await open(proof);
    expectError(reopened, 409, { code: 'CONFLICT', message: MESSAGES.trial.linkUsed(email) });
    expect(reopened.json().message).toContain('Forgot password?');
    expect(await trialSchoolCount()).toBe(before + 1);
  });

  it('registering with a link and no code uses that same school, never a second one', async () => {
    const email = 'straight.in@example.com';
    const proof = proofOf(email);
    const opened = await open(proof);
    const code = opened.json<TTrialCreateResponse>().data.schoolCode;
    const before = await trialSchoolCount();
    const registered = await t.app.inject({
      method: 'POST',
      url: apiPath(AUTH_PATHS.register),
      remoteAddress: nextClientAddress(),
      payload: { ...proof, fullName: 'Straight In', password: 'a-good-password', showTrial: true },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const session = await signIn(t.app, email, 'a-good-password');
    expect(session.user.schoolCode).toBe(code);
    expect(await trialSchoolCount()).toBe(before);
  });

  it('refuses a forged link when opened, making nothing', async () => {
    const before = await trialSchoolCount();
    const forged = { ...proofOf('forged@example.com'), token: 'x'.repeat(43) };
    expectError(await open(forged), 400, { message: MESSAGES.trial.linkInvalid });
    expect(await trialSchoolCount()).toBe(before);
  });

  it("answers trial status by code for trials only, never a paid school's counts", async () => {
    const paid = await buildSchool(t, { plan: 'classroom' });
    await buildUser(t, { role: 'student', schoolId: paid.id });
    const byCode = (code: string) =>
      t.app.inject({
        method: 'GET',
        url: apiPath(fillPath(TRIAL_PATHS.statusBySchool, { schoolCode: code })),
      });
    const refused = await byCode(paid.code);
    expectError(refused, 404, { code: 'NOT_FOUND', message: MESSAGES.trial.codeUnknown });
    expect(refused.body).not.toContain('studentCount');
    const trial = await buildSchool(t, { plan: 'trial' });
    expect((await byCode(trial.code)).json()).toMatchObject({ data: { isTrial: true } });
  });

  it('holds the e-mail check to a few a client an hour', async () => {
    const address = nextClientAddress();
    const check = () =>
      t.app.inject({
        method: 'POST',
        url: apiPath(TRIAL_PATHS.checkEmail),
        remoteAddress: address,
        payload: { email: 'someone@example.com' },
      });
    for (let i = 0; i < RATE_LIMITS.checkEmail.max; i += 1) {
      expect((await check()).statusCode).toBe(200);
    }
    expectError(await check(), 429, { code: 'RATE_LIMITED' });
    expect(RATE_LIMITS.checkEmail.windowMs).toBeGreaterThanOrEqual(60 * 60_000);
  });
});
