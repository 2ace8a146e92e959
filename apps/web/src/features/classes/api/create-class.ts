import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLASS_PATHS } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import {
  ZCreateClassResponse,
  type TClassSummary,
  type TCreateClassRequest,
} from '@stem/contract/teaching';
import { api, isNoResponse, serverMessageOf, statusOf } from '../../../lib/http';
import { TRIAL_LIMIT_KEY } from '../../../lib/trial-limit';
import { CLASSES_KEY } from './get-teacher-classes';

export async function createClass(input: TCreateClassRequest): Promise<TClassSummary> {
  return ZCreateClassResponse.parse(await api.post(CLASS_PATHS.create, input)).data;
}

/**
 * Spec 02 §8: "Failed to create class" or the server message. The server's refusals (trial limit,
 * a student of another school, ...) are worth showing as they are; a 5xx or no answer is not.
 */
export function createClassErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (isNoResponse(error) || status === undefined || status >= 500) {
    return MESSAGES.classes.createFailed;
  }
  return serverMessageOf(error) ?? MESSAGES.classes.createFailed;
}

export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClass,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CLASSES_KEY }),
        queryClient.invalidateQueries({ queryKey: TRIAL_LIMIT_KEY }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
  });
}
