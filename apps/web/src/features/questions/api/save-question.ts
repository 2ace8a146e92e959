import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUESTION_PATHS, fillPath } from '@stem/contract/api';
import {
  ZSaveQuestionResponse,
  type TCreateQuestionRequest,
  type TQuestion,
  type TUpdateQuestionRequest,
} from '@stem/contract/teaching';
import { MESSAGES } from '@stem/contract/messages';
import { api, serverMessageOf } from '../../../lib/http';
import { TRIAL_LIMIT_KEY } from '../../../lib/trial-limit';
import { QUESTIONS_KEY } from './get-teacher-questions';

export async function createQuestion(input: TCreateQuestionRequest): Promise<TQuestion> {
  return ZSaveQuestionResponse.parse(await api.post(QUESTION_PATHS.create, input)).data;
}

export async function updateQuestion(
  id: string,
  input: TUpdateQuestionRequest,
): Promise<TQuestion> {
  const body = await api.put(fillPath(QUESTION_PATHS.update, { id }), input);
  return ZSaveQuestionResponse.parse(body).data;
}

/** "Failed to save question: {server message or error message}" (spec 02 §8). */
export function saveFailedMessage(error: unknown): string {
  const detail = serverMessageOf(error) ?? (error instanceof Error ? error.message : String(error));
  return MESSAGES.questions.saveFailed(detail);
}

export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: TRIAL_LIMIT_KEY }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

export function useUpdateQuestion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateQuestionRequest) => updateQuestion(id, input),
    // Class pages show the question's text and marks too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
      ]),
  });
}
