import { CLASS_PATHS } from '@stem/contract/api';
import { CLASS_FETCH_ATTEMPTS, CLASS_FETCH_RETRY_MS } from '@stem/contract/limits-teaching';
import { ZClassSummary, type TClassSummary } from '@stem/contract/teaching';
import { api, statusOf } from '../../../lib/http';
import { parsePage, usePagedList, type TPage } from '../../../lib/paged-list';

/** Every query about the teacher's classes starts with this key, so one invalidation refreshes all. */
export const CLASSES_KEY = ['classes'] as const;

/** Cards a page of /classes: a whole number of rows of the 1-, 2- and 3-column grids. */
export const CLASS_CARDS_PER_PAGE = 24;

/** The server sent something that is not a page of classes. */
export class ClassListFormatError extends Error {}

/** One page of the teacher's classes, newest first (GET /teacher/classes). */
export async function getTeacherClassPage(
  cursor: string | undefined,
  limit = CLASS_CARDS_PER_PAGE,
): Promise<TPage<TClassSummary>> {
  const body = await api.get(CLASS_PATHS.teacherClasses, { limit, ...(cursor ? { cursor } : {}) });
  const page = parsePage(ZClassSummary, body);
  if (!page) throw new ClassListFormatError('unexpected class list');
  return { ...page, extra: null };
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

/** The teacher's class cards, a page at a time as the list scrolls; the count is the server's. */
export function useTeacherClasses() {
  return usePagedList({
    queryKey: [...CLASSES_KEY, 'teacher', 'pages'],
    fetchPage: (cursor) => getTeacherClassPage(cursor),
    retry: shouldRetryClassFetch,
    retryDelay: CLASS_FETCH_RETRY_MS,
  });
}
