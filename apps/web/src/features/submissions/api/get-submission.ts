import { useQuery } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import { SUBMISSION_PATHS } from '@stem/contract/submissions';
import { api } from '../../../lib/http';
import { parseSubmissionDetails } from './submission-schema';

/** How often a submission still being marked is asked for again (it updates without a reload). */
export const LIVE_REFRESH_MS = 2_000;

/** GET /student/submissions/{id}. */
export async function getSubmission(id: string) {
  return parseSubmissionDetails(
    await api.get(fillPath(SUBMISSION_PATHS.studentSubmission, { id })),
  );
}

export const submissionKey = (id: string) => ['submissions', 'details', id] as const;

/** The submission, asked for again every 2 s while it is pending. */
export function useSubmission(id: string | undefined) {
  return useQuery({
    queryKey: submissionKey(id ?? ''),
    queryFn: () => getSubmission(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? LIVE_REFRESH_MS : false),
  });
}

/**
 * GET /submissions/{id}: one submission with every answer, for the list's drawer (the list pages
 * carry no answers). Asked for again every 2 s while it is pending.
 */
export function useSubmissionDetails(id: string | null) {
  return useQuery({
    queryKey: ['submissions', 'drawer', id ?? ''],
    queryFn: async () =>
      parseSubmissionDetails(await api.get(fillPath(SUBMISSION_PATHS.details, { id: id ?? '' }))),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? LIVE_REFRESH_MS : false),
  });
}
