import { useQuery } from '@tanstack/react-query';
import { CLASS_PATHS, fillPath, QUESTION_PATHS } from '@stem/contract/api';
import { PAGE_SIZE_MAX } from '@stem/contract/paging';
import {
  ZClassQuestionListResponse,
  ZClassSummary,
  ZClassStudentsResponse,
  ZQuestion,
  type TClassSummary,
  type TQuestion,
} from '@stem/contract/teaching';
import { z } from 'zod';
import { api } from '../../../lib/http';
import { fetchEveryPage, parsePage } from '../../../lib/paged-list';

/** GET /teacher/classes, every page: the classes the teacher can upload work for. */
export async function getTeacherClasses(): Promise<TClassSummary[]> {
  return fetchEveryPage(async (cursor) => {
    const body = await api.get(CLASS_PATHS.teacherClasses, {
      limit: PAGE_SIZE_MAX,
      ...(cursor ? { cursor } : {}),
    });
    const page = parsePage(ZClassSummary, body);
    if (!page) throw new Error('unexpected class list');
    return page;
  });
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
