/**
 * The payments feature's requests and replies beyond the checkout pair in `trial.ts` (spec 01 §3
 * "Subscription", §7 payment calls; issue 18 "Payment verify, success and cancel paths").
 * Money is whole pence; dates are ISO strings.
 */
import { z } from 'zod';
import { PLANS } from './roles';
import { BILLING_OPTIONS, PLAN_TYPES } from './trial';

/** Our own extra paths (the spec's are in PAYMENT_PATHS). */
export const PAYMENT_EXTRA_PATHS = {
  /** Public: what is on sale, the promo code and the introductory offer's end. */
  plans: '/payment/plans',
  /** The built-in test checkout (only without Stripe keys). */
  testCheckout: '/payment/test-checkout/:sessionId',
  testPortal: '/payment/test-portal/:customerId',
} as const;

/** POST /trial/upgrade (spec 01 §7: `planId`): a trial school buys a plan and keeps everything. */
export const ZTrialUpgradeRequest = z.object({
  planId: z.enum(PLAN_TYPES),
  billingOption: z.enum(BILLING_OPTIONS).optional(),
  promoCode: z.string().trim().max(40).optional(),
});
export type TTrialUpgradeRequest = z.infer<typeof ZTrialUpgradeRequest>;

export const ZPortalSessionRequest = z.object({
  returnUrl: z.string().trim().max(2000).optional(),
});
export type TPortalSessionRequest = z.infer<typeof ZPortalSessionRequest>;

export const ZPortalSessionResponse = z.object({
  success: z.literal(true),
  url: z.string(),
  message: z.string(),
});
export type TPortalSessionResponse = z.infer<typeof ZPortalSessionResponse>;

/** The provider's subscription states (Stripe's words). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;

export const ZSubscription = z.object({
  /** The provider's status, or 'trial' for a school on its free trial, 'none' when never bought. */
  status: z.string(),
  /** A paid plan in force (active, trialing or past_due while the provider retries). */
  isActive: z.boolean(),
  isTrial: z.boolean(),
  plan: z.enum(PLANS),
  planName: z.string(),
  billingOption: z.enum(BILLING_OPTIONS).nullable(),
  /** The price of one period in pence, from the plan table. */
  amountPence: z.number().int().nullable(),
  /** Renewal date, or the date access ends when `cancelAtPeriodEnd`. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /**
   * After a promotion code's free months: the day the first charge falls (still to come), and
   * what it is; null without a promotion, or once it has passed.
   */
  firstChargeOn: z.string().nullable(),
  trialExpiresAt: z.string().nullable(),
  /** False once the plan has ended or the trial expired: reading works, creating is refused. */
  canCreate: z.boolean(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZSubscriptionResponse = z.object({
  success: z.literal(true),
  subscription: ZSubscription.nullable(),
  isTrial: z.boolean(),
  hasStripeAccount: z.boolean(),
  /**
   * Always null here: portal sessions are short-lived single-use links, so one is made only when the
   * user asks for it (POST create-portal-session).
   */
  portalUrl: z.string().nullable(),
  /** May this user buy, cancel or open the portal (manage_payments, or the trial's own teacher)? */
  canManage: z.boolean(),
  message: z.string(),
});
export type TSubscriptionResponse = z.infer<typeof ZSubscriptionResponse>;

export const ZCancelSubscriptionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** Access continues until this date. */
  accessUntil: z.string().nullable(),
});
export type TCancelSubscriptionResponse = z.infer<typeof ZCancelSubscriptionResponse>;

export const ZPaymentRecord = z.object({
  id: z.string(),
  description: z.string(),
  plan: z.string().nullable(),
  billingOption: z.string().nullable(),
  amountPence: z.number().int(),
  currency: z.string(),
  invoiceId: z.string(),
  status: z.enum(['paid', 'failed']),
  date: z.string(),
});
export type TPaymentRecord = z.infer<typeof ZPaymentRecord>;

export const ZPaymentHistoryResponse = z.object({
  success: z.literal(true),
  payments: z.array(ZPaymentRecord),
});
export type TPaymentHistoryResponse = z.infer<typeof ZPaymentHistoryResponse>;

export const ZVerifyQuery = z.object({
  session_id: z.string().trim().min(1, { message: 'session_id is required' }).max(255),
});

export const VERIFY_STATUSES = [
  /** The webhook has recorded the purchase: the school exists (or was upgraded). */
  'completed',
  /** The provider says paid, the webhook has not arrived yet. */
  'processing',
  /** Not paid (yet): the checkout is still open. */
  'open',
  'expired',
  /** Paid, but the e-mail already had an account: no second account was made. */
  'email_exists',
  'not_found',
] as const;
export const ZVerifyResponse = z.object({
  success: z.boolean(),
  status: z.enum(VERIFY_STATUSES),
  /**
   * A new school and account ('purchase': the mail carries a temporary password and the school
   * code) or an existing school's upgrade (nothing new to sign in with); null when unknown.
   */
  kind: z.enum(['purchase', 'upgrade']).nullable(),
  message: z.string(),
});
export type TVerifyResponse = z.infer<typeof ZVerifyResponse>;

export const ZPlansResponse = z.object({
  success: z.literal(true),
  /** Whether plans can be bought at all (see ZPublicSiteConfig.plansOnSale). */
  plansOnSale: z.boolean(),
  classroomEnabled: z.boolean(),
  /** End of the introductory prices, or null when there is none (or it has passed). */
  introOfferEnds: z.string().nullable(),
});
export type TPlansResponse = z.infer<typeof ZPlansResponse>;
