import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import { ROOT_PATHS, SUBMISSION_PATHS, ZMarkResponse } from '@stem/contract/submissions';
import { api } from '../../../lib/http';

/** POST /api/student/submissions/mark/{classId}/{submissionId}: marks it (or reports progress). */
export async function requestMarking(classId: string, submissionId: string) {
  const body = await api.rawPost(fillPath(ROOT_PATHS.markSubmission, { classId, submissionId }));
  return ZMarkResponse.parse(body).data;
}

/** POST /submissions/{id}/retry-marking: a failed submission goes back to pending. */
export async function retryMarking(id: string) {
  return api.post(fillPath(SUBMISSION_PATHS.retryMarking, { id }));
}

/** Retries marking, then refreshes every query about submissions so the new status shows. */
export function useRetryMarking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMarking,
    onSettled: async (_data, _error, id) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['submissions'] }),
        // The one submission's own queries too (its details, its completion page's marks).
        queryClient.invalidateQueries({ queryKey: ['submission', id] }),
      ]);
    },
  });
}
