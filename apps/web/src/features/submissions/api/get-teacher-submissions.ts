import { fillPath } from '@stem/contract/api';
import { SUBMISSION_PATHS } from '@stem/contract/submissions';
import { usePagedList } from '../../../lib/paged-list';
import type { TListView } from '../submission-list';
import { fetchSubmissionPage } from './submission-pages';

/** While any listed submission is still being marked, the list is asked for again this often. */
export const TEACHER_LIST_REFRESH_MS = 4_000;

/** GET /question/submissions/teacher/{userId}: pages of the submissions to the teacher's classes. */
export function useTeacherSubmissions(userId: string | undefined, view: TListView) {
  return usePagedList({
    queryKey: ['submissions', 'teacher', userId ?? '', view],
    fetchPage: (cursor) =>
      fetchSubmissionPage(
        fillPath(SUBMISSION_PATHS.teacherSubmissions, { userId: userId ?? '' }),
        view,
        cursor,
      ),
    enabled: Boolean(userId),
    refetchEvery: TEACHER_LIST_REFRESH_MS,
    refreshWhile: (s) => s.status === 'pending',
  });
}
