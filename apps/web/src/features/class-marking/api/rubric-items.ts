import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import type { TClassAnswer } from '@stem/contract/class-marking';
import {
  RUBRIC_ITEM_PATHS,
  ZApplyRubricItemsResponse,
  ZMarkRestResponse,
  ZRemarkResponse,
  ZRubricItemChangeResponse,
  ZRubricItemsResponse,
  ZSavedCommentsResponse,
  type TRubricItems,
} from '@stem/contract/rubric-items';
import { api } from '../../../lib/http';
import { reviewAnswer } from '../../submissions/api/review';
import { classAnswersKey } from './class-answers';

/**
 * Issue 27 on the marking screen: the question's rubric items and which each answer has, the
 * teacher's saved comments, and re-marking answers marked under an earlier rubric. Every change
 * reads the class's answers again (marks made from items go through the review calls on the server).
 */

type TScope = { classId: string; questionId: string };

export const rubricItemsKey = ({ classId, questionId }: TScope) =>
  ['class-marking', classId, questionId, 'rubric-items'] as const;
const savedCommentsKey = ({ classId, questionId }: TScope) =>
  ['class-marking', classId, questionId, 'saved-comments'] as const;

/** GET .../rubric-items. */
export function useRubricItems(scope: TScope) {
  return useQuery({
    queryKey: rubricItemsKey(scope),
    queryFn: async () =>
      ZRubricItemsResponse.parse(await api.get(fillPath(RUBRIC_ITEM_PATHS.items, scope))).data,
  });
}

/** After a change: the items, the class's answers (marks may have changed) and the submission lists. */
export function useRefresh(scope: TScope) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rubricItemsKey(scope) }),
      queryClient.invalidateQueries({ queryKey: classAnswersKey(scope.classId, scope.questionId) }),
      queryClient.invalidateQueries({ queryKey: ['submissions'] }),
    ]);
}

export type TItemChange =
  | { kind: 'create'; label: string; points: number }
  | { kind: 'update'; itemId: string; label?: string; points?: number }
  | { kind: 'delete'; itemId: string }
  | { kind: 'order'; itemIds: string[] };

/** Adds, changes, deletes or reorders items; the reply says how many marks were re-scored. */
export function useChangeItem(scope: TScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: async (change: TItemChange) => {
      let body: unknown;
      if (change.kind === 'create') {
        body = await api.post(fillPath(RUBRIC_ITEM_PATHS.items, scope), {
          label: change.label,
          points: change.points,
        });
      } else if (change.kind === 'update') {
        const { itemId, label, points } = change;
        body = await api.patch(fillPath(RUBRIC_ITEM_PATHS.item, { ...scope, itemId }), {
          ...(label !== undefined ? { label } : {}),
          ...(points !== undefined ? { points } : {}),
        });
      } else if (change.kind === 'delete') {
        body = await api.delete(
          fillPath(RUBRIC_ITEM_PATHS.item, { ...scope, itemId: change.itemId }),
        );
      } else {
        body = await api.put(fillPath(RUBRIC_ITEM_PATHS.order, scope), { itemIds: change.itemIds });
      }
      return ZRubricItemChangeResponse.parse(body).data;
    },
    onSuccess: refresh,
  });
}

/**
 * The items applied to an answer (the whole set); the mark comes back from the server (the items'
 * points added up, within 0..marks). The screen shows the new set at once and sends the changes of
 * one answer in turn (`useRubricMarking`), reading everything again once none is left to send.
 */
export function useApplyItems(scope: TScope) {
  return useMutation({
    mutationFn: async ({ answer, itemIds }: { answer: TClassAnswer; itemIds: string[] }) =>
      ZApplyRubricItemsResponse.parse(
        await api.put(fillPath(RUBRIC_ITEM_PATHS.applied, { ...scope, answerId: answer._id }), {
          itemIds,
        }),
      ).data,
  });
}

/** Shows a new set of items applied to an answer before the server has it. */
export function showApplied(
  queryClient: ReturnType<typeof useQueryClient>,
  scope: TScope,
  answerId: string,
  itemIds: string[],
): void {
  queryClient.setQueryData<TRubricItems>(rubricItemsKey(scope), (data) =>
    data
      ? {
          ...data,
          applied: [...data.applied.filter((a) => a.answerId !== answerId), { answerId, itemIds }],
        }
      : data,
  );
}

/** GET .../saved-comments: the teacher's own saved comments for the question. */
export function useSavedComments(scope: TScope) {
  return useQuery({
    queryKey: savedCommentsKey(scope),
    queryFn: async () =>
      ZSavedCommentsResponse.parse(await api.get(fillPath(RUBRIC_ITEM_PATHS.comments, scope))).data,
  });
}

/** Saves a comment for reuse, or deletes a saved one. */
export function useChangeSavedComment(scope: TScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { kind: 'save'; text: string } | { kind: 'delete'; id: string }) =>
      ZSavedCommentsResponse.parse(
        change.kind === 'save'
          ? await api.post(fillPath(RUBRIC_ITEM_PATHS.comments, scope), { text: change.text })
          : await api.delete(
              fillPath(RUBRIC_ITEM_PATHS.comment, { ...scope, commentId: change.id }),
            ),
      ).data,
    onSuccess: (comments) => queryClient.setQueryData(savedCommentsKey(scope), comments),
  });
}

/** Saves the teacher's comment on an answer with its mark as it stands (the review call). */
export function useSaveComment(scope: TScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: ({ answer, comment }: { answer: TClassAnswer; comment: string }) =>
      reviewAnswer(
        { submissionId: answer.submissionId, answerId: answer._id },
        { kind: 'override', score: answer.score ?? 0, comment: comment.trim() || null },
      ),
    onSuccess: refresh,
  });
}

/** POST .../remark: answers marked under an earlier rubric go back to the marker. */
export function useRemark(scope: TScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: async () =>
      ZRemarkResponse.parse(await api.post(fillPath(RUBRIC_ITEM_PATHS.remark, scope))).data,
    onSuccess: refresh,
  });
}

/**
 * POST .../mark-rest ("Test on a few first"): every answer the teacher has not marked goes back to
 * the marker, which marks it with the teacher's marks as examples.
 */
export function useMarkRest(scope: TScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: async () =>
      ZMarkRestResponse.parse(await api.post(fillPath(RUBRIC_ITEM_PATHS.markRest, scope))).data,
    onSuccess: refresh,
  });
}
