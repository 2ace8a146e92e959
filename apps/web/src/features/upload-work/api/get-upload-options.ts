import { useQuery } from '@tanstack/react-query';
import { CLASS_PATHS, fillPath, QUESTION_PATHS } from '@stem/contract/api';
import {
  ZClassListResponse,
  ZClassQuestionListResponse,
  ZClassStudentsResponse,
  ZQuestion,
  type TQuestion,
} from '@stem/contract/teaching';
import { z } from 'zod';
import { api } from '../../../lib/http';

/** GET /teacher/classes: the classes the teacher can upload work for. */
export async function getTeacherClasses() {
  return ZClassListResponse.parse(await api.get(CLASS_PATHS.teacherClasses)).data;
}

/** GET /teacher/class/{classId}/students (`data.students`). */
export async function getClassStudents(classId: string) {
  return ZClassStudentsResponse.parse(await api.get(fillPath(CLASS_PATHS.students, { classId })))
    .data.students;
}

/** GET /question/questions/class/{classId}: the teacher's view, with mark ranges. */
export async function getClassQuestions(classId: string): Promise<TQuestion[]> {
  const body = ZClassQuestionListResponse.parse(
    await api.get(fillPath(QUESTION_PATHS.byClass, { classId })),
  );
  return z.array(ZQuestion).parse(body.data);
}

export function useTeacherClasses() {
  return useQuery({ queryKey: ['classes', 'upload-options'], queryFn: getTeacherClasses });
}

/** Loaded once a class is chosen; no class, no request (and an empty list). */
export function useClassStudents(classId: string | null) {
  return useQuery({
    queryKey: ['classes', 'upload-options', classId, 'students'],
    queryFn: () => getClassStudents(classId ?? ''),
    enabled: Boolean(classId),
  });
}

export function useClassQuestions(classId: string | null) {
  return useQuery({
    queryKey: ['questions', 'class', classId, 'upload-options'],
    queryFn: () => getClassQuestions(classId ?? ''),
    enabled: Boolean(classId),
  });
}
