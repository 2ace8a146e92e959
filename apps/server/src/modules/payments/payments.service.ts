import { MESSAGES } from '@stem/contract/messages';
import type {
  TCancelSubscriptionResponse,
  TPaymentHistoryResponse,
  TPlansResponse,
  TPortalSessionResponse,
  TSubscriptionResponse,
  TVerifyResponse,
} from '@stem/contract/payments';
import {
  PAID_PLANS,
  PROMO,
  TRIAL_PLAN,
  isPlanOnSale,
  promoRefusal,
  type TBillingOption,
  type TPaidPlanId,
} from '@stem/contract/plans';
import type { TCheckoutRequest, TCheckoutResponse } from '@stem/contract/trial';
import {
  UnknownPromoError,
  WebhookSignatureError,
  type TCheckoutMetadata,
} from '../../adapters/payments/port';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { addMonths } from '../../lib/add-months';
import { sameOriginUrl } from '../../lib/same-origin';
import type { TAccessClaims } from '../../lib/tokens';
import { isPaidPlanActive, schoolCanCreate } from '../schools/school-access.policy';
import { applyPaymentEvent, type TApplyResult } from './payments.events';
import { arePlansOnSale, paymentsAccess } from './payments.policy';
import {
  findCheckout,
  findFirstInvoice,
  findUserByEmail,
  findUserWithSchool,
  insertCheckout,
  listPayments,
  updateSchool,
  type TSchoolRow,
} from './payments.queries';

const SUCCESS_PATH = '/payment/success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL_PATH = '/payment/cancel';

/**
 * At start: says which payments are on (the test checkout loudly: it gives plans away), and with
 * Stripe checks the configured prices against the plan table (logged loudly if they differ).
 */
export function checkPaymentsAtStart(ctx: TAppContext): void {
  const provider = ctx.config.payments.provider;
  if (provider === 'test') {
    ctx.logger.warn(
      'PAYMENTS=test: the built-in test checkout is on. Anyone can take any plan without paying; use it for demos and tests only.',
    );
  } else if (provider === 'off') {
    ctx.logger.info(
      'payments are off: plans are not on sale (set the STRIPE_* keys, or PAYMENTS=test for a demo)',
    );
  }
  const check = ctx.payments.checkPrices;
  if (!check) return;
  void check
    .call(ctx.payments)
    .then((problems) => {
      for (const problem of problems) {
        ctx.logger.error(
          `PAYMENT PRICE MISMATCH: ${problem}. Buyers would be charged something other than the price shown.`,
        );
      }
    })
    .catch((err: unknown) => ctx.logger.error({ err }, 'could not check the Stripe prices'));
}

export function getPlans(ctx: TAppContext): TPlansResponse {
  const ends = ctx.config.payments.introOfferEnds;
  const today = ctx.now().toISOString().slice(0, 10);
  return {
    success: true,
    plansOnSale: arePlansOnSale(ctx.config),
    classroomEnabled: ctx.config.payments.classroomEnabled,
    introOfferEnds: ends && ends >= today ? ends : null,
  };
}

/** PAYMENTS=off: every way into a checkout refuses, before anything else is looked at. */
function assertPlansOnSale(ctx: TAppContext): void {
  if (!arePlansOnSale(ctx.config)) {
    throw new AppError('FORBIDDEN', MESSAGES.payments.notOnSale);
  }
}

/** Refuses a plan not on sale and a promo code that does not apply (spec 01 §9). */
function checkPlanAndPromo(
  ctx: TAppContext,
  plan: TPaidPlanId,
  billing: TBillingOption,
  promoCode: string | undefined,
): string | null {
  if (!isPlanOnSale(plan, ctx.config.payments.classroomEnabled)) {
    throw new AppError('BAD_REQUEST', MESSAGES.payments.classroomComingSoon, { field: 'planType' });
  }
  const code = promoCode?.trim();
  if (!code) return null;
  const refusal = promoRefusal(code, plan, billing);
  if (refusal === 'unknown') {
    throw new AppError('BAD_REQUEST', MESSAGES.payments.promoInvalid, { field: 'promoCode' });
  }
  if (refusal === 'wrong_plan') {
    throw new AppError('BAD_REQUEST', MESSAGES.payments.promoWrongPlan, { field: 'promoCode' });
  }
  return PROMO.code;
}

