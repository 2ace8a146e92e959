import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SUBMISSION_PATHS,
  ZCreateSubmissionResponse,
  type TCreateSubmissionRequest,
} from '@stem/contract/submissions';
import { api } from '../../../lib/http';

/** POST /student/submissions (201 `{ data: { _id } }`): saves the answers; marking follows. */
export async function createSubmission(request: TCreateSubmissionRequest): Promise<string> {
  const body = await api.post(SUBMISSION_PATHS.studentSubmissions, request);
  return ZCreateSubmissionResponse.parse(body).data._id;
}

export function useCreateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubmission,
    onSuccess: () => {
      // The lists and the dashboard now have one more submission.
      void queryClient.invalidateQueries({ queryKey: ['submissions'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      // Each answer used one attempt at its question: the result page's Try again reads them.
      void queryClient.invalidateQueries({ queryKey: ['student', 'class'] });
    },
  });
}
