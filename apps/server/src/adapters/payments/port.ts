import type { FastifyInstance } from 'fastify';
import type { TBillingOption, TPaidPlanId } from '@stem/contract/plans';

/**
 * The payment provider, as the payments module sees it (chosen by PAYMENTS, select-payments.ts):
 * Stripe, the built-in local test provider (PAYMENTS=test only), or `off` (nothing on sale). Events
 * come out of the first two in this one shape and go through the same handler.
 */

/** Metadata we attach to a checkout (and its subscription) so the event can be applied on return. */
export type TCheckoutMetadata = {
  kind: 'purchase' | 'upgrade';
  planType: TPaidPlanId;
  billingOption: TBillingOption;
  /** Upgrades: the school that pays, and the user who started it. */
  schoolId?: string;
  userId?: string;
};

export type TCreateCheckoutInput = {
  plan: TPaidPlanId;
  billing: TBillingOption;
  /** A new customer is made from this e-mail unless `customerId` names an existing one. */
  email: string;
  customerId: string | null;
  /** Already checked against the plan: only for the monthly Personal plan. */
  promoCode: string | null;
  successUrl: string;
  cancelUrl: string;
  metadata: TCheckoutMetadata;
};

export type TCheckoutState = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  /** Paid, or nothing to pay (the promo's free months). */
  paid: boolean;
  customerId: string | null;
  subscriptionId: string | null;
  email: string | null;
  metadata: Partial<Record<string, string>>;
};

export type TSubscriptionState = {
  id: string;
  customerId: string;
  /** The provider's status: active, trialing, past_due, unpaid, canceled, incomplete, ... */
  status: string;
  /** From the subscription's price; null when the price is not one of ours. */
  plan: TPaidPlanId | null;
  billing: TBillingOption | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  metadata: Partial<Record<string, string>>;
};

export type TInvoiceState = {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  amountPence: number;
  currency: string;
  plan: TPaidPlanId | null;
  billing: TBillingOption | null;
  description: string;
  occurredAt: Date;
};

export type TPaymentEvent = { id: string; created: Date } & (
  | { type: 'checkout.session.completed'; session: TCheckoutState }
  | {
      type:
        | 'customer.subscription.created'
        | 'customer.subscription.updated'
        | 'customer.subscription.deleted';
      subscription: TSubscriptionState;
    }
  | { type: 'invoice.paid' | 'invoice.payment_failed'; invoice: TInvoiceState }
  | { type: 'ignored'; originalType: string }
);

/** Thrown by `parseWebhook` when the signature does not verify (answered 400, nothing changes). */
export class WebhookSignatureError extends Error {}

/** Thrown when a promo code is unknown to the provider. */
export class UnknownPromoError extends Error {}

export type TEventHandler = (event: TPaymentEvent) => Promise<unknown>;

export interface PaymentsPort {
  readonly name: 'stripe' | 'local' | 'off';
  createCheckout(input: TCreateCheckoutInput): Promise<{ id: string; url: string }>;
  /** The checkout's state at the provider, or null when it has none by that id. */
  retrieveCheckout(id: string): Promise<TCheckoutState | null>;
  retrieveSubscription(id: string): Promise<TSubscriptionState | null>;
  /** Sets the subscription to end at its period's end; returns the new state. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<TSubscriptionState>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Verifies and reads a webhook delivery; undefined when this provider takes no webhooks. */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): TPaymentEvent;
  /** Start-up check: configured prices against the plan table; returns the mismatches. */
  checkPrices?(): Promise<string[]>;
  /** The local provider's own pages (test checkout and portal), given the shared event handler. */
  registerRoutes?(app: FastifyInstance, handleEvent: TEventHandler): void;
}
