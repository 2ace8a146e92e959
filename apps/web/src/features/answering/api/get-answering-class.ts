import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath, STUDENT_CLASS_PATHS } from '@stem/contract/api';
import {
  ZClassIdParam,
  ZStudentClassResponse,
  type TAssessmentAllowance,
  type TStudentClass,
  type TStudentQuestion,
} from '@stem/contract/teaching';
import { api } from '../../../lib/http';

export type TAnsweringClass = {
  class: TStudentClass;
  questions: TStudentQuestion[];
  allowance?: TAssessmentAllowance | undefined;
};

/** A reply that arrived in a shape the contract does not describe. */
export class UnexpectedClassReply extends Error {
  constructor(cause: unknown) {
    super('unexpected class reply', { cause });
    this.name = 'UnexpectedClassReply';
  }
}

/** Class ids are UUIDs; anything else is refused before a request is made. */
export function isClassId(classId: string | undefined): classId is string {
  return ZClassIdParam.safeParse({ classId }).success;
}

/** GET /student/class/{classId}: the class the student answers, with its questions (no rubric). */
export async function getAnsweringClass(classId: string): Promise<TAnsweringClass> {
  const parsed = ZStudentClassResponse.safeParse(
    await api.get(fillPath(STUDENT_CLASS_PATHS.classDetails, { classId })),
  );
  if (!parsed.success) throw new UnexpectedClassReply(parsed.error);
  return parsed.data.data;
}

export const answeringClassQuery = (classId: string) =>
  queryOptions({
    queryKey: ['student', 'class', classId],
    queryFn: () => getAnsweringClass(classId),
  });

export function useAnsweringClass(classId: string | undefined) {
  const valid = isClassId(classId);
  return useQuery({ ...answeringClassQuery(valid ? classId : ''), enabled: valid });
}
