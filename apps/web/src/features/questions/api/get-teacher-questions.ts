import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUESTION_PATHS, fillPath } from '@stem/contract/api';
import { ZQuestionListResponse, type TQuestion } from '@stem/contract/teaching';
import { api } from '../../../lib/http';

/** Every query about questions starts with this key, so one invalidation refreshes all. */
export const QUESTIONS_KEY = ['questions'] as const;

export async function getTeacherQuestions(teacherId: string): Promise<TQuestion[]> {
  const body = await api.get(fillPath(QUESTION_PATHS.byTeacher, { teacherId }));
  return ZQuestionListResponse.parse(body).data;
}

export const teacherQuestionsQuery = (teacherId: string) =>
  queryOptions({
    queryKey: [...QUESTIONS_KEY, 'teacher', teacherId],
    queryFn: () => getTeacherQuestions(teacherId),
  });

/** The signed-in teacher's questions, newest first (the server's order). */
export function useTeacherQuestions(teacherId: string) {
  return useQuery({ ...teacherQuestionsQuery(teacherId), enabled: teacherId !== '' });
}
