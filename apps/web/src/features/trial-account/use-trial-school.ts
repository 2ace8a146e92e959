import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@stem/contract/messages';
import type { TTrialCreateData } from '@stem/contract/trial';
import { serverMessageOf, statusOf } from '../../lib/http';
import { createTrialSchool, getTrialCodeInfo } from './api';

/**
 * The trial school a trial sign-up registers in: the link's code when it carries one, otherwise a new
 * trial made once for this page ('Generating your trial code...', spec 01 §2).
 */
export function useTrialSchool(enabled: boolean, code: string) {
  return useQuery({
    queryKey: ['trial', 'signup-school', code],
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<TTrialCreateData> => {
      if (!code) {
        const created = await createTrialSchool();
        if (!created.schoolCode) throw new Error(MESSAGES.register.noTrialCode);
        return created;
      }
      const info = await getTrialCodeInfo(code);
      if (!info.isValid || !info.schoolName) throw new Error(info.message);
      return {
        schoolCode: code,
        schoolName: info.schoolName,
        expirationDate: info.expirationDate ?? '',
        trialDays: info.daysRemaining,
      };
    },
  });
}

/** Spec 01 §8: a 429 is a rate limit; anything else 'Failed to create trial' or the server's words. */
export function trialSchoolErrorMessage(error: unknown): string {
  if (statusOf(error) === 429) return MESSAGES.generic.rateLimited;
  if (error instanceof Error && statusOf(error) === undefined && error.message) {
    return error.message;
  }
  return serverMessageOf(error) ?? MESSAGES.register.trialFailed;
}
