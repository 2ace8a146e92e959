import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import {
  CLASSROOM_PATHS,
  ZClassroomCallbackResponse,
  ZClassroomConnectResponse,
  ZClassroomCoursesResponse,
  ZClassroomPushResponse,
  ZClassroomRosterImportResponse,
  ZClassroomRosterPreviewResponse,
  ZClassroomStatusResponse,
  type TClassroomPushRequest,
} from '@stem/contract/classroom';
import { MESSAGES } from '@stem/contract/messages';
import { ZMessageResponse } from '@stem/contract/teaching';
import { api, describeError } from '../../lib/http';
import { CLASSES_KEY } from '../classes/api/get-teacher-classes';

/** Google Classroom (issue 29): the class page's section and the consent callback page. */

const at = (path: string, classId: string) => fillPath(path, { classId });
const statusKey = (classId: string) => ['classroom', classId] as const;

export function useClassroomStatus(classId: string) {
  return useQuery({
    queryKey: statusKey(classId),
    queryFn: async () =>
      ZClassroomStatusResponse.parse(await api.get(at(CLASSROOM_PATHS.status, classId))).data,
    retry: false,
  });
}

export function useClassroomCourses(classId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...statusKey(classId), 'courses'],
    queryFn: async () =>
      ZClassroomCoursesResponse.parse(await api.get(at(CLASSROOM_PATHS.courses, classId))).courses,
    enabled,
    retry: false,
  });
}

/** Asks the server for Google's consent page, then goes there. */
export async function startConnect(classId: string): Promise<void> {
  const { url } = ZClassroomConnectResponse.parse(
    await api.post(at(CLASSROOM_PATHS.connect, classId)),
  );
  window.location.assign(url);
}

export async function finishConnect(search: string) {
  return ZClassroomCallbackResponse.parse(await api.post(CLASSROOM_PATHS.callback, { search }));
}

export function useLinkCourse(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (courseId: string) =>
      ZMessageResponse.parse(await api.put(at(CLASSROOM_PATHS.link, classId), { courseId })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey(classId) }),
  });
}

export function useUnlinkCourse(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      ZMessageResponse.parse(await api.delete(at(CLASSROOM_PATHS.link, classId))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey(classId) }),
  });
}

export async function previewClassroomRoster(classId: string) {
  return ZClassroomRosterPreviewResponse.parse(
    await api.post(at(CLASSROOM_PATHS.rosterPreview, classId)),
  ).data;
}

export function useImportClassroomRoster(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      ZClassroomRosterImportResponse.parse(
        await api.post(at(CLASSROOM_PATHS.rosterImport, classId)),
      ),
    // The class's students changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLASSES_KEY }),
  });
}

export function usePushMarks(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: TClassroomPushRequest) =>
      ZClassroomPushResponse.parse(await api.post(at(CLASSROOM_PATHS.push, classId), target)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey(classId) }),
  });
}

/** A failure in words: the server's own message for 4xx and 502 (Google's refusals and silences). */
export function classroomFailure(error: unknown): string {
  return describeError(error, {
    404: MESSAGES.classroom.notConfigured,
    fallback: MESSAGES.classroom.loadFailed,
  });
}
