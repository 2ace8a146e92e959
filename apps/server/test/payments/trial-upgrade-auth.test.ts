import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { PAYMENT_PATHS } from '@stem/contract/trial';
import { checkoutSessions, paymentRecords, schools } from '../../src/db/schema';
import { bearer, buildSchool, buildUser, nextClientAddress, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { authedGet, authedPost, payTestCheckout, publicCheckout } from './payment-helpers';

const DAY = 24 * 60 * 60 * 1000;

/** Issue 26: with the test checkout on (PAYMENTS=test, as every buying test sets it). */
describe('upgrading a trial needs its signed-in teacher; the test pages stay on this site', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PAYMENTS: 'test' });
  });
  afterAll(() => t.close());

  const upgradeBody = (email: string) => ({
    planType: 'personal',
    billingOption: 'monthly',
    customer_email: email,
    allowTrialUpgrade: true,
  });
  const checkoutAs = (session: { token: string } | null, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(PAYMENT_PATHS.createCheckout),
      remoteAddress: nextClientAddress(),
      headers: session ? bearer(session) : {},
      payload: body,
    });
  const checkoutsOf = async (schoolId: string) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.schoolId, schoolId))
    )[0]?.n;

  it("refuses anyone but the trial's own teacher, and starts no checkout for them", async () => {
    const trial = await buildSchool(t, { plan: 'trial' });
    const victim = await buildUser(t, { role: 'teacher', schoolId: trial.id });

    const anonymous = await checkoutAs(null, upgradeBody(victim.email));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MESSAGES.payments.trialUpgradeSignIn);

    const otherTrial = await buildSchool(t, { plan: 'trial' });
    const stranger = await buildUser(t, { role: 'teacher', schoolId: otherTrial.id });
    const strangerSession = await signIn(t.app, stranger.email, stranger.password);
    const foreign = await checkoutAs(strangerSession, upgradeBody(victim.email));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MESSAGES.payments.trialUpgradeNotYours);
    // Nor with an address that has no account yet (it is not an upgrade of one's own trial).
    const fresh = await checkoutAs(strangerSession, upgradeBody('nobody.yet@example.com'));
    expect(fresh.statusCode).toBe(403);

    const student = await buildUser(t, { role: 'student', schoolId: trial.id });
    const studentSession = await signIn(t.app, student.email, student.password);
    expect((await checkoutAs(studentSession, upgradeBody(student.email))).statusCode).toBe(409);

    expect(await checkoutsOf(trial.id)).toBe(0);
    const [row] = await t.database.db.select().from(schools).where(eq(schools.id, trial.id));
    expect(row?.plan).toBe('trial');
  });

  it("upgrades for the trial's signed-in teacher; the mail greets them by their own name", async () => {
    const trial = await buildSchool(t, { plan: 'trial' });
    const teacher = await buildUser(t, {
      role: 'teacher',
      schoolId: trial.id,
      name: 'Jo Whitfield',
      email: 'j1uw3ucxu7hdr0i2@example.com',
    });
    const session = await signIn(t.app, teacher.email, teacher.password);
    const created = await checkoutAs(session, upgradeBody(teacher.email));
    expect(created.statusCode, created.body).toBe(200);
    const paid = await payTestCheckout(t.app, created.json().checkoutUrl);
    expect(paid.status).toBe(303);
    const [row] = await t.database.db.select().from(schools).where(eq(schools.id, trial.id));
    expect(row).toMatchObject({ plan: 'personal', code: trial.code });

    const mail = (await t.outbox()).find(
      (m) => m.to.includes(teacher.email) && m.subject.includes('is now on'),
    );
    expect(mail?.text).toContain('Hello Jo Whitfield,');
    expect(mail?.text).not.toContain('J1uw3ucxu7hdr0i2');

    // The success page learns that this was an upgrade: no temporary password is on its way.
    const sessionId = new URL(paid.location ?? '').searchParams.get('session_id') ?? '';
    const verify = await t.app.inject({
      method: 'GET',
      url: `${apiPath(PAYMENT_PATHS.verify)}?session_id=${sessionId}`,
    });
    expect(verify.json()).toMatchObject({ status: 'completed', kind: 'upgrade' });
  });

  it('says when the first charge falls after the promotion code, and not without one', async () => {
    const email = 'promo.parent@example.com';
    const created = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'monthly',
      customer_email: email,
    });
    // The code typed on the checkout page, not in the app.
    const paid = await payTestCheckout(t.app, created.json.checkoutUrl ?? '', 'EXAM2025');
    expect(paid.status).toBe(303);
    const sessionId = new URL(paid.location ?? '').searchParams.get('session_id') ?? '';
    const verify = await t.app.inject({
      method: 'GET',
      url: `${apiPath(PAYMENT_PATHS.verify)}?session_id=${sessionId}`,
    });
    expect(verify.json()).toMatchObject({ kind: 'purchase' });
    const [record] = await t.database.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.amountPence, 0));
    const mail = (await t.outbox()).find((m) => m.to.includes(email));
    const password = /Temporary password: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const session = await signIn(t.app, email, password);
    const sub = await authedGet(t.app, session, PAYMENT_PATHS.subscription);
    const expected = new Date(record?.occurredAt ?? 0);
    expected.setUTCMonth(expected.getUTCMonth() + 2);
    expect(sub.json().subscription.firstChargeOn).toBe(expected.toISOString());

    // Once the free months are over, there is nothing more to say.
    t.clock.advance(62 * DAY);
    try {
      const later = await authedGet(t.app, session, PAYMENT_PATHS.subscription);
      expect(later.json().subscription.firstChargeOn).toBeNull();
    } finally {
      t.clock.reset();
    }

    const full = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'monthly',
      customer_email: 'full.price@example.com',
    });
    await payTestCheckout(t.app, full.json.checkoutUrl ?? '');
    const fullMail = (await t.outbox()).find((m) => m.to.includes('full.price@example.com'));
    const fullPassword = /Temporary password: (\S+)/.exec(fullMail?.text ?? '')?.[1] ?? '';
    const fullSession = await signIn(t.app, 'full.price@example.com', fullPassword);
    const fullSub = await authedGet(t.app, fullSession, PAYMENT_PATHS.subscription);
    expect(fullSub.json().subscription.firstChargeOn).toBeNull();
  });

  it("sends the test portal's Return button only back to this site, comparing origins", async () => {
    const portal = (back: string) =>
      t.app.inject({
        method: 'GET',
        url: `${apiPath('/payment/test-portal/cus_local_x')}?return=${encodeURIComponent(back)}`,
      });
    const returnHref = (body: string) => /<a class="button pay" href="([^"]*)"/.exec(body)?.[1];
    for (const hostile of [
      'http://localhost:3000.evil.test/x',
      'http://localhost:3000@evil.test/',
      '//evil.test/payments',
    ]) {
      const page = await portal(hostile);
      expect(page.statusCode).toBe(200);
      expect(returnHref(page.body), hostile).toBe('http://localhost:3000');
    }
    expect(returnHref((await portal('http://localhost:3000/payments')).body)).toBe(
      'http://localhost:3000/payments',
    );
  });

  it('keeps the portal session return address on this site too', async () => {
    const school = await buildSchool(t, { plan: 'trial' });
    const teacher = await buildUser(t, { role: 'teacher', schoolId: school.id });
    const session = await signIn(t.app, teacher.email, teacher.password);
    const upgrade = await authedPost(t.app, session, '/trial/upgrade', { planId: 'personal' });
    await payTestCheckout(t.app, upgrade.json().checkoutUrl);
    const opened = await authedPost(t.app, session, PAYMENT_PATHS.createPortalSession, {
      returnUrl: 'http://localhost:3000@evil.test/',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const url = new URL(opened.json().url);
    expect(url.searchParams.get('return')).toBe('http://localhost:3000/payments');
  });
});
