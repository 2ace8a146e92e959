import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTH_PATHS } from '@stem/contract/api';
import { ZSchoolDetailsResponse, type TSchoolDetails } from '@stem/contract/auth';
import { api } from '../../../lib/http';

/** GET /auth/school-details: the signed-in user's school (name, code, plan, trial usage). */
export async function getSchoolDetails(): Promise<TSchoolDetails> {
  return ZSchoolDetailsResponse.parse(await api.get(AUTH_PATHS.schoolDetails)).data;
}

export const schoolDetailsQuery = () =>
  queryOptions({ queryKey: ['auth', 'school-details'], queryFn: getSchoolDetails });

/** The owner has no school: pass `enabled: false` for them. */
export function useSchoolDetails(options: { enabled?: boolean } = {}) {
  return useQuery({ ...schoolDetailsQuery(), enabled: options.enabled ?? true });
}
