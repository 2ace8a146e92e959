import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import {
  CURRENCY,
  PAID_PLANS,
  PROMO,
  formatPence,
  promoRefusal,
  type TBillingOption,
  type TPaidPlanId,
} from '@stem/contract/plans';
import type { TDb } from '../../db/client';
import { localPaymentObjects } from '../../db/schema';
import { addMonths } from '../../lib/add-months';
import { sameOriginUrl } from '../../lib/same-origin';
import type {
  PaymentsPort,
  TCheckoutMetadata,
  TCheckoutState,
  TEventHandler,
  TPaymentEvent,
  TSubscriptionState,
} from './port';

/**
 * The built-in test provider, used only with PAYMENTS=test (never by leaving keys out): a checkout page served by this server
 * (clearly a test, no card taken) that, on Pay, makes a subscription and an invoice and produces the
 * same events Stripe would, through the same handler. Its objects live in `local_payment_objects`.
 */

type TLocalSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  plan: TPaidPlanId;
  billing: TBillingOption;
  email: string;
  customerId: string | null;
  subscriptionId: string | null;
  promoCode: string | null;
  successUrl: string;
  cancelUrl: string;
  metadata: TCheckoutMetadata;
  /** The events this checkout produced, kept so a failed delivery can be delivered again. */
  events: unknown[];
};

type TLocalSubscription = Omit<TSubscriptionState, 'currentPeriodEnd'> & {
  currentPeriodEnd: string;
};

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

