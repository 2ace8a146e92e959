import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLASS_PATHS, fillPath } from '@stem/contract/api';
import { ZClassDetailsResponse, type TClassDetails } from '@stem/contract/teaching';
import { api, statusOf } from '../../../lib/http';
import { CLASSES_KEY } from './get-teacher-classes';

export async function getClassDetails(classId: string): Promise<TClassDetails> {
  const body = await api.get(fillPath(CLASS_PATHS.details, { classId }));
  return ZClassDetailsResponse.parse(body).class;
}

/**
 * A class that does not exist, belongs to someone else (the server says 404 for both) or whose id is
 * not an id at all (400) is "not found" to the teacher; anything else is a failure worth retrying.
 */
export function isClassMissing(error: unknown): boolean {
  const status = statusOf(error);
  return status === 404 || status === 400;
}

export const classDetailsQuery = (classId: string) =>
  queryOptions({
    queryKey: [...CLASSES_KEY, 'detail', classId],
    queryFn: () => getClassDetails(classId),
    retry: false,
  });

export function useClassDetails(classId: string) {
  return useQuery(classDetailsQuery(classId));
}
