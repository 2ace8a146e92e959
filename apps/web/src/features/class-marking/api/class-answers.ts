import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import {
  CLASS_MARKING_PATHS,
  ZClassQuestionAnswersResponse,
  ZFewFirstResponse,
  isChangedMark,
  type TClassAnswer,
  type TClassQuestionAnswers,
} from '@stem/contract/class-marking';
import { api } from '../../../lib/http';
import { reviewAnswer } from '../../submissions/api/review';

/** Issue 27: one question across a class. Reads here; reviews through the submissions' review calls. */

/** Everything the screen reads for the question (answers, groups, items): refreshed together. */
export const classAnswersKey = (classId: string, questionId: string) =>
  ['class-marking', classId, questionId] as const;

/** The answers by name, or anonymous: two replies, kept apart. */
const answersReadKey = (classId: string, questionId: string, anonymous: boolean) =>
  [...classAnswersKey(classId, questionId), 'answers', anonymous] as const;

/** `?anonymous=true` when the screen is in anonymous mode: the server then sends no names. */
export const anonymousQuery = (anonymous: boolean) => (anonymous ? '?anonymous=true' : '');

/**
 * GET /classes/{classId}/questions/{questionId}/answers, by name or (anonymous mode) with the
 * server's pseudonyms in the server's drawn order; turning anonymity off reads the names again.
 */
export function useClassAnswers(classId: string, questionId: string, anonymous: boolean) {
  return useQuery({
    queryKey: answersReadKey(classId, questionId, anonymous),
    // The screen stays while the other naming is read (`orderRows` hides the names meanwhile).
    placeholderData: keepPreviousData,
    queryFn: async () =>
      ZClassQuestionAnswersResponse.parse(
        await api.get(
          `${fillPath(CLASS_MARKING_PATHS.answers, { classId, questionId })}${anonymousQuery(anonymous)}`,
        ),
      ).data,
  });
}

export type TMarkChange = { kind: 'accept' } | { kind: 'override'; score: number };

/** The answer as the screen shows it once the review is saved (before the list is read again). */
function reviewed(
  answer: TClassAnswer,
  saved: { score: number | null; reviewedAt?: string | null | undefined },
  change: TMarkChange,
): TClassAnswer {
  return {
    ...answer,
    score: saved.score,
    reviewedAt: saved.reviewedAt ?? new Date().toISOString(),
    overridden: isChangedMark({
      score: saved.score,
      aiScore: answer.aiScore,
      reviewed: true,
      setByTeacher: answer.overridden || change.kind === 'override',
    }),
  };
}

/**
 * Accepts the marker's mark or saves the teacher's, through the review calls (history, totals, the
 * review queue and holds as everywhere). An override keeps the teacher's comment as it was. The
 * screen's copy is updated at once, then read again with the submission lists.
 */
export function useMarkAnswer(classId: string, questionId: string, anonymous: boolean) {
  const queryClient = useQueryClient();
  const key = answersReadKey(classId, questionId, anonymous);
  return useMutation({
    mutationFn: async ({ answer, change }: { answer: TClassAnswer; change: TMarkChange }) =>
      reviewAnswer(
        { submissionId: answer.submissionId, answerId: answer._id },
        change.kind === 'accept'
          ? { kind: 'accept' }
          : { kind: 'override', score: change.score, comment: answer.teacherFeedback },
      ),
    onSuccess: async (saved, { answer, change }) => {
      queryClient.setQueryData<TClassQuestionAnswers>(key, (data) => {
        if (!data) return data;
        const rows = data.rows.map((row) =>
          row.answer?._id === answer._id
            ? { ...row, answer: reviewed(row.answer, saved.answer, change) }
            : row,
        );
        const marked = rows.flatMap((r) => (r.answer && r.answer.score !== null ? [r.answer] : []));
        return {
          ...data,
          rows,
          counts: { ...data.counts, reviewed: marked.filter((a) => a.reviewedAt).length },
        };
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classAnswersKey(classId, questionId) }),
        queryClient.invalidateQueries({ queryKey: ['submissions'] }),
      ]);
    },
  });
}

/**
 * GET .../few-first ("Test on a few first"): the answers the marker proposes the teacher marks
 * first. Asked once when the panel opens (a mutation, not a query: the proposal stays as it was
 * while the teacher marks it, though each mark reads the class's answers again).
 */
export function useProposeFewFirst(classId: string, questionId: string) {
  return useMutation({
    mutationFn: async () =>
      ZFewFirstResponse.parse(
        await api.get(fillPath(CLASS_MARKING_PATHS.fewFirst, { classId, questionId })),
      ).data,
  });
}
