import type { z } from 'zod';
import { MESSAGES } from '@stem/contract/messages';
import type { TTrialLimitType, ZTrialValidateResponse } from '@stem/contract/teaching';
import type { TTrialDecision } from './trial-limits.policy';

/** The refusal text for a kind: the spec's trial limit, or the expired-trial text. */
export function trialRefusalMessage(limitType: TTrialLimitType, decision: TTrialDecision): string {
  if (decision.isExpired) return MESSAGES.register.trialExpired;
  return limitType === 'classes' ? MESSAGES.classes.trialLimit : MESSAGES.questions.trialLimit;
}

export function presentTrialValidation(
  limitType: TTrialLimitType,
  count: number,
  decision: TTrialDecision,
): z.infer<typeof ZTrialValidateResponse> {
  const message = !decision.isTrial
    ? MESSAGES.trialLimits.paidPlan
    : decision.canProceed
      ? MESSAGES.trialLimits.withinLimit
      : trialRefusalMessage(limitType, decision);
  return {
    success: true,
    canProceed: decision.canProceed,
    isTrial: decision.isTrial,
    limitType,
    count,
    limit: decision.limit,
    message,
  };
}