async function startCheckout(
  ctx: TAppContext,
  input: {
    plan: TPaidPlanId;
    billing: TBillingOption;
    email: string;
    customerId: string | null;
    promoCode: string | null;
    metadata: TCheckoutMetadata;
  },
): Promise<TCheckoutResponse> {
  let created: { id: string; url: string };
  try {
    created = await ctx.payments.createCheckout({
      ...input,
      successUrl: `${ctx.config.appUrl}${SUCCESS_PATH}`,
      cancelUrl: `${ctx.config.appUrl}${CANCEL_PATH}`,
    });
  } catch (error) {
    if (error instanceof UnknownPromoError) {
      throw new AppError('BAD_REQUEST', MESSAGES.payments.promoInvalid, { field: 'promoCode' });
    }
    ctx.logger.error({ err: error }, 'the payment provider could not create a checkout');
    throw new AppError('UNAVAILABLE', MESSAGES.payments.checkoutUnavailable);
  }
  await insertCheckout(ctx.db, {
    id: created.id,
    kind: input.metadata.kind,
    schoolId: input.metadata.schoolId ?? null,
    userId: input.metadata.userId ?? null,
    email: input.email,
    plan: input.plan,
    billingOption: input.billing,
    promoCode: input.promoCode,
    createdAt: ctx.now(),
  });
  return { success: true, checkoutUrl: created.url, message: MESSAGES.payments.checkoutCreated };
}

/**
 * The landing page's Buy (public). An address that already has an account gets the spec's
 * 'email already exists' reply. `allowTrialUpgrade` upgrades a trial school in place, and only for
 * that trial's own signed-in teacher: `signedIn` reads the caller's token (401 without one), and the
 * e-mail must be the caller's own, on a trial (403 for anyone else's, whoever asks).
 */
export async function createPublicCheckout(
  ctx: TAppContext,
  input: TCheckoutRequest,
  signedIn: () => Promise<TAccessClaims>,
): Promise<TCheckoutResponse> {
  assertPlansOnSale(ctx);
  const promo = checkPlanAndPromo(ctx, input.planType, input.billingOption, input.promoCode);
  const base = { plan: input.planType, billing: input.billingOption, promoCode: promo };
  const purchase: TCheckoutMetadata = {
    kind: 'purchase',
    planType: input.planType,
    billingOption: input.billingOption,
  };
  if (input.allowTrialUpgrade) {
    const caller = await signedIn();
    const existing = await findUserByEmail(ctx.db, input.customer_email);
    if (!existing || existing.user.id !== caller.userId) {
      throw new AppError('FORBIDDEN', MESSAGES.payments.trialUpgradeNotYours, {
        field: 'customer_email',
      });
    }
    const school = existing.school;
    if (!school || existing.user.role !== 'teacher' || school.plan !== 'trial') {
      throw new AppError('CONFLICT', MESSAGES.payments.notTrial);
    }
    return startCheckout(ctx, {
      ...base,
      email: existing.user.email,
      customerId: school.stripeCustomerId,
      metadata: { ...purchase, kind: 'upgrade', schoolId: school.id, userId: existing.user.id },
    });
  }
  if (await findUserByEmail(ctx.db, input.customer_email)) {
    throw new AppError('CONFLICT', MESSAGES.payments.serverEmailExists, {
      field: 'customer_email',
    });
  }
  return startCheckout(ctx, {
    ...base,
    email: input.customer_email,
    customerId: null,
    metadata: purchase,
  });
}

/** The signed-in user, their school and what they may do on Payments. */
async function payerOf(ctx: TAppContext, claims: TAccessClaims) {
  const found = await findUserWithSchool(ctx.db, claims.userId);
  if (!found || !found.user.active)
    throw new AppError('UNAUTHENTICATED', MESSAGES.server.unauthenticated);
  const access = paymentsAccess(found.user, found.school);
  return { user: found.user, school: found.school, access };
}

async function managerSchool(ctx: TAppContext, claims: TAccessClaims) {
  const payer = await payerOf(ctx, claims);
  if (!payer.access.canManage) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  if (!payer.school) throw new AppError('NOT_FOUND', MESSAGES.payments.noSchool);
  return { ...payer, school: payer.school };
}

/** A signed-in school buys a plan (or buys again after its plan ended); trials upgrade in place. */
export async function createAuthenticatedCheckout(
  ctx: TAppContext,
  claims: TAccessClaims,
  input: { planType: TPaidPlanId; billingOption: TBillingOption; promoCode?: string | undefined },
): Promise<TCheckoutResponse> {
  assertPlansOnSale(ctx);
  const { user, school } = await managerSchool(ctx, claims);
  if (isPaidPlanActive(school) && school.stripeSubscriptionId) {
    throw new AppError('CONFLICT', MESSAGES.payments.alreadySubscribed);
  }
  const promo = checkPlanAndPromo(ctx, input.planType, input.billingOption, input.promoCode);
  return startCheckout(ctx, {
    plan: input.planType,
    billing: input.billingOption,
    email: user.email,
    customerId: school.stripeCustomerId,
    promoCode: promo,
    metadata: {
      kind: 'upgrade',
      planType: input.planType,
      billingOption: input.billingOption,
      schoolId: school.id,
      userId: user.id,
    },
  });
}

