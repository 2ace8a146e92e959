import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ANSWER_GROUP_PATHS,
  ZAnswerGroupsResponse,
  ZMarkGroupResponse,
  type TAnswerGroups,
  type TMergeGroupRequest,
  type TMoveAnswerRequest,
  type TSplitGroupRequest,
} from '@stem/contract/answer-groups';
import { fillPath } from '@stem/contract/api';
import { api } from '../../../lib/http';
import { anonymousQuery, classAnswersKey } from './class-answers';

/** Issue 27, answer groups: read the groups, mark a group at once, edit the groups. */

export const answerGroupsKey = (classId: string, questionId: string, anonymous: boolean) =>
  [...classAnswersKey(classId, questionId), 'groups', anonymous] as const;

/**
 * GET /classes/{classId}/questions/{questionId}/groups (only while the groups view is shown), by
 * name or anonymous (the server's pseudonyms, as the answers call gives them).
 */
export function useAnswerGroups(
  classId: string,
  questionId: string,
  options: { enabled: boolean; anonymous: boolean },
) {
  return useQuery({
    queryKey: answerGroupsKey(classId, questionId, options.anonymous),
    // The groups stay while the other naming is read (the screen's labels hide names meanwhile).
    placeholderData: keepPreviousData,
    queryFn: async () =>
      ZAnswerGroupsResponse.parse(
        await api.get(
          `${fillPath(ANSWER_GROUP_PATHS.groups, { classId, questionId })}${anonymousQuery(options.anonymous)}`,
        ),
      ).data,
    enabled: options.enabled,
  });
}

export type TGroupMark = { kind: 'accept' } | { kind: 'mark'; score: number };

/**
 * Marks every answer of a group (the typed mark, or the group's suggestion), then reads the groups,
 * the one-at-a-time list (both under its key) and the submission lists again (totals, the queue).
 */
export function useMarkGroup(classId: string, questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ groupId, mark }: { groupId: string; mark: TGroupMark }) => {
      const params = { classId, questionId, groupId };
      const body =
        mark.kind === 'accept'
          ? await api.post(fillPath(ANSWER_GROUP_PATHS.accept, params))
          : await api.post(fillPath(ANSWER_GROUP_PATHS.mark, params), { score: mark.score });
      return ZMarkGroupResponse.parse(body).data;
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classAnswersKey(classId, questionId) }),
        queryClient.invalidateQueries({ queryKey: ['submissions'] }),
      ]);
    },
  });
}

export type TGroupEdit =
  | { kind: 'split'; groupId: string; body: TSplitGroupRequest }
  | { kind: 'merge'; groupId: string; body: TMergeGroupRequest }
  | { kind: 'move'; body: TMoveAnswerRequest }
  | { kind: 'reset' };

/** Split, merge, move or reset: the reply is the groups as they now are (named as the screen's). */
export function useEditGroups(classId: string, questionId: string, anonymous: boolean) {
  const queryClient = useQueryClient();
  const query = anonymousQuery(anonymous);
  return useMutation({
    mutationFn: async (edit: TGroupEdit) => {
      const base = { classId, questionId };
      const body =
        edit.kind === 'split'
          ? await api.post(
              `${fillPath(ANSWER_GROUP_PATHS.split, { ...base, groupId: edit.groupId })}${query}`,
              edit.body,
            )
          : edit.kind === 'merge'
            ? await api.post(
                `${fillPath(ANSWER_GROUP_PATHS.merge, { ...base, groupId: edit.groupId })}${query}`,
                edit.body,
              )
            : edit.kind === 'move'
              ? await api.post(`${fillPath(ANSWER_GROUP_PATHS.move, base)}${query}`, edit.body)
              : await api.post(`${fillPath(ANSWER_GROUP_PATHS.reset, base)}${query}`);
      return ZAnswerGroupsResponse.parse(body).data;
    },
    onSuccess: (data) => {
      queryClient.setQueryData<TAnswerGroups>(
        answerGroupsKey(classId, questionId, anonymous),
        data,
      );
    },
  });
}
