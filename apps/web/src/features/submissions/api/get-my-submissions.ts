import { SUBMISSION_PATHS } from '@stem/contract/submissions';
import { usePagedList } from '../../../lib/paged-list';
import type { TListView } from '../submission-list';
import { fetchSubmissionPage } from './submission-pages';

/** GET /student/submissions: pages of the signed-in student's submissions. */
export function useMySubmissions(view: TListView) {
  return usePagedList({
    queryKey: ['submissions', 'mine', view],
    fetchPage: (cursor) => fetchSubmissionPage(SUBMISSION_PATHS.studentSubmissions, view, cursor),
  });
}