/** POST /trial/upgrade: a trial school's checkout; on payment the same school changes plan. */
export async function upgradeTrial(
  ctx: TAppContext,
  claims: TAccessClaims,
  input: {
    planId: TPaidPlanId;
    billingOption?: TBillingOption | undefined;
    promoCode?: string | undefined;
  },
): Promise<TCheckoutResponse> {
  assertPlansOnSale(ctx);
  const { school } = await managerSchool(ctx, claims);
  if (school.plan !== 'trial') throw new AppError('CONFLICT', MESSAGES.payments.notTrial);
  return createAuthenticatedCheckout(ctx, claims, {
    planType: input.planId,
    billingOption: input.billingOption ?? PAID_PLANS[input.planId].defaultBilling,
    promoCode: input.promoCode,
  });
}

/** The return address must be this app's own (no open redirect through the portal). */
function safeReturnUrl(ctx: TAppContext, returnUrl: string | undefined): string {
  return sameOriginUrl(ctx.config.appUrl, returnUrl) ?? `${ctx.config.appUrl}/payments`;
}

export async function createPortalSession(
  ctx: TAppContext,
  claims: TAccessClaims,
  returnUrl: string | undefined,
): Promise<TPortalSessionResponse> {
  const { school } = await managerSchool(ctx, claims);
  if (!school.stripeCustomerId) throw new AppError('NOT_FOUND', MESSAGES.payments.noBillingAccount);
  try {
    const portal = await ctx.payments.createPortalSession(
      school.stripeCustomerId,
      safeReturnUrl(ctx, returnUrl),
    );
    return { success: true, url: portal.url, message: MESSAGES.payments.portalCreated };
  } catch (error) {
    ctx.logger.error({ err: error }, 'the payment provider could not open a portal session');
    throw new AppError('UNAVAILABLE', MESSAGES.payments.portalUnavailable);
  }
}

/**
 * When the first charge falls after a promotion code's free months (issue 26): the subscription's
 * first invoice was free (the code was taken, in the app or on the checkout page), and the charges
 * start that many months after it. Null without one, once the day has passed, or when the
 * subscription ends first.
 */
async function firstChargeOf(ctx: TAppContext, school: TSchoolRow, now: Date) {
  if (!school.stripeSubscriptionId || school.cancelAtPeriodEnd || !isPaidPlanActive(school)) {
    return null;
  }
  const first = await findFirstInvoice(ctx.db, school.stripeSubscriptionId);
  if (!first || first.amountPence !== 0) return null;
  const on = addMonths(first.occurredAt, PROMO.freeMonths);
  return on.getTime() > now.getTime() ? on.toISOString() : null;
}

function presentSubscription(school: TSchoolRow, now: Date, firstChargeOn: string | null) {
  const paidPlan = school.plan === 'trial' ? null : PAID_PLANS[school.plan];
  const isTrial = paidPlan === null;
  const billing = school.billingOption;
  return {
    status: isTrial ? 'trial' : (school.subscriptionStatus ?? 'active'),
    isActive: isPaidPlanActive(school),
    isTrial,
    plan: school.plan,
    planName: paidPlan ? paidPlan.name : TRIAL_PLAN.name,
    billingOption: isTrial ? null : billing,
    amountPence: paidPlan && billing ? paidPlan.prices[billing].amountPence : null,
    currentPeriodEnd: isTrial ? null : (school.currentPeriodEnd?.toISOString() ?? null),
    cancelAtPeriodEnd: !isTrial && school.cancelAtPeriodEnd,
    firstChargeOn,
    trialExpiresAt: isTrial ? (school.trialExpiresAt?.toISOString() ?? null) : null,
    canCreate: schoolCanCreate(school, now).ok,
  };
}

/**
 * The billing portal's address for a school with a customer at the provider (spec 01 §3
 * Subscription: portalUrl), returning to /payments. A provider failure leaves it null: the reply
 * still loads, and Manage in portal asks again through create-portal-session.
 */
async function portalUrlOf(ctx: TAppContext, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  try {
    return (await ctx.payments.createPortalSession(customerId, safeReturnUrl(ctx, undefined))).url;
  } catch (error) {
    ctx.logger.warn({ err: error }, 'the payment provider could not open a portal session');
    return null;
  }
}

