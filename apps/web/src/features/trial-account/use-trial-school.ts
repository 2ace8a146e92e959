import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@stem/contract/messages';
import type { TTrialCreateData } from '@stem/contract/trial';
import { serverMessageOf, statusOf } from '../../lib/http';
import { createTrialSchool, getTrialCodeInfo } from './api';

/**
 * The trial school a trial sign-up registers in: the link's code when it carries one, otherwise the
 * link's own trial school ('Generating your trial code...', spec 01 §2), which the server makes the
 * first time and finds again after; once registered, it answers 409 saying how to sign in (issue 26).
 */
export function useTrialSchool(
  enabled: boolean,
  code: string,
  link: { email: string; token: string; ts: string },
) {
  return useQuery({
    queryKey: ['trial', 'signup-school', code, link.email, link.token, link.ts],
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<TTrialCreateData> => {
      if (!code) {
        const created = await createTrialSchool(link);
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
