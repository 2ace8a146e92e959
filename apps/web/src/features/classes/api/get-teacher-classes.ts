import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLASS_PATHS } from '@stem/contract/api';
import { CLASS_FETCH_ATTEMPTS, CLASS_FETCH_RETRY_MS } from '@stem/contract/limits-teaching';
import { ZClassListResponse, type TClassSummary } from '@stem/contract/teaching';
import { api, statusOf } from '../../../lib/http';

/** Every query about the teacher's classes starts with this key, so one invalidation refreshes all. */
export const CLASSES_KEY = ['classes'] as const;

export async function getTeacherClasses(): Promise<TClassSummary[]> {
  return ZClassListResponse.parse(await api.get(CLASS_PATHS.teacherClasses)).data;
}

/**
 * Spec 02 §4 and §9: the teacher's class fetch is tried up to 3 times, 1 second apart. A 401 has
 * already had its one refresh in the HTTP layer and a 403 will not change, so neither is retried.
 */
export function shouldRetryClassFetch(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status === 401 || status === 403) return false;
  return failureCount < CLASS_FETCH_ATTEMPTS - 1;
}

export const teacherClassesQuery = () =>
  queryOptions({
    queryKey: [...CLASSES_KEY, 'teacher'],
    queryFn: getTeacherClasses,
    retry: shouldRetryClassFetch,
    retryDelay: CLASS_FETCH_RETRY_MS,
  });

export function useTeacherClasses() {
  return useQuery(teacherClassesQuery());
}
