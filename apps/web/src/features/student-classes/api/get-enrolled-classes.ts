import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath, STUDENT_CLASS_PATHS } from '@stem/contract/api';
import { ZStudentClassesResponse, type TStudentClass } from '@stem/contract/teaching';
import { api, serverMessageOf, statusOf } from '../../../lib/http';
import { UnexpectedReplyError } from './student-class-errors';

/** "No enrolled classes" (or "no classes found") in a server's words. */
const NO_CLASSES_PATTERN = /\bno\b.*\bclasses\b/i;

/**
 * A reply that says the student has no classes (spec 02 §8: treated as empty): a 404, or a
 * `success: false` body, whose message says there are no classes.
 */
export function saysNoEnrolledClasses(errorOrBody: unknown): boolean {
  if (statusOf(errorOrBody) === 404) {
    return NO_CLASSES_PATTERN.test(serverMessageOf(errorOrBody) ?? '');
  }
  if (errorOrBody && typeof errorOrBody === 'object' && 'success' in errorOrBody) {
    const { success } = errorOrBody;
    const message = 'message' in errorOrBody ? errorOrBody.message : undefined;
    return success === false && typeof message === 'string' && NO_CLASSES_PATTERN.test(message);
  }
  return false;
}

/** GET /student/{userId}/enrolled-classes: the student's active classes, by name. */
export async function getEnrolledClasses(userId: string): Promise<TStudentClass[]> {
  let body: unknown;
  try {
    body = await api.get(fillPath(STUDENT_CLASS_PATHS.enrolledClasses, { userId }));
  } catch (error) {
    if (saysNoEnrolledClasses(error)) return [];
    throw error;
  }
  if (saysNoEnrolledClasses(body)) return [];
  const parsed = ZStudentClassesResponse.safeParse(body);
  if (!parsed.success) throw new UnexpectedReplyError('enrolled classes', parsed.error);
  return parsed.data.classes;
}

export const enrolledClassesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['student', 'enrolled-classes', userId],
    queryFn: () => getEnrolledClasses(userId),
  });

/** The stored student's classes; not fetched at all without a stored user id. */
export function useEnrolledClasses(userId: string | null) {
  return useQuery({ ...enrolledClassesQuery(userId ?? ''), enabled: Boolean(userId) });
}
