import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUESTION_PATHS, fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { ZStatusMessageResponse } from '@stem/contract/teaching';
import { api, statusOf } from '../../../lib/http';
import { TRIAL_LIMIT_KEY } from '../../../lib/trial-limit';
import { QUESTIONS_KEY } from './get-teacher-questions';

export async function deleteQuestion(id: string): Promise<void> {
  ZStatusMessageResponse.parse(await api.delete(fillPath(QUESTION_PATHS.remove, { id })));
}

/**
 * Spec 02 §8 gives two texts: the server refused ("Failed to delete question"), or the call itself
 * failed and trying again may help ("Failed to delete question. Please try again.").
 */
export function deleteErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return MESSAGES.questions.deleteFailed;
  }
  return MESSAGES.questions.deleteFailedRetry;
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
        queryClient.invalidateQueries({ queryKey: TRIAL_LIMIT_KEY }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
