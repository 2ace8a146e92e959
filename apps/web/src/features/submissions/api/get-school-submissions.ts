import { ADMIN_PATHS } from '@stem/contract/admin';
import { usePagedList } from '../../../lib/paged-list';
import type { TListView } from '../submission-list';
import { fetchSubmissionPage } from './submission-pages';
import { TEACHER_LIST_REFRESH_MS } from './get-teacher-submissions';

/** GET /admin/submissions: pages of the whole school's submissions (the admin's shared list). */
export function useSchoolSubmissions(view: TListView) {
  return usePagedList({
    queryKey: ['submissions', 'school', view],
    fetchPage: (cursor) => fetchSubmissionPage(ADMIN_PATHS.submissions, view, cursor),
    refetchEvery: TEACHER_LIST_REFRESH_MS,
    refreshWhile: (s) => s.status === 'pending',
  });
}
