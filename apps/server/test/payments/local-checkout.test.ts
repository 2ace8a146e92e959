import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, CLASS_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { PAYMENT_EXTRA_PATHS } from '@stem/contract/payments';
import { PAID_PLANS } from '@stem/contract/plans';
import { PAYMENT_PATHS } from '@stem/contract/trial';
import { classes, paymentEvents, paymentRecords, schools, users } from '../../src/db/schema';
import { bearer, buildSchool, buildUser, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  authedGet,
  authedPost,
  credentialsFrom,
  payTestCheckout,
  publicCheckout,
  schoolOfUser,
  upgradePath,
} from './payment-helpers';

const DAY = 24 * 60 * 60 * 1000;

describe('payments with PAYMENTS=test: the built-in test checkout', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PAYMENTS: 'test' });
  });
  afterAll(() => t.close());

  const mailsTo = async (email: string) => (await t.outbox()).filter((m) => m.to.includes(email));

  it('buys the Personal plan: exactly one school, one teacher and one e-mail, and signs in with it', async () => {
    const email = 'parent.one@example.com';
    const created = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'monthly',
      customer_email: email,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.success).toBe(true);
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(created.json.checkoutUrl ?? '').pathname,
    });
    expect(page.body).toContain('TEST PAYMENT PAGE');
    expect(page.body).toContain(PAID_PLANS.personal.name);
    expect(page.body).toContain('£4.99');
    // The app's icon, so the browser does not ask for /favicon.ico (a 404 in its console).
    expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    // A long address wraps inside the card on a phone instead of widening the page past 390 px.
    expect(page.body).toContain('dd{margin:0;overflow-wrap:anywhere}');
    expect(page.body).toContain('Pay £4.99 (test)');

    const paid = await payTestCheckout(t.app, created.json.checkoutUrl ?? '');
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(
      /^http:\/\/localhost:3000\/payment\/success\?session_id=cs_local_/,
    );
    const sessionId = new URL(paid.location ?? '').searchParams.get('session_id') ?? '';

    // Pay pressed again (or the events delivered twice): nothing more is made.
    const again = await payTestCheckout(t.app, created.json.checkoutUrl ?? '');
    expect(again.status).toBe(303);

    const found = await schoolOfUser(t, email);
    expect(found?.school).toMatchObject({
      plan: 'personal',
      schoolType: 'personal',
      subscriptionStatus: 'active',
      billingOption: 'monthly',
      cancelAtPeriodEnd: false,
    });
    expect(found?.school.code).toMatch(/^[A-Z0-9]{16}$/);
    expect(found?.user).toMatchObject({ role: 'teacher' });
    expect(found?.user.permissions.sort()).toEqual(['manage_payments', 'view_payments']);
    const [teachers] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.schoolId, found?.school.id ?? ''));
    expect(teachers?.n).toBe(1);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const { password, code } = credentialsFrom(mails[0]?.text ?? '');
    expect(code).toBe(found?.school.code);
    expect(mails[0]?.links).toContain('http://localhost:3000/login');

    const session = await signIn(t.app, email, password);
    expect(session.user).toMatchObject({ role: 'teacher', plan: 'personal', accountType: 'paid' });

    const verify = await t.app.inject({
      method: 'GET',
      url: `${apiPath(PAYMENT_PATHS.verify)}?session_id=${sessionId}`,
    });
    expect(verify.json()).toMatchObject({ success: true, status: 'completed' });

    const subscription = await authedGet(t.app, session, PAYMENT_PATHS.subscription);
    expect(subscription.json()).toMatchObject({
      success: true,
      isTrial: false,
      hasStripeAccount: true,
      canManage: true,
      subscription: {
        status: 'active',
        isActive: true,
        plan: 'personal',
        amountPence: 499,
        cancelAtPeriodEnd: false,
        canCreate: true,
      },
    });
    const history = await authedGet(t.app, session, PAYMENT_PATHS.history);
    expect(history.json().payments).toEqual([
      expect.objectContaining({ amountPence: 499, status: 'paid', currency: 'gbp' }),
    ]);
  });

  it('keeps payment records apart from the school: no foreign key, so deleting a school keeps them', async () => {
    const result = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from information_schema.table_constraints where table_name = 'payment_records' and constraint_type = 'FOREIGN KEY'`,
    );
    const rows = (result as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]?.n).toBe(0);
  });

  it('refuses a second account for an e-mail that already has one', async () => {
    const school = await buildSchool(t);
    const teacher = await buildUser(t, { role: 'teacher', schoolId: school.id });
    const result = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'monthly',
      customer_email: teacher.email,
    });
    expect(result.status).toBe(409);
    expect(result.json.message).toContain('email already exists');
  });

  it('gives EXAM2025 on the monthly Personal plan only', async () => {
    const wrong = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'annual',
      customer_email: 'annual@example.com',
      promoCode: 'EXAM2025',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(MESSAGES.payments.promoWrongPlan);
    const unknown = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'monthly',
      customer_email: 'unknown@example.com',
      promoCode: 'FREEBIE',
    });
    expect(unknown.json.message).toBe(MESSAGES.payments.promoInvalid);
    const classroom = await publicCheckout(t.app, {
      planType: 'classroom',
      billingOption: 'monthly',
      customer_email: 'classroom@example.com',
    });
    expect(classroom.status).toBe(400);
    expect(classroom.json.message).toBe(MESSAGES.payments.classroomComingSoon);

    // Typed on the test checkout page of an annual plan: refused there with the same words.
    const annual = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'annual',
      customer_email: 'annual@example.com',
    });
    const refused = await payTestCheckout(t.app, annual.json.checkoutUrl ?? '', 'EXAM2025');
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('monthly Personal plan only');
    expect(await schoolOfUser(t, 'annual@example.com')).toBeNull();

    // Brought from Buy Plan, the code stands in the box and Pay says what the first invoice is.
    const withCode = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'monthly',
      customer_email: 'with.code@example.com',
      promoCode: 'EXAM2025',
    });
    const codePage = await t.app.inject({
      method: 'GET',
      url: new URL(withCode.json.checkoutUrl ?? '').pathname,
    });
    expect(codePage.body).toContain('value="EXAM2025"');
    expect(codePage.body).toContain('Pay £0.00 (test)');

    const email = 'promo.buyer@example.com';
    const monthly = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'monthly',
      customer_email: email,
    });
    expect((await payTestCheckout(t.app, monthly.json.checkoutUrl ?? '', 'exam2025')).status).toBe(
      303,
    );
    const found = await schoolOfUser(t, email);
    const records = await t.database.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.schoolId, found?.school.id ?? ''));
    expect(records).toEqual([expect.objectContaining({ amountPence: 0, status: 'paid' })]);
    expect(records[0]?.description).toContain('2 months free');
  });

  it('upgrades a trial school in place: same code, people and work; limits change at once', async () => {
    const school = await buildSchool(t, { plan: 'trial' });
    const teacher = await buildUser(t, { role: 'teacher', schoolId: school.id });
    const student = await buildUser(t, { role: 'student', schoolId: school.id });
    await t.database.db
      .insert(classes)
      .values({ schoolId: school.id, teacherId: teacher.id, name: 'Kept class' });
    const session = await signIn(t.app, teacher.email, teacher.password);

    const before = await authedGet(t.app, session, PAYMENT_PATHS.subscription);
    expect(before.json()).toMatchObject({
      isTrial: true,
      canManage: true,
      subscription: { isActive: false },
    });

    const upgrade = await authedPost(t.app, session, upgradePath, { planId: 'personal' });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    expect((await payTestCheckout(t.app, upgrade.json().checkoutUrl)).status).toBe(303);

    const [after] = await t.database.db.select().from(schools).where(eq(schools.id, school.id));
    expect(after).toMatchObject({
      code: school.code,
      plan: 'personal',
      schoolType: 'personal',
      subscriptionStatus: 'active',
    });
    const members = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.schoolId, school.id));
    expect(members.map((m) => m.id).sort()).toEqual([teacher.id, student.id].sort());
    const kept = await t.database.db.select().from(classes).where(eq(classes.schoolId, school.id));
    expect(kept.map((c) => c.name)).toEqual(['Kept class']);
    // The trial's 3-class limit is gone at once.
    for (let i = 0; i < 3; i += 1) {
      const created = await t.app.inject({
        method: 'POST',
        url: apiPath(CLASS_PATHS.create),
        headers: bearer(session),
        payload: { name: `Paid class ${i}`, students: [student.id] },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const sub = await authedGet(t.app, session, PAYMENT_PATHS.subscription);
    expect(sub.json()).toMatchObject({
      isTrial: false,
      subscription: { isActive: true, plan: 'personal' },
    });
    // Not a trial any more: a second upgrade is refused; so is a second plan while this one runs.
    expect((await authedPost(t.app, session, upgradePath, { planId: 'personal' })).statusCode).toBe(
      409,
    );
    const second = await authedPost(t.app, session, PAYMENT_PATHS.createAuthenticatedCheckout, {
      planType: 'personal',
      billingOption: 'annual',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MESSAGES.payments.alreadySubscribed);
  });

  it('cancels at the period end: the plan stays until then and the reply says until when', async () => {
    const email = 'canceller@example.com';
    const created = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'annual',
      customer_email: email,
    });
    await payTestCheckout(t.app, created.json.checkoutUrl ?? '');
    const { password } = credentialsFrom((await mailsTo(email))[0]?.text ?? '');
    const session = await signIn(t.app, email, password);
    const cancelled = await authedPost(t.app, session, PAYMENT_PATHS.cancelSubscription);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json();
    expect(body.cancelAtPeriodEnd).toBe(true);
    const until = new Date(body.accessUntil).getTime();
    expect(until).toBeGreaterThan(Date.now() + 360 * DAY);
    expect(body.message).toMatch(
      /^Your subscription has been cancelled\. Your access continues until \d{1,2} \w+ \d{4}\.$/,
    );
    const sub = await authedGet(t.app, session, PAYMENT_PATHS.subscription);
    expect(sub.json().subscription).toMatchObject({
      isActive: true,
      cancelAtPeriodEnd: true,
      canCreate: true,
      plan: 'personal',
    });
    // Asking again changes nothing.
    const twice = await authedPost(t.app, session, PAYMENT_PATHS.cancelSubscription);
    expect(twice.json()).toMatchObject({
      cancelAtPeriodEnd: true,
      message: MESSAGES.payments.alreadyCancelled,
    });
    // The portal of the test provider opens and returns to the app.
    const portal = await authedPost(t.app, session, PAYMENT_PATHS.createPortalSession, {
      returnUrl: '/payments',
    });
    expect(portal.statusCode, portal.body).toBe(200);
    const portalPage = await t.app.inject({
      method: 'GET',
      url: new URL(portal.json().url).pathname + new URL(portal.json().url).search,
    });
    expect(portalPage.body).toContain('Test billing portal');
    expect(portalPage.body).toContain('http://localhost:3000/payments');
  });

  it('lets only the right people see and act (spec 01 §6), on the server', async () => {
    const school = await buildSchool(t, { plan: 'classroom' });
    const student = await buildUser(t, { role: 'student', schoolId: school.id });
    const plainTeacher = await buildUser(t, { role: 'teacher', schoolId: school.id });
    const grantedTeacher = await buildUser(t, {
      role: 'teacher',
      schoolId: school.id,
      permissions: ['view_payments'],
    });
    const admin = await buildUser(t, { role: 'admin', schoolId: school.id });
    const owner = await buildUser(t, { role: 'owner', schoolId: null });
    const as = async (u: { email: string; password: string }) => signIn(t.app, u.email, u.password);

    expect((await authedGet(t.app, await as(student), PAYMENT_PATHS.subscription)).statusCode).toBe(
      403,
    );
    expect((await authedGet(t.app, await as(student), PAYMENT_PATHS.history)).statusCode).toBe(403);
    const plain = await as(plainTeacher);
    expect((await authedGet(t.app, plain, PAYMENT_PATHS.subscription)).statusCode).toBe(403);
    expect((await authedPost(t.app, plain, PAYMENT_PATHS.cancelSubscription)).statusCode).toBe(403);
    expect(
      (
        await authedPost(t.app, plain, PAYMENT_PATHS.createAuthenticatedCheckout, {
          planType: 'personal',
          billingOption: 'monthly',
        })
      ).statusCode,
    ).toBe(403);
    const viewer = await authedGet(t.app, await as(grantedTeacher), PAYMENT_PATHS.subscription);
    expect(viewer.json()).toMatchObject({
      canManage: false,
      subscription: { plan: 'classroom', isActive: true },
    });
    expect(
      (await authedPost(t.app, await as(grantedTeacher), PAYMENT_PATHS.cancelSubscription))
        .statusCode,
    ).toBe(403);
    const adminView = await authedGet(t.app, await as(admin), PAYMENT_PATHS.subscription);
    expect(adminView.json()).toMatchObject({ canManage: true, hasStripeAccount: false });
    const ownerView = await authedGet(t.app, await as(owner), PAYMENT_PATHS.subscription);
    expect(ownerView.json()).toMatchObject({
      subscription: null,
      message: MESSAGES.payments.ownerSubscription,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: apiPath(PAYMENT_PATHS.subscription) })).statusCode,
    ).toBe(401);
  });

  it('answers the webhook path plainly when no Stripe webhook is configured', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath(PAYMENT_PATHS.webhook),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{"id":"evt_1"}',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.payments.webhookNotConfigured);
    expect(
      await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.stripeEventId, 'evt_1')),
    ).toEqual([]);
  });

  it('says the Classroom plan is coming soon unless switched on', async () => {
    const plans = await t.app.inject({ method: 'GET', url: apiPath(PAYMENT_EXTRA_PATHS.plans) });
    expect(plans.json()).toEqual({
      success: true,
      plansOnSale: true,
      classroomEnabled: false,
      introOfferEnds: null,
    });
  });
});

describe('payments with the Classroom plan switched on', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      PAYMENTS: 'test',
      CLASSROOM_PLAN_ENABLED: 'true',
      INTRO_OFFER_ENDS: '2999-08-31',
    });
  });
  afterAll(() => t.close());

  it('sells the Classroom plan to an admin and makes the school a 30-student classroom', async () => {
    const school = await buildSchool(t, { plan: 'trial' });
    const admin = await buildUser(t, { role: 'admin', schoolId: school.id });
    const session = await signIn(t.app, admin.email, admin.password);
    const checkout = await authedPost(t.app, session, PAYMENT_PATHS.createAuthenticatedCheckout, {
      planType: 'classroom',
      billingOption: 'annual',
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await payTestCheckout(t.app, checkout.json().checkoutUrl);
    const sub = await authedGet(t.app, session, PAYMENT_PATHS.subscription);
    expect(sub.json().subscription).toMatchObject({
      plan: 'classroom',
      amountPence: 34999,
      billingOption: 'annual',
    });
    const plans = await t.app.inject({ method: 'GET', url: apiPath(PAYMENT_EXTRA_PATHS.plans) });
    expect(plans.json()).toEqual({
      success: true,
      plansOnSale: true,
      classroomEnabled: true,
      introOfferEnds: '2999-08-31',
    });
  });
});
