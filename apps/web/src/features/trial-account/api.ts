import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import {
  TRIAL_PATHS,
  ZEmailTrialResponse,
  ZTrialCodeValidation,
  ZTrialCreateResponse,
  ZTrialStatusResponse,
  type TEmailTrialResponse,
  type TTrialCodeValidation,
  type TTrialCreateData,
  type TTrialStatus,
} from '@stem/contract/trial';
import { api } from '../../lib/http';

/** POST /trial/create with a sign-up link's e-mail, token and ts: that link's one trial school. */
export async function createTrialSchool(link: {
  email: string;
  token: string;
  ts: string;
}): Promise<TTrialCreateData> {
  return ZTrialCreateResponse.parse(await api.post<unknown>(TRIAL_PATHS.create, link)).data;
}

/** GET /trial/email-trial?email=: mails the signed sign-up link (issue 18). */
export async function sendTrialLink(email: string, code?: string): Promise<TEmailTrialResponse> {
  return ZEmailTrialResponse.parse(
    await api.get<unknown>(TRIAL_PATHS.emailTrial, code ? { email, code } : { email }),
  );
}

/** GET /trial/status: the signed-in user's school (spec 01 §4: fetched for trial users). */
export async function getTrialStatus(): Promise<TTrialStatus> {
  return ZTrialStatusResponse.parse(await api.get<unknown>(TRIAL_PATHS.status)).data;
}

export const trialStatusQuery = () =>
  queryOptions({ queryKey: ['trial', 'status'], queryFn: getTrialStatus, staleTime: 60_000 });

export function useTrialStatus(enabled: boolean) {
  return useQuery({ ...trialStatusQuery(), enabled });
}

/** GET /trial/validate/{code}: the trial school a prefilled code belongs to. */
export async function getTrialCodeInfo(code: string): Promise<TTrialCodeValidation> {
  return ZTrialCodeValidation.parse(
    await api.get<unknown>(fillPath(TRIAL_PATHS.validateCode, { code })),
  );
}
