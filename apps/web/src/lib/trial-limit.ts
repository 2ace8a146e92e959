import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRIAL_LIMIT_PATHS, fillPath } from '@stem/contract/api';
import { ZTrialValidateResponse, type TTrialLimitType } from '@stem/contract/teaching';
import { MESSAGES } from '@stem/contract/messages';
import { api } from './http';

export type TTrialLimit = ReturnType<typeof ZTrialValidateResponse.parse>;

export async function getTrialLimit(limitType: TTrialLimitType): Promise<TTrialLimit> {
  const body = await api.get(fillPath(TRIAL_LIMIT_PATHS.validate, { limitType }));
  return ZTrialValidateResponse.parse(body);
}

/** Everything that depends on a teacher's class or question count is invalidated with this key. */
export const TRIAL_LIMIT_KEY = ['trial-limit'] as const;

export const trialLimitQuery = (limitType: TTrialLimitType) =>
  queryOptions({
    queryKey: [...TRIAL_LIMIT_KEY, limitType],
    queryFn: () => getTrialLimit(limitType),
  });

/**
 * May the teacher create one more class (or question)? Spec 02 §4: a trial teacher at 3 gets disabled
 * add buttons and a banner. When the check itself fails the buttons stay enabled: the server refuses
 * a create past the limit anyway, with the limit message.
 */
export function useTrialLimit(limitType: TTrialLimitType) {
  const query = useQuery(trialLimitQuery(limitType));
  const limit = query.data;
  const isLimitReached = limit !== undefined && !limit.canProceed;
  return {
    isLimitReached,
    // Refused below the limit: the trial is over, not full (the server says which).
    isExpired:
      isLimitReached &&
      (limit.message === MESSAGES.register.trialExpired ||
        (limit.limit !== null && limit.count < limit.limit)),
    message: limit?.message ?? '',
    limit,
  };
}
