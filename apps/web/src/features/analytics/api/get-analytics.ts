import { useQuery } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import {
  ANALYTICS_PATHS,
  ZClassAnalyticsResponse,
  ZSchoolAnalyticsResponse,
  type TClassAnalytics,
  type TSchoolAnalytics,
} from '@stem/contract/analytics';
import { api, statusOf } from '../../../lib/http';

const KEY = ['analytics'] as const;

/** GET /analytics/class/{classId}. */
export async function getClassAnalytics(classId: string): Promise<TClassAnalytics> {
  const body = await api.get(fillPath(ANALYTICS_PATHS.classAnalytics, { classId }));
  return ZClassAnalyticsResponse.parse(body).data;
}

/** GET /analytics/question/{questionId}. */
export async function getQuestionAnalytics(questionId: string): Promise<TClassAnalytics> {
  const body = await api.get(fillPath(ANALYTICS_PATHS.questionAnalytics, { questionId }));
  return ZClassAnalyticsResponse.parse(body).data;
}

/** GET /analytics/school. */
export async function getSchoolAnalytics(): Promise<TSchoolAnalytics> {
  return ZSchoolAnalyticsResponse.parse(await api.get(ANALYTICS_PATHS.schoolAnalytics)).data;
}

/** A class or question that is not there or not the caller's (404), or not an id at all (400). */
export function isAnalyticsMissing(error: unknown): boolean {
  const status = statusOf(error);
  return status === 404 || status === 400;
}

export function useClassAnalytics(classId: string | null) {
  return useQuery({
    queryKey: [...KEY, 'class', classId ?? ''],
    queryFn: () => getClassAnalytics(classId ?? ''),
    enabled: Boolean(classId),
    retry: false,
  });
}

export function useQuestionAnalytics(questionId: string) {
  return useQuery({
    queryKey: [...KEY, 'question', questionId],
    queryFn: () => getQuestionAnalytics(questionId),
    retry: false,
  });
}

export function useSchoolAnalytics() {
  return useQuery({ queryKey: [...KEY, 'school'], queryFn: getSchoolAnalytics, retry: false });
}
