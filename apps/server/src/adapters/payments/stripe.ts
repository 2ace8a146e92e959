import Stripe from 'stripe';
import { CURRENCY, PAID_PLANS, type TBillingOption, type TPaidPlanId } from '@stem/contract/plans';
import type { TConfig } from '../../config';
import {
  UnknownPromoError,
  WebhookSignatureError,
  type PaymentsPort,
  type TCheckoutState,
  type TInvoiceState,
  type TPaymentEvent,
  type TSubscriptionState,
} from './port';

type TPriceKey = keyof TConfig['stripe']['prices'];
const PRICE_KEYS: Record<TPriceKey, { plan: TPaidPlanId; billing: TBillingOption }> = {
  personalMonthly: { plan: 'personal', billing: 'monthly' },
  personalAnnual: { plan: 'personal', billing: 'annual' },
  classroomMonthly: { plan: 'classroom', billing: 'monthly' },
  classroomAnnual: { plan: 'classroom', billing: 'annual' },
};
const ENV_NAME: Record<TPriceKey, string> = {
  personalMonthly: 'STRIPE_PRICE_PERSONAL_MONTHLY',
  personalAnnual: 'STRIPE_PRICE_PERSONAL_ANNUAL',
  classroomMonthly: 'STRIPE_PRICE_CLASSROOM_MONTHLY',
  classroomAnnual: 'STRIPE_PRICE_CLASSROOM_ANNUAL',
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const checkoutStatus = (status: string | null): TCheckoutState['status'] =>
  status === 'complete' ? 'complete' : status === 'expired' ? 'expired' : 'open';

const metadataOf = (value: Stripe.Metadata | null | undefined): Partial<Record<string, string>> =>
  value ? { ...value } : {};

/** Card payments through Stripe (official SDK): Checkout, the Customer Portal, signed webhooks. */
export function createStripePayments(config: TConfig): PaymentsPort {
  const { secretKey, webhookSecret, prices, apiBase } = config.stripe;
  if (!secretKey || !webhookSecret)
    throw new Error('Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const base = new URL(apiBase);
  const stripe = new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'STEM@Home' },
  });

  const priceIdFor = (plan: TPaidPlanId, billing: TBillingOption): string => {
    const key = (Object.keys(PRICE_KEYS) as TPriceKey[]).find(
      (k) => PRICE_KEYS[k].plan === plan && PRICE_KEYS[k].billing === billing,
    );
    const id = key ? prices[key] : undefined;
    if (!id) throw new Error(`no Stripe price configured for ${plan} ${billing}`);
    return id;
  };
  const planOfPrice = (
    priceId: string | null,
  ): { plan: TPaidPlanId; billing: TBillingOption } | null => {
    if (!priceId) return null;
    const key = (Object.keys(PRICE_KEYS) as TPriceKey[]).find((k) => prices[k] === priceId);
    return key ? PRICE_KEYS[key] : null;
  };

  const toSubscription = (sub: Stripe.Subscription): TSubscriptionState => {
    const item = sub.items.data[0];
    const ours = planOfPrice(item?.price.id ?? null);
    return {
      id: sub.id,
      customerId: idOf(sub.customer) ?? '',
      status: sub.status,
      plan: ours?.plan ?? null,
      billing: ours?.billing ?? null,
      currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
      metadata: metadataOf(sub.metadata),
    };
  };

  const toCheckout = (session: Stripe.Checkout.Session): TCheckoutState => ({
    id: session.id,
    status: checkoutStatus(session.status),
    paid: session.payment_status !== 'unpaid',
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    email: session.customer_details?.email ?? session.customer_email ?? null,
    metadata: metadataOf(session.metadata),
  });

  const toInvoice = (invoice: Stripe.Invoice): TInvoiceState => {
    const line = invoice.lines.data[0];
    const ours = planOfPrice(idOf(line?.pricing?.price_details?.price ?? null));
    const paid = invoice.status_transitions.paid_at;
    return {
      id: invoice.id,
      customerId: idOf(invoice.customer),
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? null),
      amountPence: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      plan: ours?.plan ?? null,
      billing: ours?.billing ?? null,
      description: line?.description ?? invoice.description ?? 'Subscription',
      occurredAt: new Date((paid ?? invoice.created) * 1000),
    };
  };

  return {
    name: 'stripe',

    async createCheckout(input) {
      let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
      if (input.promoCode) {
        const found = await stripe.promotionCodes.list({
          code: input.promoCode,
          active: true,
          limit: 1,
        });
        const promo = found.data[0];
        if (!promo) throw new UnknownPromoError(input.promoCode);
        discounts = [{ promotion_code: promo.id }];
      }
      const metadata: Record<string, string> = Object.fromEntries(
        Object.entries(input.metadata).filter(([, v]) => v !== undefined),
      );
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: priceIdFor(input.plan, input.billing), quantity: 1 }],
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        ...(input.metadata.schoolId ? { client_reference_id: input.metadata.schoolId } : {}),
        ...(discounts ? { discounts } : {}),
        metadata,
        subscription_data: { metadata },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(id) {
      try {
        return toCheckout(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null;
        }
        throw error;
      }
    },

    async retrieveSubscription(id) {
      try {
        return toSubscription(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null;
        }
        throw error;
      }
    },

    async cancelAtPeriodEnd(subscriptionId) {
      return toSubscription(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
      }
      const base = { id: event.id, created: new Date(event.created * 1000) };
      switch (event.type) {
        case 'checkout.session.completed':
          return { ...base, type: event.type, session: toCheckout(event.data.object) };
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return { ...base, type: event.type, subscription: toSubscription(event.data.object) };
        case 'invoice.paid':
        case 'invoice.payment_failed':
          return { ...base, type: event.type, invoice: toInvoice(event.data.object) };
        default:
          return { ...base, type: 'ignored', originalType: event.type } satisfies TPaymentEvent;
      }
    },

    async checkPrices() {
      const problems: string[] = [];
      for (const key of Object.keys(PRICE_KEYS) as TPriceKey[]) {
        const priceId = prices[key];
        if (!priceId) continue;
        const { plan, billing } = PRICE_KEYS[key];
        const expected = PAID_PLANS[plan].prices[billing].amountPence;
        const interval = billing === 'monthly' ? 'month' : 'year';
        try {
          const price = await stripe.prices.retrieve(priceId);
          if (price.unit_amount !== expected) {
            problems.push(
              `${ENV_NAME[key]} (${priceId}) costs ${price.unit_amount ?? 'nothing'} but the plan table says ${expected} pence`,
            );
          }
          if (price.currency !== CURRENCY) {
            problems.push(`${ENV_NAME[key]} (${priceId}) is in ${price.currency}, not ${CURRENCY}`);
          }
          if (
            price.recurring?.interval !== interval ||
            (price.recurring.interval_count ?? 1) !== 1
          ) {
            problems.push(`${ENV_NAME[key]} (${priceId}) is not billed every ${interval}`);
          }
        } catch (error) {
          problems.push(
            `${ENV_NAME[key]} (${priceId}) could not be read from Stripe: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      return problems;
    },
  };
}
