import { QUESTION_PATHS, fillPath } from '@stem/contract/api';
import { QUESTION_PAGE_SIZE } from '@stem/contract/limits-teaching';
import { ZQuestion, type TQuestion, type TQuestionSort } from '@stem/contract/teaching';
import { api } from '../../../lib/http';
import { parsePage, usePagedList, type TPage } from '../../../lib/paged-list';

/** Every query about questions starts with this key, so one invalidation refreshes all. */
export const QUESTIONS_KEY = ['questions'] as const;

export type TQuestionView = { sort: TQuestionSort | null; search: string };

/** The server refused to list, or sent something that is not a question page. */
export class QuestionListFormatError extends Error {}

/** One page (10) of the teacher's questions, sorted and searched by the server. */
export async function getTeacherQuestionPage(
  teacherId: string,
  view: TQuestionView,
  cursor: string | undefined,
): Promise<TPage<TQuestion>> {
  const q = view.search.trim();
  const body = await api.get(fillPath(QUESTION_PATHS.byTeacher, { teacherId }), {
    limit: QUESTION_PAGE_SIZE,
    ...(view.sort ? { sort: view.sort } : {}),
    ...(q ? { q } : {}),
    ...(cursor ? { cursor } : {}),
  });
  const page = parsePage(ZQuestion, body);
  if (!page) throw new QuestionListFormatError('unexpected question list');
  return { ...page, extra: null };
}

/**
 * The signed-in teacher's questions, a page at a time in the chosen order (the server's default,
 * newest first, until one is chosen).
 */
export function useTeacherQuestions(teacherId: string, view: TQuestionView) {
  return usePagedList({
    queryKey: [...QUESTIONS_KEY, 'teacher', teacherId, view],
    fetchPage: (cursor) => getTeacherQuestionPage(teacherId, view, cursor),
    enabled: teacherId !== '',
  });
}
