import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUESTION_PATHS, fillPath } from '@stem/contract/api';
import { ZQuestionResponse, type TQuestion } from '@stem/contract/teaching';
import { api } from '../../../lib/http';
import { QUESTIONS_KEY } from './get-teacher-questions';

export async function getQuestion(id: string): Promise<TQuestion> {
  return ZQuestionResponse.parse(await api.get(fillPath(QUESTION_PATHS.details, { id }))).data;
}

export const questionQuery = (id: string) =>
  queryOptions({ queryKey: [...QUESTIONS_KEY, 'detail', id], queryFn: () => getQuestion(id) });

export function useQuestion(id: string) {
  // The form is filled once from this, so: no background refetch over the teacher's edits
  // (staleTime), and no cached copy left behind to fill the form with old text next time (gcTime).
  return useQuery({ ...questionQuery(id), staleTime: Infinity, gcTime: 0, retry: false });
}
