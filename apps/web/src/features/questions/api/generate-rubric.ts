import { useMutation } from '@tanstack/react-query';
import { QUESTION_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import { ZGenerateRubricResponse, type TGenerateRubricRequest } from '@stem/contract/teaching';
import { api, serverMessageOf, statusOf } from '../../../lib/http';

export type TGeneratedRubric = ReturnType<typeof ZGenerateRubricResponse.parse>['data'];

export async function generateRubric(input: TGenerateRubricRequest): Promise<TGeneratedRubric> {
  return ZGenerateRubricResponse.parse(await api.post(QUESTION_PATHS.generateRubric, input)).data;
}

/**
 * A 400 names what is wrong with the request (e.g. an invalid range) and a 429 asks the teacher to
 * wait: both are worth showing. Anything else is the spec's "Failed to generate rubric. Please try
 * again."
 */
export function generateErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 400 || status === 429) {
    return serverMessageOf(error) ?? MESSAGES.questions.generateFailed;
  }
  return MESSAGES.questions.generateFailed;
}

export function useGenerateRubric() {
  return useMutation({ mutationFn: generateRubric });
}
