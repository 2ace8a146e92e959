import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { requestMarking } from './api/marking';
import type { TSubmissionView } from './api/submission-schema';
import { submissionKey } from './api/get-submission';

/**
 * Opening a pending submission triggers one marking request (spec 02 §4); a failure is only
 * logged. The page keeps polling meanwhile, so the marks appear however the marking ends.
 */
export function useMarkOnce(submission: TSubmissionView | undefined): void {
  const queryClient = useQueryClient();
  const asked = useRef(new Set<string>());

  useEffect(() => {
    if (!submission || submission.status !== 'pending' || !submission.classId) return;
    if (asked.current.has(submission._id)) return;
    asked.current.add(submission._id);
    const id = submission._id;
    requestMarking(submission.classId._id, id)
      .then(() => queryClient.invalidateQueries({ queryKey: submissionKey(id) }))
      .catch((error: unknown) => console.error(error));
  }, [submission, queryClient]);
}
