import { randomInt } from 'node:crypto';
import { PAID_PLANS, type TBillingOption, type TPaidPlanId } from '@stem/contract/plans';
import type { TMailMessage } from '../../adapters/mail/port';
import type {
  TCheckoutState,
  TInvoiceState,
  TPaymentEvent,
  TSubscriptionState,
} from '../../adapters/payments/port';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { hashPassword } from '../auth/auth.passwords';
import { generateSchoolCode } from '../auth/auth.school-code';
import { insertUserIfEmailFree } from '../auth/auth.queries';
import { emailExistsMail, purchaseWelcomeMail, upgradeConfirmationMail } from './payments.mail';
import {
  attachCustomerPayments,
  findCheckout,
  findUserByEmail,
  findUserWithSchool,
  finishCheckout,
  grantPaymentPermissions,
  insertSchool,
  lockSchoolByCustomer,
  lockSchoolById,
  lockSchoolBySubscription,
  recordEventOnce,
  setEventSchool,
  updateSchool,
  upsertPaymentRecord,
  type TSchoolRow,
} from './payments.queries';

/**
 * The one event handler: Stripe's webhook and the local test provider both end here. It is the only
 * code that grants or removes a plan.
 *
 * - Each event is applied once: its id is recorded in the same transaction that applies it, so a
 *   repeated delivery is a no-op and a failure part-way leaves nothing (not even the id) behind.
 * - Order does not matter: the subscription's current state is fetched from the provider before
 *   applying, so a late "updated" cannot move a school back.
 * - Mail goes out last, inside the transaction: if it cannot be sent, nothing is kept and the
 *   provider's retry tries again.
 */
export type TApplyResult = 'applied' | 'duplicate';

const TEMP_PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random temporary password (14 characters, no look-alike letters). */
export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < 14; i += 1)
    out += TEMP_PASSWORD_ALPHABET[randomInt(TEMP_PASSWORD_ALPHABET.length)];
  return out;
}

function subscriptionIdOf(event: TPaymentEvent): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.session.subscriptionId;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.subscription.id;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return event.invoice.subscriptionId;
    default:
      return null;
  }
}

const isPlan = (value: unknown): value is TPaidPlanId =>
  value === 'personal' || value === 'classroom';
const isBilling = (value: unknown): value is TBillingOption =>
  value === 'monthly' || value === 'annual';

export async function applyPaymentEvent(
  ctx: TAppContext,
  event: TPaymentEvent,
): Promise<TApplyResult> {
  // The provider's current state, asked before the transaction (no network call holds a lock).
  const subscriptionId = subscriptionIdOf(event);
  let current: TSubscriptionState | null = null;
  if (subscriptionId) current = await ctx.payments.retrieveSubscription(subscriptionId);
  if (!current && 'subscription' in event) current = event.subscription;

  return ctx.db.transaction(async (tx) => {
    const fresh = await recordEventOnce(tx, { id: event.id, type: event.type, payload: event });
    if (!fresh) return 'duplicate';
    let outcome: { schoolId: string | null; mail: TMailMessage | null } = {
      schoolId: null,
      mail: null,
    };
    switch (event.type) {
      case 'checkout.session.completed':
        outcome = await applyCheckoutCompleted(ctx, tx, event.session, current);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        if (current) outcome.schoolId = await applySubscriptionEvent(ctx, tx, current);
        break;
      case 'invoice.paid':
      case 'invoice.payment_failed':
        outcome.schoolId = await applyInvoice(ctx, tx, event.type, event.invoice, current);
        break;
      default:
        break;
    }
    if (outcome.schoolId) await setEventSchool(tx, event.id, outcome.schoolId);
    if (outcome.mail) await ctx.mailer.send(outcome.mail);
    return 'applied';
  });
}

/** Writes a subscription's state onto its school: plan and limits change at once. */
async function applySubscriptionToSchool(
  ctx: TAppContext,
  tx: TDb,
  school: TSchoolRow,
  state: TSubscriptionState,
  fallbackPlan: TPaidPlanId | null,
): Promise<void> {
  const plan = state.plan ?? fallbackPlan ?? (school.plan === 'trial' ? null : school.plan);
  await updateSchool(tx, school.id, {
    ...(plan ? { plan, schoolType: plan } : {}),
    stripeSubscriptionId: state.id,
    stripeCustomerId: state.customerId || school.stripeCustomerId,
    subscriptionStatus: state.status,
    billingOption: state.billing ?? school.billingOption,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    updatedAt: ctx.now(),
  });
}

async function applySubscriptionEvent(
  ctx: TAppContext,
  tx: TDb,
  state: TSubscriptionState,
): Promise<string | null> {
  // Only the school that holds this subscription: an old subscription's late events cannot touch a
  // school that has since bought a new one. Before the checkout event, no school holds it yet: the
  // checkout event applies the same current state.
  const school = await lockSchoolBySubscription(tx, state.id);
  if (!school) return null;
  await applySubscriptionToSchool(ctx, tx, school, state, null);
  return school.id;
}