export async function getSubscription(
  ctx: TAppContext,
  claims: TAccessClaims,
): Promise<TSubscriptionResponse> {
  const { user, school, access } = await payerOf(ctx, claims);
  if (!access.canView) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  if (user.role === 'owner' || !school) {
    return {
      success: true,
      subscription: null,
      isTrial: false,
      hasStripeAccount: false,
      portalUrl: null,
      canManage: false,
      message: MESSAGES.payments.ownerSubscription,
    };
  }
  const now = ctx.now();
  const subscription = presentSubscription(school, now, await firstChargeOf(ctx, school, now));
  return {
    success: true,
    subscription,
    isTrial: subscription.isTrial,
    hasStripeAccount: school.stripeCustomerId !== null,
    portalUrl: access.canManage ? await portalUrlOf(ctx, school.stripeCustomerId) : null,
    canManage: access.canManage,
    message: subscription.isTrial
      ? MESSAGES.payments.trialSubscription
      : MESSAGES.payments.subscriptionLoaded,
  };
}

const dateLabel = (date: Date | null) =>
  date
    ? date.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : 'the end of the current billing period';

/** Cancels at the end of the period: access continues until then, and the reply says until when. */
export async function cancelSubscription(
  ctx: TAppContext,
  claims: TAccessClaims,
): Promise<TCancelSubscriptionResponse> {
  const { school } = await managerSchool(ctx, claims);
  if (!school.stripeSubscriptionId || !isPaidPlanActive(school)) {
    throw new AppError('NOT_FOUND', MESSAGES.payments.noSubscription);
  }
  if (school.cancelAtPeriodEnd) {
    return {
      success: true,
      message: MESSAGES.payments.alreadyCancelled,
      cancelAtPeriodEnd: true,
      accessUntil: school.currentPeriodEnd?.toISOString() ?? null,
    };
  }
  let state;
  try {
    state = await ctx.payments.cancelAtPeriodEnd(school.stripeSubscriptionId);
  } catch (error) {
    ctx.logger.error({ err: error }, 'the payment provider could not cancel a subscription');
    throw new AppError('UNAVAILABLE', MESSAGES.payments.portalUnavailable);
  }
  // The flag only (the plan stays until the provider ends the subscription, through the webhook).
  await updateSchool(ctx.db, school.id, {
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd ?? school.currentPeriodEnd,
    updatedAt: ctx.now(),
  });
  const until = state.currentPeriodEnd ?? school.currentPeriodEnd;
  return {
    success: true,
    message: MESSAGES.payments.cancelScheduled(dateLabel(until)),
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    accessUntil: until?.toISOString() ?? null,
  };
}

export async function getPaymentHistory(
  ctx: TAppContext,
  claims: TAccessClaims,
): Promise<TPaymentHistoryResponse> {
  const { school, access } = await payerOf(ctx, claims);
  if (!access.canView) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  if (!school) return { success: true, payments: [] };
  const rows = await listPayments(ctx.db, school.id, school.stripeCustomerId);
  return {
    success: true,
    payments: rows.map((row) => ({
      id: row.id,
      description: row.description,
      plan: row.plan,
      billingOption: row.billingOption,
      amountPence: row.amountPence,
      currency: row.currency,
      invoiceId: row.invoiceId,
      status: row.status,
      date: row.occurredAt.toISOString(),
    })),
  };
}

/**
 * GET /payment/verify?session_id=: what the webhook recorded; if nothing yet, the provider is asked
 * once. It grants nothing: only the webhook does.
 */
export async function verifyCheckout(
  ctx: TAppContext,
  sessionId: string,
): Promise<TVerifyResponse> {
  const record = await findCheckout(ctx.db, sessionId);
  const kind = record?.kind ?? null;
  if (record?.status === 'completed') {
    return { success: true, status: 'completed', kind, message: MESSAGES.payments.verifyCompleted };
  }
  if (record?.status === 'email_exists') {
    return {
      success: false,
      status: 'email_exists',
      kind,
      message: MESSAGES.payments.verifyEmailExists,
    };
  }
  let state = null;
  try {
    state = await ctx.payments.retrieveCheckout(sessionId);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'the payment provider could not be asked about a checkout');
  }
  if (!state && !record) {
    return {
      success: false,
      status: 'not_found',
      kind,
      message: MESSAGES.payments.verifyNotFound,
    };
  }
  if (state?.status === 'complete' && state.paid) {
    return {
      success: true,
      status: 'processing',
      kind,
      message: MESSAGES.payments.verifyProcessing,
    };
  }
  if (state?.status === 'expired') {
    return { success: false, status: 'expired', kind, message: MESSAGES.payments.verifyExpired };
  }
  return { success: false, status: 'open', kind, message: MESSAGES.payments.verifyOpen };
}

/** The webhook: verify over the raw body, then the shared handler. */
export async function receiveWebhook(
  ctx: TAppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<TApplyResult> {
  if (!ctx.payments.parseWebhook) {
    throw new AppError('NOT_FOUND', MESSAGES.payments.webhookNotConfigured);
  }
  let event;
  try {
    event = ctx.payments.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new AppError('BAD_REQUEST', MESSAGES.payments.webhookBadSignature);
    }
    throw error;
  }
  return applyPaymentEvent(ctx, event);
}
