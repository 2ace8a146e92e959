import { queryOptions, useQuery } from '@tanstack/react-query';
import { SUBMISSION_PATHS } from '@stem/contract/submissions';
import { api } from '../../../lib/http';
import { parseSubmissionList } from './submission-schema';

/** GET /student/submissions: the signed-in student's submissions. */
export async function getMySubmissions() {
  return parseSubmissionList(await api.get(SUBMISSION_PATHS.studentSubmissions));
}

export const mySubmissionsQuery = () =>
  queryOptions({ queryKey: ['submissions', 'mine'], queryFn: getMySubmissions });

export function useMySubmissions() {
  return useQuery(mySubmissionsQuery());
}