async function applyInvoice(
  ctx: TAppContext,
  tx: TDb,
  type: 'invoice.paid' | 'invoice.payment_failed',
  invoice: TInvoiceState,
  current: TSubscriptionState | null,
): Promise<string | null> {
  const school =
    (invoice.subscriptionId ? await lockSchoolBySubscription(tx, invoice.subscriptionId) : null) ??
    (invoice.customerId ? await lockSchoolByCustomer(tx, invoice.customerId) : null);
  await upsertPaymentRecord(tx, {
    schoolId: school?.id ?? null,
    customerId: invoice.customerId,
    subscriptionId: invoice.subscriptionId,
    invoiceId: invoice.id,
    description: invoice.description,
    plan: invoice.plan ?? current?.plan ?? null,
    billingOption: invoice.billing ?? current?.billing ?? null,
    amountPence: invoice.amountPence,
    currency: invoice.currency,
    status: type === 'invoice.paid' ? 'paid' : 'failed',
    occurredAt: invoice.occurredAt,
  });
  if (school && current && school.stripeSubscriptionId === current.id) {
    await applySubscriptionToSchool(ctx, tx, school, current, null);
  }
  return school?.id ?? null;
}

function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  const words = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return words.join(' ') || email;
}

async function applyCheckoutCompleted(
  ctx: TAppContext,
  tx: TDb,
  session: TCheckoutState,
  current: TSubscriptionState | null,
): Promise<{ schoolId: string | null; mail: TMailMessage | null }> {
  const none = { schoolId: null, mail: null };
  // Not paid yet (a delayed payment method): a later event grants the plan.
  if (!session.paid || !current) return none;
  const record = await findCheckout(tx, session.id);
  const meta = session.metadata;
  const plan = current.plan ?? (isPlan(meta.planType) ? meta.planType : (record?.plan ?? null));
  const billing =
    current.billing ??
    (isBilling(meta.billingOption) ? meta.billingOption : (record?.billingOption ?? null));
  if (!plan)
    throw new Error(`checkout ${session.id}: the subscription's price is not one of our plans`);
  const planName = PAID_PLANS[plan].name;
  const now = ctx.now();
  const loginUrl = `${ctx.config.appUrl}/login`;
  const state: TSubscriptionState = { ...current, plan, billing };

  const schoolId = meta.schoolId ?? record?.schoolId ?? null;
  if ((meta.kind ?? record?.kind) === 'upgrade' && schoolId) {
    const school = await lockSchoolById(tx, schoolId);
    if (!school) return none;
    await applySubscriptionToSchool(ctx, tx, school, state, plan);
    const buyerId = meta.userId ?? record?.userId ?? null;
    if (buyerId) await grantPaymentPermissions(tx, buyerId, school.id);
    if (current.customerId) await attachCustomerPayments(tx, current.customerId, school.id);
    if (record)
      await finishCheckout(tx, session.id, {
        status: 'completed',
        schoolId: school.id,
        completedAt: now,
      });
    // The buyer's own account greets them by the name they gave, not one made from the address.
    const buyer = buyerId ? await findUserWithSchool(tx, buyerId) : null;
    const to = buyer?.user.email ?? session.email ?? record?.email;
    return {
      schoolId: school.id,
      mail: to
        ? upgradeConfirmationMail({
            to,
            name: buyer?.user.name ?? nameFromEmail(to),
            planName,
            schoolName: school.name,
            schoolCode: school.code,
            loginUrl,
          })
        : null,
    };
  }

  const email = (session.email ?? record?.email ?? '').trim().toLowerCase();
  if (!email) throw new Error(`checkout ${session.id} has no e-mail address`);
  if (await findUserByEmail(tx, email)) {
    ctx.logger.error(
      { checkoutId: session.id, subscriptionId: current.id },
      'a purchase was paid with an e-mail that already has an account: no account made, support must act',
    );
    if (record)
      await finishCheckout(tx, session.id, {
        status: 'email_exists',
        schoolId: null,
        completedAt: now,
      });
    return { schoolId: null, mail: emailExistsMail({ to: email, planName }) };
  }

  const name = nameFromEmail(email);
  const school = await insertSchool(tx, {
    code: generateSchoolCode(),
    name: `${name}'s School`,
    schoolType: plan,
    plan,
    stripeCustomerId: current.customerId,
    stripeSubscriptionId: current.id,
    subscriptionStatus: current.status,
    billingOption: billing,
    currentPeriodEnd: current.currentPeriodEnd,
    cancelAtPeriodEnd: current.cancelAtPeriodEnd,
    createdAt: now,
    updatedAt: now,
  });
  const password = temporaryPassword();
  const teacherId = await insertUserIfEmailFree(tx, {
    schoolId: school.id,
    name,
    email,
    passwordHash: await hashPassword(password),
    role: 'teacher',
    permissions: ['view_payments', 'manage_payments'],
  });
  if (!teacherId) throw new Error(`checkout ${session.id}: the e-mail was taken while applying`);
  await attachCustomerPayments(tx, current.customerId, school.id);
  if (record)
    await finishCheckout(tx, session.id, {
      status: 'completed',
      schoolId: school.id,
      completedAt: now,
    });
  return {
    schoolId: school.id,
    mail: purchaseWelcomeMail({
      to: email,
      name,
      planName,
      schoolName: school.name,
      schoolCode: school.code,
      temporaryPassword: password,
      loginUrl,
    }),
  };
}
