import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUESTION_PATHS } from '@stem/contract/api';
import { ZStatusMessageResponse } from '@stem/contract/teaching';
import { api } from '../../../lib/http';
import { QUESTIONS_KEY } from './get-teacher-questions';

type TAddToClass = { questionId: string; classId: string };

export async function addQuestionToClass(input: TAddToClass): Promise<void> {
  ZStatusMessageResponse.parse(await api.post(QUESTION_PATHS.addToClass, input));
}

export function useAddQuestionToClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addQuestionToClass,
    // The question's class ids and the class cards' question counts both change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
      ]),
  });
}
