import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_CLASSES_PAGE_SIZE,
  ADMIN_PATHS,
  CLASS_EXTRA_PATHS,
  ZAdminClassListResponse,
  ZAdminClassResponse,
  ZAdminCreateClassResponse,
  ZAdminStudentsResponse,
  ZAdminTeachersResponse,
  ZAssignStudentsResponse,
  type TAdminCreateClassRequest,
} from '@stem/contract/admin';
import { fillPath } from '@stem/contract/api';
import { ZMessageResponse, type TClassSummary } from '@stem/contract/teaching';
import { api, statusOf } from '../../../lib/http';
import { usePagedList } from '../../../lib/paged-list';
import { TRIAL_LIMIT_KEY } from '../../../lib/trial-limit';
import { CLASSES_KEY } from './get-teacher-classes';

/** The admin's class calls (spec 02 §7 Admin: all classes, teachers, students, class create). */

export const ADMIN_CLASSES_KEY = [...CLASSES_KEY, 'school'] as const;

export type TClassView = { search: string; teacherId: string | null };

/** GET /admin/classes: 9 a page, newest first; a 404 is an empty list (spec 02 §8). */
export function useSchoolClasses(view: TClassView) {
  return usePagedList<TClassSummary>({
    queryKey: [...ADMIN_CLASSES_KEY, 'list', view],
    fetchPage: async (cursor) => {
      const q = view.search.trim();
      try {
        const reply = ZAdminClassListResponse.parse(
          await api.get(ADMIN_PATHS.classes, {
            limit: ADMIN_CLASSES_PAGE_SIZE,
            ...(q ? { q } : {}),
            ...(view.teacherId ? { teacherId: view.teacherId } : {}),
            ...(cursor ? { cursor } : {}),
          }),
        );
        return { items: reply.data, page: reply.page, extra: null };
      } catch (error) {
        if (statusOf(error) !== 404) throw error;
        return { items: [], page: { nextCursor: null, total: 0, matched: 0 }, extra: null };
      }
    },
  });
}

export function useSchoolClass(classId: string) {
  return useQuery({
    queryKey: [...ADMIN_CLASSES_KEY, 'detail', classId],
    queryFn: async () =>
      ZAdminClassResponse.parse(await api.get(fillPath(ADMIN_PATHS.class, { classId }))).class,
    retry: false,
  });
}

export function useSchoolTeachers() {
  return useQuery({
    queryKey: ['admin', 'teachers'],
    queryFn: async () => ZAdminTeachersResponse.parse(await api.get(ADMIN_PATHS.teachers)).teachers,
  });
}

export function useSchoolStudentsForAdmin() {
  return useQuery({
    queryKey: ['admin', 'students'],
    queryFn: async () => ZAdminStudentsResponse.parse(await api.get(ADMIN_PATHS.students)).students,
  });
}

function useClassChange<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CLASSES_KEY }),
        queryClient.invalidateQueries({ queryKey: TRIAL_LIMIT_KEY }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]);
    },
  });
}

export function useAdminCreateClass() {
  return useClassChange(async (input: TAdminCreateClassRequest) =>
    ZAdminCreateClassResponse.parse(await api.post(ADMIN_PATHS.classes, input)),
  );
}

export function useReassignClass() {
  return useClassChange(async (input: { classId: string; teacherId: string }) =>
    ZMessageResponse.parse(
      await api.put(fillPath(ADMIN_PATHS.class, { classId: input.classId }), {
        teacherId: input.teacherId,
      }),
    ),
  );
}

/** POST /student/assign-students: the teacher's own class, or any of the school's for the admin. */
export function useAssignStudents() {
  return useClassChange(async (input: { classId: string; students: string[] }) =>
    ZAssignStudentsResponse.parse(await api.post(CLASS_EXTRA_PATHS.assignStudents, input)),
  );
}

/** GET /student/class/{c}/student/{s}/submissions, for the class page's "View work". */
export const studentWorkPath = (classId: string, studentId: string) =>
  fillPath(CLASS_EXTRA_PATHS.studentWorkInClass, { classId, studentId });
