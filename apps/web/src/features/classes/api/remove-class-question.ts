import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUESTION_PATHS } from '@stem/contract/api';
import { ZStatusMessageResponse } from '@stem/contract/teaching';
import { api } from '../../../lib/http';
import { CLASSES_KEY } from './get-teacher-classes';

type TRemoveQuestion = { classId: string; questionId: string };

export async function removeQuestionFromClass(input: TRemoveQuestion): Promise<void> {
  ZStatusMessageResponse.parse(await api.post(QUESTION_PATHS.removeFromClass, input));
}

/** Takes a question out of a class; the class and the question list (its class ids) refresh. */
export function useRemoveQuestionFromClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeQuestionFromClass,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CLASSES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['questions'] }),
      ]),
  });
}
