import {
  TRIAL_MAX_CLASSES_PER_TEACHER,
  TRIAL_MAX_QUESTIONS_PER_TEACHER,
} from '@stem/contract/limits';
import type { TTrialLimitType } from '@stem/contract/teaching';
import type { TPlan } from '@stem/contract/roles';

/** The parts of a school the trial rules look at. */
export type TTrialSchool = { plan: TPlan; trialExpiresAt: Date | null };

export type TTrialDecision = {
  isTrial: boolean;
  isExpired: boolean;
  /** Null on paid plans: they have no class or question limit. */
  limit: number | null;
  canProceed: boolean;
};

/** Spec 01 §9 and spec 02 §9: a trial teacher may hold 3 classes and 3 questions. */
export function trialLimitFor(limitType: TTrialLimitType): number {
  return limitType === 'classes' ? TRIAL_MAX_CLASSES_PER_TEACHER : TRIAL_MAX_QUESTIONS_PER_TEACHER;
}

/** Expired once its expiry instant has passed (the same rule as sign-up: at the instant it is over). */
export function isTrialOver(school: TTrialSchool, now: Date): boolean {
  return (
    school.plan === 'trial' &&
    school.trialExpiresAt !== null &&
    school.trialExpiresAt.getTime() <= now.getTime()
  );
}

/**
 * Whether a teacher who already holds `count` items of a kind may create one more. Paid schools
 * always may; a trial school may while under its limit and not expired.
 */
export function decideTrialLimit(
  school: TTrialSchool,
  limitType: TTrialLimitType,
  count: number,
  now: Date,
): TTrialDecision {
  if (school.plan !== 'trial') {
    return { isTrial: false, isExpired: false, limit: null, canProceed: true };
  }
  const limit = trialLimitFor(limitType);
  const isExpired = isTrialOver(school, now);
  return { isTrial: true, isExpired, limit, canProceed: !isExpired && count < limit };
}
