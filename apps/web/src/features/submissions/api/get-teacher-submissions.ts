import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import { SUBMISSION_PATHS } from '@stem/contract/submissions';
import { api } from '../../../lib/http';
import { parseSubmissionList } from './submission-schema';

/** While any listed submission is still being marked, the list is asked for again this often. */
export const TEACHER_LIST_REFRESH_MS = 4_000;

/** GET /question/submissions/teacher/{userId}: submissions to the teacher's classes. */
export async function getTeacherSubmissions(userId: string) {
  return parseSubmissionList(
    await api.get(fillPath(SUBMISSION_PATHS.teacherSubmissions, { userId })),
  );
}

export const teacherSubmissionsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['submissions', 'teacher', userId],
    queryFn: () => getTeacherSubmissions(userId),
  });

export function useTeacherSubmissions(userId: string | undefined) {
  return useQuery({
    ...teacherSubmissionsQuery(userId ?? ''),
    enabled: Boolean(userId),
    refetchInterval: (query) =>
      query.state.data?.some((s) => s.status === 'pending') ? TEACHER_LIST_REFRESH_MS : false,
  });
}
