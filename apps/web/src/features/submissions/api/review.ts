import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import {
  SUBMISSION_PATHS,
  ZAgreementResponse,
  ZAnswerReviewResponse,
  ZCorrectAnswerTextResponse,
  type TAnswerReviewResponse,
  type TQuestionAgreement,
} from '@stem/contract/submissions';
import { api } from '../../../lib/http';

/** Teacher review of the AI's marks (issue 11): override, accept, agreement. */

export type TReviewChange =
  { kind: 'override'; score: number; comment: string | null } | { kind: 'accept' };

export type TReviewTarget = { submissionId: string; answerId: string };

/** PATCH the teacher's score and comment, or POST "reviewed (unchanged)". */
export async function reviewAnswer(
  target: TReviewTarget,
  change: TReviewChange,
): Promise<TAnswerReviewResponse['data']> {
  const params = { id: target.submissionId, answerId: target.answerId };
  const body =
    change.kind === 'override'
      ? await api.patch(fillPath(SUBMISSION_PATHS.answer, params), {
          score: change.score,
          comment: change.comment,
        })
      : await api.post(fillPath(SUBMISSION_PATHS.answerReviewed, params));
  return ZAnswerReviewResponse.parse(body).data;
}

/**
 * Saves a review, then refreshes the submission's details, the lists (totals, the queue's count) and
 * the agreement figures.
 */
export function useReviewAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { target: TReviewTarget; change: TReviewChange }) =>
      reviewAnswer(variables.target, variables.change),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['submissions'] }),
        queryClient.invalidateQueries({ queryKey: agreementKey }),
      ]);
    },
  });
}

const agreementKey = ['submissions', 'agreement'] as const;

/** GET /submissions/agreement: per question, how often the AI's mark stood; keyed by question id. */
export function useAgreement(enabled = true) {
  return useQuery({
    queryKey: agreementKey,
    enabled,
    queryFn: async (): Promise<Map<string, TQuestionAgreement>> => {
      const parsed = ZAgreementResponse.parse(await api.get(SUBMISSION_PATHS.agreement));
      return new Map(parsed.data.map((row) => [row.questionId, row]));
    },
  });
}

/**
 * PUT the text of a scanned answer as the teacher reads it beside its scan (issue 28): the answer is
 * marked again. Refreshes the submissions, the scan batches and the marking screen (the answer is
 * pending until marked).
 */
export function useCorrectAnswerText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: TReviewTarget & { text: string }) => {
      const params = { id: variables.submissionId, answerId: variables.answerId };
      const body = await api.put(fillPath(SUBMISSION_PATHS.answerText, params), {
        text: variables.text,
      });
      return ZCorrectAnswerTextResponse.parse(body);
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['submissions'] }),
        queryClient.invalidateQueries({ queryKey: ['scan-batches'] }),
        // The marking screen's answers (the question's, across the class).
        queryClient.invalidateQueries({ queryKey: ['class-marking'] }),
      ]);
    },
  });
}
