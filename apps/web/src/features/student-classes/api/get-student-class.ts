import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath, STUDENT_CLASS_PATHS } from '@stem/contract/api';
import {
  ZClassIdParam,
  ZStudentClassResponse,
  type TStudentClass,
  type TStudentQuestion,
} from '@stem/contract/teaching';
import { api } from '../../../lib/http';
import { UnexpectedReplyError } from './student-class-errors';

export type TStudentClassView = { class: TStudentClass; questions: TStudentQuestion[] };

/** Class ids are UUIDs; anything else is refused before a request is made. */
export function isValidClassId(classId: string | undefined): classId is string {
  return ZClassIdParam.safeParse({ classId }).success;
}

/** GET /student/class/{classId}: an enrolled class with its questions' text and marks. */
export async function getStudentClass(classId: string): Promise<TStudentClassView> {
  const body = await api.get(fillPath(STUDENT_CLASS_PATHS.classDetails, { classId }));
  const parsed = ZStudentClassResponse.safeParse(body);
  if (!parsed.success) throw new UnexpectedReplyError('class', parsed.error);
  return parsed.data.data;
}

export const studentClassQuery = (classId: string) =>
  queryOptions({
    queryKey: ['student', 'class', classId],
    queryFn: () => getStudentClass(classId),
  });

export function useStudentClass(classId: string | undefined) {
  const valid = isValidClassId(classId);
  return useQuery({ ...studentClassQuery(valid ? classId : ''), enabled: valid });
}
