import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, CLASS_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { PAYMENT_PATHS } from '@stem/contract/trial';
import type { MailPort, TMailMessage } from '../../src/adapters/mail/port';
import { createStripePayments } from '../../src/adapters/payments/stripe';
import { paymentEvents, paymentRecords, schools, users } from '../../src/db/schema';
import { bearer, buildUser, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { invoiceObject, signedEvent, startFakeStripe, type TFakeStripe } from './fake-stripe';
import {
  authedGet,
  authedPost,
  credentialsFrom,
  publicCheckout,
  schoolOfUser,
} from './payment-helpers';

const SECRET = 'whsec_test_secret';

/** Mail kept in memory; `failing` makes every send throw (an SMTP server that is down). */
function memoryMailer() {
  const sent: TMailMessage[] = [];
  const state = { failing: false };
  const mailer: MailPort = {
    name: 'outbox',
    async send(message) {
      if (state.failing) throw new Error('SMTP server unavailable');
      sent.push(message);
    },
    async close() {},
  };
  return { mailer, sent, state };
}

describe('Stripe: checkout, webhooks and the portal against a local Stripe-speaking server', () => {
  let stripe: TFakeStripe;
  let t: TTestApp;
  const mail = memoryMailer();

  beforeAll(async () => {
    stripe = await startFakeStripe();
    stripe.prices.set('price_pm', {
      id: 'price_pm',
      object: 'price',
      unit_amount: 499,
      currency: 'gbp',
      recurring: { interval: 'month', interval_count: 1 },
    });
    stripe.prices.set('price_pa', {
      id: 'price_pa',
      object: 'price',
      unit_amount: 4999,
      currency: 'gbp',
      recurring: { interval: 'month', interval_count: 1 },
    });
    stripe.promotionCodes.push({
      id: 'promo_exam',
      object: 'promotion_code',
      code: 'EXAM2025',
      active: true,
    });
    t = await buildTestApp(
      {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_PRICE_PERSONAL_MONTHLY: 'price_pm',
        STRIPE_PRICE_PERSONAL_ANNUAL: 'price_pa',
        STRIPE_API_BASE: stripe.url,
      },
      { mailer: mail.mailer },
    );
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const deliver = (event: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(PAYMENT_PATHS.webhook),
      headers: event.headers,
      payload: event.payload,
    });
  const eventCount = async () =>
    (await t.database.db.select({ n: count() }).from(paymentEvents))[0]?.n ?? 0;
  const verify = async (sessionId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${apiPath(PAYMENT_PATHS.verify)}?session_id=${sessionId}`,
      })
    ).json();

  /** A public checkout for `email` that the buyer then pays at Stripe. */
  async function paidCheckout(email: string) {
    const created = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'monthly',
      customer_email: email,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const sessionId = /cs_test_\w+/.exec(created.json.checkoutUrl ?? '')?.[0] ?? '';
    const paid = stripe.completeSession(sessionId, email);
    return { sessionId, ...paid };
  }

  it('makes the school, its teacher and one e-mail from checkout.session.completed, once', async () => {
    const email = 'stripe.buyer@example.com';
    const { sessionId, customer, subscription } = await paidCheckout(email);
    const request = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(request?.params).toMatchObject({
      mode: 'subscription',
      customer_email: email,
      line_items: { 0: { price: 'price_pm', quantity: '1' } },
      metadata: { kind: 'purchase', planType: 'personal', billingOption: 'monthly' },
      success_url: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/payment/cancel',
    });
    // Paid at Stripe, webhook not here yet: verify asks Stripe and says so; nothing is granted.
    expect(await verify(sessionId)).toMatchObject({ status: 'processing' });
    expect(await schoolOfUser(t, email)).toBeNull();

    // Out of order: the subscription event first. No school holds it yet, so it is a no-op.
    const early = await deliver(signedEvent(SECRET, 'customer.subscription.created', subscription));
    expect(early.statusCode, early.body).toBe(200);
    expect(await schoolOfUser(t, email)).toBeNull();

    const completed = signedEvent(
      SECRET,
      'checkout.session.completed',
      stripe.sessions.get(sessionId) ?? {},
    );
    const first = await deliver(completed);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const repeat = await deliver(completed);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ received: true, duplicate: true });

    const found = await schoolOfUser(t, email);
    expect(found?.school).toMatchObject({
      plan: 'personal',
      schoolType: 'personal',
      stripeCustomerId: customer,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: 'active',
    });
    const mails = mail.sent.filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    const { password, code } = credentialsFrom(mails[0]?.text ?? '');
    expect(code).toBe(found?.school.code);
    await signIn(t.app, email, password);
    expect(await verify(sessionId)).toMatchObject({ status: 'completed' });

    const invoice = invoiceObject({
      customer,
      subscription: String(subscription.id),
      price: 'price_pm',
      amount: 499,
      status: 'paid',
    });
    expect((await deliver(signedEvent(SECRET, 'invoice.paid', invoice))).statusCode).toBe(200);
    const [record] = await t.database.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.invoiceId, String(invoice.id)));
    expect(record).toMatchObject({
      schoolId: found?.school.id,
      amountPence: 499,
      status: 'paid',
      plan: 'personal',
      billingOption: 'monthly',
    });
  });

  it('refuses a bad or stale signature with 400 and changes nothing', async () => {
    const email = 'forged@example.com';
    const { sessionId } = await paidCheckout(email);
    const before = await eventCount();
    const good = signedEvent(
      SECRET,
      'checkout.session.completed',
      stripe.sessions.get(sessionId) ?? {},
    );
    const forged = signedEvent(
      'whsec_someone_else',
      'checkout.session.completed',
      stripe.sessions.get(sessionId) ?? {},
    );
    const tampered = { ...good, payload: good.payload.replace(email, 'attacker@example.com') };
    const stale = signedEvent(
      SECRET,
      'checkout.session.completed',
      stripe.sessions.get(sessionId) ?? {},
      {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      },
    );
    for (const bad of [
      forged,
      tampered,
      stale,
      { ...good, headers: { 'content-type': 'application/json' } },
    ]) {
      const response = await deliver(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.payments.webhookBadSignature);
    }
    expect(await eventCount()).toBe(before);
    expect(await schoolOfUser(t, email)).toBeNull();
    expect(await schoolOfUser(t, 'attacker@example.com')).toBeNull();
  });

  it('answers 500 and keeps nothing when applying fails part-way; the retry then applies it once', async () => {
    const email = 'retry.buyer@example.com';
    const { sessionId } = await paidCheckout(email);
    const event = signedEvent(
      SECRET,
      'checkout.session.completed',
      stripe.sessions.get(sessionId) ?? {},
    );
    const before = await eventCount();
    const schoolsBefore = (await t.database.db.select({ n: count() }).from(schools))[0]?.n;
    mail.state.failing = true;
    try {
      const failed = await deliver(event);
      expect(failed.statusCode).toBe(500);
    } finally {
      mail.state.failing = false;
    }
    expect(await eventCount()).toBe(before);
    expect((await t.database.db.select({ n: count() }).from(schools))[0]?.n).toBe(schoolsBefore);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(mail.sent.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('follows failing payments and the end of a subscription; a late event cannot bring it back', async () => {
    const email = 'lapsing@example.com';
    const { sessionId, customer, subscription } = await paidCheckout(email);
    await deliver(
      signedEvent(SECRET, 'checkout.session.completed', stripe.sessions.get(sessionId) ?? {}),
    );
    const { password } = credentialsFrom(mail.sent.find((m) => m.to === email)?.text ?? '');
    const session = await signIn(t.app, email, password);
    const schoolRow = (await schoolOfUser(t, email))?.school;
    const student = await buildUser(t, { role: 'student', schoolId: schoolRow?.id ?? null });
    const createClass = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPath(CLASS_PATHS.create),
        headers: bearer(session),
        payload: { name, students: [student.id] },
      });
    expect((await createClass('While active')).statusCode).toBe(201);

    // A renewal fails: Stripe retries (past_due); the school keeps working.
    subscription.status = 'past_due';
    const failedInvoice = invoiceObject({
      customer,
      subscription: String(subscription.id),
      price: 'price_pm',
      amount: 499,
      status: 'open',
    });
    expect(
      (await deliver(signedEvent(SECRET, 'invoice.payment_failed', failedInvoice))).statusCode,
    ).toBe(200);
    const [failedRecord] = await t.database.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.invoiceId, String(failedInvoice.id)));
    expect(failedRecord).toMatchObject({ status: 'failed', schoolId: schoolRow?.id });
    expect(
      (await authedGet(t.app, session, PAYMENT_PATHS.subscription)).json().subscription,
    ).toMatchObject({
      status: 'past_due',
      isActive: true,
      canCreate: true,
    });

    // Past the retries Stripe ends it. A stale "updated" (still active in its payload) arrives after.
    const stalePayload = { ...subscription, status: 'active' };
    subscription.status = 'canceled';
    subscription.ended_at = Math.floor(Date.now() / 1000);
    expect(
      (await deliver(signedEvent(SECRET, 'customer.subscription.deleted', subscription)))
        .statusCode,
    ).toBe(200);
    expect(
      (await deliver(signedEvent(SECRET, 'customer.subscription.updated', stalePayload)))
        .statusCode,
    ).toBe(200);
    const [after] = await t.database.db
      .select()
      .from(schools)
      .where(eq(schools.id, schoolRow?.id ?? ''));
    expect(after?.subscriptionStatus).toBe('canceled');

    // Treated like an expired trial: reading works, creating is refused with a link to /payments.
    const refused = await createClass('After the end');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_INACTIVE',
      message: MESSAGES.payments.planEnded,
    });
    expect(refused.json().message).toContain('/payments');
    const reading = await t.app.inject({
      method: 'GET',
      url: apiPath(CLASS_PATHS.teacherClasses),
      headers: bearer(session),
    });
    expect(reading.statusCode).toBe(200);
    expect(
      (await authedGet(t.app, session, PAYMENT_PATHS.subscription)).json().subscription,
    ).toMatchObject({
      status: 'canceled',
      isActive: false,
      canCreate: false,
    });
    // And it may buy again.
    const again = await authedPost(t.app, session, PAYMENT_PATHS.createAuthenticatedCheckout, {
      planType: 'personal',
      billingOption: 'monthly',
    });
    expect(again.statusCode, again.body).toBe(200);
    const lastRequest = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(lastRequest?.params).toMatchObject({
      customer,
      metadata: { kind: 'upgrade', schoolId: schoolRow?.id },
    });
  });

  it('sends the promo as a Stripe promotion code, opens the portal and cancels at the period end', async () => {
    const email = 'promo.stripe@example.com';
    const created = await publicCheckout(t.app, {
      planType: 'personal',
      billingOption: 'monthly',
      customer_email: email,
      promoCode: 'EXAM2025',
    });
    expect(created.status).toBe(200);
    const request = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(request?.params.discounts).toEqual({ 0: { promotion_code: 'promo_exam' } });
    const sessionId = /cs_test_\w+/.exec(created.json.checkoutUrl ?? '')?.[0] ?? '';
    const { customer, subscription } = stripe.completeSession(sessionId, email);
    await deliver(
      signedEvent(SECRET, 'checkout.session.completed', stripe.sessions.get(sessionId) ?? {}),
    );
    const { password } = credentialsFrom(mail.sent.find((m) => m.to === email)?.text ?? '');
    const session = await signIn(t.app, email, password);

    const portal = await authedPost(t.app, session, PAYMENT_PATHS.createPortalSession, {
      returnUrl: 'https://evil.example.com/',
    });
    expect(portal.json()).toMatchObject({
      success: true,
      url: `https://billing.stripe.test/p/session/${customer}`,
    });
    const portalRequest = stripe.requests
      .filter((r) => r.path === '/v1/billing_portal/sessions')
      .at(-1);
    expect(portalRequest?.params.return_url).toBe('http://localhost:3000/payments');

    // The subscription reply carries the portal's address for a school with a Stripe customer.
    const read = await authedGet(t.app, session, PAYMENT_PATHS.subscription);
    expect(read.json()).toMatchObject({
      hasStripeAccount: true,
      portalUrl: `https://billing.stripe.test/p/session/${customer}`,
    });

    const cancelled = await authedPost(t.app, session, PAYMENT_PATHS.cancelSubscription);
    expect(cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true });
    expect(subscription.cancel_at_period_end).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(schools)
      .where(eq(schools.stripeSubscriptionId, String(subscription.id)));
    expect(row).toMatchObject({
      cancelAtPeriodEnd: true,
      plan: 'personal',
      subscriptionStatus: 'active',
    });
  });

  it('reports configured prices that differ from the plan table', async () => {
    const problems = await createStripePayments(t.config).checkPrices?.();
    expect(problems).toEqual(['STRIPE_PRICE_PERSONAL_ANNUAL (price_pa) is not billed every year']);
  });
});