const DATE_KEYS = new Set(['created', 'currentPeriodEnd', 'occurredAt']);
/** Events are stored as JSON; dates come back as Date objects. */
function reviveEvent(stored: unknown): TPaymentEvent {
  return JSON.parse(JSON.stringify(stored), (key, value: unknown) =>
    DATE_KEYS.has(key) && typeof value === 'string' ? new Date(value) : value,
  ) as TPaymentEvent;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const subscriptionState = (s: TLocalSubscription): TSubscriptionState => ({
  ...s,
  currentPeriodEnd: new Date(s.currentPeriodEnd),
});

export function createLocalPayments(options: {
  db: TDb;
  appUrl: string;
  now: () => Date;
}): PaymentsPort {
  const { db, appUrl, now } = options;
  let handleEvent: TEventHandler | undefined;

  async function load<T>(kind: 'session' | 'subscription', id: string): Promise<T | null> {
    const rows = await db
      .select({ data: localPaymentObjects.data })
      .from(localPaymentObjects)
      .where(and(eq(localPaymentObjects.id, id), eq(localPaymentObjects.kind, kind)))
      .limit(1);
    return (rows[0]?.data as T | undefined) ?? null;
  }

  async function save(kind: 'session' | 'subscription', id: string, data: object): Promise<void> {
    await db
      .insert(localPaymentObjects)
      .values({ id, kind, data, updatedAt: now() })
      .onConflictDoUpdate({ target: localPaymentObjects.id, set: { data, updatedAt: now() } });
  }

  async function deliver(events: unknown[]): Promise<void> {
    if (!handleEvent) throw new Error('the local payment provider has no event handler');
    for (const event of events) await handleEvent(reviveEvent(event));
  }

  const checkoutState = (s: TLocalSession): TCheckoutState => ({
    id: s.id,
    status: s.status,
    paid: s.status === 'complete',
    customerId: s.customerId,
    subscriptionId: s.subscriptionId,
    email: s.email,
    metadata: { ...s.metadata },
  });

  /** Pay: the subscription and first invoice, then the events Stripe would send, in its order. */
  async function complete(
    session: TLocalSession,
    promoCode: string | null,
  ): Promise<TLocalSession> {
    const at = now();
    const customerId = session.customerId ?? newId('cus');
    const price = PAID_PLANS[session.plan].prices[session.billing].amountPence;
    const subscription: TLocalSubscription = {
      id: newId('sub'),
      customerId,
      status: 'active',
      plan: session.plan,
      billing: session.billing,
      currentPeriodEnd: addMonths(at, session.billing === 'monthly' ? 1 : 12).toISOString(),
      cancelAtPeriodEnd: false,
      metadata: { ...session.metadata },
    };
    const planName = PAID_PLANS[session.plan].name;
    const completed: TLocalSession = {
      ...session,
      status: 'complete',
      customerId,
      subscriptionId: subscription.id,
      promoCode,
    };
    const events: TPaymentEvent[] = [
      {
        id: newId('evt'),
        created: at,
        type: 'customer.subscription.created',
        subscription: subscriptionState(subscription),
      },
      {
        id: newId('evt'),
        created: at,
        type: 'checkout.session.completed',
        session: checkoutState(completed),
      },
      {
        id: newId('evt'),
        created: at,
        type: 'invoice.paid',
        invoice: {
          id: newId('in'),
          customerId,
          subscriptionId: subscription.id,
          amountPence: promoCode ? 0 : price,
          currency: CURRENCY,
          plan: session.plan,
          billing: session.billing,
          description: `${planName} (${session.billing})${promoCode ? `, ${PROMO.code}: ${PROMO.freeMonths} months free` : ''}`,
          occurredAt: at,
        },
      },
    ];
    completed.events = JSON.parse(JSON.stringify(events)) as unknown[];
    await save('subscription', subscription.id, subscription);
    await save('session', session.id, completed);
    return completed;
  }

  function page(title: string, body: string): string {
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · STEM@Home</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{margin:0;font-family:system-ui,Arial,sans-serif;background:#f1f3f5;color:#1f2933}
main{max-width:480px;margin:32px auto;background:#fff;border-radius:8px;padding:24px 28px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
.test{background:#fff3bf;border:2px dashed #f08c00;border-radius:6px;padding:10px 12px;font-weight:600;margin-bottom:20px}
h1{font-size:22px;margin:0 0 16px}.price{font-size:28px;font-weight:700}.was{text-decoration:line-through;color:#868e96;margin-left:8px}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:6px 16px}dt{color:#52606d}dd{margin:0;overflow-wrap:anywhere}
label{display:block;margin:16px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:8px;font-size:16px;border:1px solid #ced4da;border-radius:4px}
.hint{font-size:13px;color:#52606d;margin-top:4px}.error{color:#c92a2a;font-weight:600;margin-top:8px}
.actions{display:flex;gap:12px;margin-top:20px}button,a.button{font-size:16px;padding:10px 18px;border-radius:6px;border:0;cursor:pointer;text-decoration:none}
.pay{background:#1c7ed6;color:#fff}.cancel{background:#e9ecef;color:#1f2933}
</style></head><body><main>
<div class="test" role="note">TEST PAYMENT PAGE: this server runs the built-in test checkout (PAYMENTS=test). No card is taken and no money moves.</div>
${body}
</main></body></html>`;
  }

  function checkoutPage(session: TLocalSession, error: string | null): string {
    const plan = PAID_PLANS[session.plan];
    const price = plan.prices[session.billing];
    // A promo code brought from the app's Buy Plan (or typed and refused) stands in the box; an
    // accepted one makes the first invoice £0.00, so Pay says that, not the plan's price.
    const promo = session.promoCode?.trim() ?? '';
    const dueToday =
      promo && !promoRefusal(promo, session.plan, session.billing) ? 0 : price.amountPence;
    const base = `${API_BASE}/payment/test-checkout/${encodeURIComponent(session.id)}`;
    return page(
      'Test checkout',
      `<h1>Test checkout</h1>
<dl>
<dt>Plan</dt><dd>${escapeHtml(plan.name)}</dd>
<dt>Billing</dt><dd>${session.billing === 'monthly' ? 'Monthly' : 'Annual'}</dd>
<dt>E-mail</dt><dd>${escapeHtml(session.email)}</dd>
</dl>
<p><span class="price">${formatPence(price.amountPence)}</span><span class="was">${formatPence(price.wasPence)}</span>
 ${session.billing === 'monthly' ? 'per month' : 'per year'}</p>
<form method="post" action="${base}/pay">
<label for="promoCode">Promo code</label>
<input id="promoCode" name="promoCode" autocomplete="off" value="${escapeHtml(session.promoCode ?? '')}">
<div class="hint">${escapeHtml(`${PROMO.code}: ${PROMO.freeMonths} months free on the monthly Personal plan`)}</div>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<div class="actions">
<button class="pay" type="submit">Pay ${formatPence(dueToday)} (test)</button>
<button class="cancel" type="submit" formaction="${base}/cancel">Cancel</button>
</div>
</form>`,
    );
  }

  return {
    name: 'local',

    async createCheckout(input) {
      const session: TLocalSession = {
        id: newId('cs'),
        status: 'open',
        plan: input.plan,
        billing: input.billing,
        email: input.email,
        customerId: input.customerId,
        subscriptionId: null,
        promoCode: input.promoCode,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: input.metadata,
        events: [],
      };
      await save('session', session.id, session);
      return {
        id: session.id,
        url: `${appUrl}${API_BASE}/payment/test-checkout/${session.id}`,
      };
    },

    async retrieveCheckout(id) {
      const session = await load<TLocalSession>('session', id);
      return session ? checkoutState(session) : null;
    },

    async retrieveSubscription(id) {
      const sub = await load<TLocalSubscription>('subscription', id);
      return sub ? subscriptionState(sub) : null;
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const sub = await load<TLocalSubscription>('subscription', subscriptionId);
      if (!sub) throw new Error(`no local subscription ${subscriptionId}`);
      const updated: TLocalSubscription = { ...sub, cancelAtPeriodEnd: true };
      await save('subscription', sub.id, updated);
      await deliver([
        {
          id: newId('evt'),
          created: now(),
          type: 'customer.subscription.updated',
          subscription: subscriptionState(updated),
        } satisfies TPaymentEvent,
      ]);
      return subscriptionState(updated);
    },

    async createPortalSession(customerId, returnUrl) {
      return {
        url: `${appUrl}${API_BASE}/payment/test-portal/${encodeURIComponent(customerId)}?return=${encodeURIComponent(returnUrl)}`,
      };
    },

    registerRoutes(app: FastifyInstance, handler: TEventHandler) {
      handleEvent = handler;
      // The test pages post ordinary HTML forms.
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
      const notFound = page(
        'Test checkout',
        `<h1>Checkout not found</h1><p>${escapeHtml(MESSAGES.payments.verifyNotFound)}</p>`,
      );

      app.get<{ Params: { sessionId: string } }>(
        '/payment/test-checkout/:sessionId',
        { schema: { hide: true } },
        async (request, reply) => {
          const session = await load<TLocalSession>('session', request.params.sessionId);
          void reply.type('text/html; charset=utf-8');
          if (!session) return reply.status(404).send(notFound);
          if (session.status === 'complete') return reply.redirect(successUrl(session), 303);
          return reply.send(checkoutPage(session, null));
        },
      );

      app.post<{ Params: { sessionId: string }; Body: { promoCode?: string } | undefined }>(
        '/payment/test-checkout/:sessionId/pay',
        { schema: { hide: true } },
        async (request, reply) => {
          const session = await load<TLocalSession>('session', request.params.sessionId);
          void reply.type('text/html; charset=utf-8');
          if (!session) return reply.status(404).send(notFound);
          let done = session;
          if (session.status === 'open') {
            const code = (request.body?.promoCode ?? '').trim();
            if (code) {
              const refusal = promoRefusal(code, session.plan, session.billing);
              if (refusal) {
                const message =
                  refusal === 'unknown'
                    ? MESSAGES.payments.promoInvalid
                    : MESSAGES.payments.promoWrongPlan;
                return reply
                  .status(400)
                  .send(checkoutPage({ ...session, promoCode: code }, message));
              }
            }
            done = await complete(session, code ? PROMO.code : null);
          }
          // Delivered after the objects are saved; a failure shows an error and Pay can be pressed
          // again, which delivers the same events (each is applied once).
          await deliver(done.events);
          return reply.redirect(successUrl(done), 303);
        },
      );

      app.post<{ Params: { sessionId: string } }>(
        '/payment/test-checkout/:sessionId/cancel',
        { schema: { hide: true } },
        async (request, reply) => {
          const session = await load<TLocalSession>('session', request.params.sessionId);
          if (!session) return reply.status(404).type('text/html; charset=utf-8').send(notFound);
          return reply.redirect(session.cancelUrl, 303);
        },
      );

      app.get<{ Params: { customerId: string }; Querystring: { return?: string } }>(
        '/payment/test-portal/:customerId',
        { schema: { hide: true } },
        async (request, reply) => {
          const rows = await db
            .select({ data: localPaymentObjects.data })
            .from(localPaymentObjects)
            .where(
              and(
                eq(localPaymentObjects.kind, 'subscription'),
                sql`${localPaymentObjects.data}->>'customerId' = ${request.params.customerId}`,
              ),
            );
          const back = sameOriginUrl(appUrl, request.query.return) ?? appUrl;
          const items = rows
            .map((row) => row.data as TLocalSubscription)
            .map((s) => {
              const plan = s.plan ? PAID_PLANS[s.plan].name : 'Plan';
              const end = new Date(s.currentPeriodEnd).toLocaleDateString('en-GB');
              return `<li>${escapeHtml(plan)} (${escapeHtml(s.billing ?? '')}): ${escapeHtml(s.status)}, ${s.cancelAtPeriodEnd ? `ends on ${end}` : `renews on ${end}`}</li>`;
            })
            .join('');
          return reply.type('text/html; charset=utf-8').send(
            page(
              'Test billing portal',
              `<h1>Test billing portal</h1>
<p>The test provider keeps no card, so there is nothing to change here. Cancel from the Payments page.</p>
<ul>${items || '<li>No subscriptions.</li>'}</ul>
<div class="actions"><a class="button pay" href="${escapeHtml(back)}">Return to STEM@Home</a></div>`,
            ),
          );
        },
      );
    },
  };

  function successUrl(session: TLocalSession): string {
    return session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id));
  }
}
