import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import {
  REGRADE_PATHS,
  RELEASE_PATHS,
  ZClassMarkingResponse,
  ZQuestionMarkingResponse,
  ZRegradeListResponse,
  ZRegradeRequestResponse,
  ZReleaseResponse,
  ZSubmissionRegrades,
  type TRegradeReplyBody,
  type TUpdateQuestionMarkingRequest,
} from '@stem/contract/regrades';
import { api } from '../../../lib/http';

/** Issue 27: re-mark requests (student and teacher) and the class's release of marks. */

export const submissionRegradesKey = (id: string) => ['regrades', 'submission', id] as const;

/** GET /submissions/{id}/regrade-requests: the requests and which answers may still ask. */
export function useSubmissionRegrades(submissionId: string, enabled = true) {
  return useQuery({
    queryKey: submissionRegradesKey(submissionId),
    enabled,
    queryFn: async () =>
      ZSubmissionRegrades.parse(
        await api.get(fillPath(REGRADE_PATHS.ofSubmission, { id: submissionId })),
      ).data,
  });
}

/** POST the student's request; the submission's requests are read again. */
export function useRequestRegrade(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: { answerId: string; reason: string }) =>
      ZRegradeRequestResponse.parse(
        await api.post(
          fillPath(REGRADE_PATHS.request, { id: submissionId, answerId: variables.answerId }),
          { reason: variables.reason },
        ),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: submissionRegradesKey(submissionId) }),
  });
}

const listKey = (all: boolean) => ['regrades', 'list', all ? 'all' : 'open'] as const;

/** GET /regrade-requests: the teacher's requests (open ones, or all) and the open count. */
export function useRegradeList(all = false, enabled = true) {
  return useQuery({
    queryKey: listKey(all),
    enabled,
    queryFn: async () =>
      ZRegradeListResponse.parse(
        await api.get(REGRADE_PATHS.list, all ? { status: 'all' } : undefined),
      ),
  });
}

/** POST the teacher's reply; the lists, the submissions and the class pages are read again. */
export function useReplyToRegrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: { requestId: string; body: TRegradeReplyBody }) =>
      ZRegradeRequestResponse.parse(
        await api.post(
          fillPath(REGRADE_PATHS.reply, { requestId: variables.requestId }),
          variables.body,
        ),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['regrades'] }),
        queryClient.invalidateQueries({ queryKey: ['submissions'] }),
        queryClient.invalidateQueries({ queryKey: ['class-marking'] }),
      ]),
  });
}

const classMarkingKey = (classId: string) => ['class-marking', classId] as const;

/** GET /classes/{classId}/marking: each question's release state and re-mark deadline. */
export function useClassMarking(classId: string) {
  return useQuery({
    queryKey: classMarkingKey(classId),
    queryFn: async () =>
      ZClassMarkingResponse.parse(await api.get(fillPath(RELEASE_PATHS.classMarking, { classId })))
        .data.questions,
  });
}

/** PATCH a question's release mode or deadline in the class. */
export function useUpdateQuestionMarking(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: { questionId: string; body: TUpdateQuestionMarkingRequest }) =>
      ZQuestionMarkingResponse.parse(
        await api.patch(
          fillPath(RELEASE_PATHS.questionMarking, { classId, questionId: variables.questionId }),
          variables.body,
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classMarkingKey(classId) }),
  });
}

/** POST "Release marks" for a question of the class. */
export function useReleaseMarks(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (questionId: string) =>
      ZReleaseResponse.parse(
        await api.post(fillPath(RELEASE_PATHS.release, { classId, questionId })),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: classMarkingKey(classId) }),
        queryClient.invalidateQueries({ queryKey: ['submissions'] }),
      ]),
  });
}
