import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLASS_PATHS } from '@stem/contract/api';
import { ZMessageResponse } from '@stem/contract/teaching';
import { api } from '../../../lib/http';
import { CLASSES_KEY } from './get-teacher-classes';

type TRemoveStudent = { classId: string; studentId: string };

export async function removeStudent(input: TRemoveStudent): Promise<void> {
  ZMessageResponse.parse(await api.post(CLASS_PATHS.removeStudent, input));
}

/** Removes a student from a class; the class (and the class cards' counts) then refresh. */
export function useRemoveStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLASSES_KEY }),
  });
}
