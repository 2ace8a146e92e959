import type { TPlan } from '@stem/contract/roles';

/** The parts of a school that decide whether its people may create new work. */
export type TSchoolAccessFacts = {
  plan: TPlan;
  trialExpiresAt: Date | null;
  /** The payment provider's subscription status; null for schools set up without one. */
  subscriptionStatus: string | null;
};

/** Subscription states in which the plan has ended: cancelled, or unpaid after the provider's retries. */
export const ENDED_SUBSCRIPTION_STATUSES: readonly string[] = [
  'canceled',
  'unpaid',
  'incomplete_expired',
];

/** A paid plan in force: no subscription (set up by the owner) or one that is active or retrying. */
export function isPaidPlanActive(school: TSchoolAccessFacts): boolean {
  if (school.plan === 'trial') return false;
  return (
    school.subscriptionStatus === null ||
    !ENDED_SUBSCRIPTION_STATUSES.includes(school.subscriptionStatus)
  );
}

export type TCreateDecision = { ok: true } | { ok: false; reason: 'trial_expired' | 'plan_ended' };

/**
 * The one "school can create" rule: an expired trial and an ended paid plan are treated alike. Sign-in
 * and reading keep working; creating classes, questions and work is refused (the refusal links to
 * /payments). A trial's own limits (3 classes, 3 questions) are checked elsewhere.
 */
export function schoolCanCreate(school: TSchoolAccessFacts, now: Date): TCreateDecision {
  if (school.plan === 'trial') {
    const expired =
      school.trialExpiresAt !== null && school.trialExpiresAt.getTime() <= now.getTime();
    return expired ? { ok: false, reason: 'trial_expired' } : { ok: true };
  }
  return isPaidPlanActive(school) ? { ok: true } : { ok: false, reason: 'plan_ended' };
}
