import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { fillPath } from '@stem/contract/api';
import {
  ROOT_PATHS,
  SUBMISSION_PATHS,
  ZMarkResponse,
  ZSubmission,
  ZSubmissionAnswer,
} from '@stem/contract/submissions';
import { api } from '../../../lib/http';

/** Feedback is read as it comes (a list, an object or a string, spec 02 §3). */
const ZMarkReply = z.object({
  data: ZMarkResponse.shape.data.extend({
    results: z.array(
      ZMarkResponse.shape.data.shape.results.element.extend({ feedback: z.unknown() }),
    ),
  }),
});
const ZSubmissionResult = ZSubmission.extend({
  submissions: z.array(ZSubmissionAnswer.extend({ feedback: z.unknown() })),
});

export type TMarkResult = z.infer<typeof ZMarkReply>['data'];
export type TSubmissionResult = z.infer<typeof ZSubmissionResult>;

/**
 * POST /api/student/submissions/mark/{classId}/{submissionId}: asks for the submission to be
 * marked and answers with the scores once it is (or its status while it still runs).
 */
export async function markSubmission(classId: string, submissionId: string): Promise<TMarkResult> {
  const body = await api.rawPost(fillPath(ROOT_PATHS.markSubmission, { classId, submissionId }));
  return ZMarkReply.parse(body).data;
}

/** The submission's details reply is `data` or the object itself (spec 02 §7). */
const ZDetails = z.union([z.object({ data: ZSubmissionResult }), ZSubmissionResult]);

export async function getSubmissionResult(submissionId: string): Promise<TSubmissionResult> {
  const body = ZDetails.parse(
    await api.get(fillPath(SUBMISSION_PATHS.studentSubmission, { id: submissionId })),
  );
  return 'data' in body ? body.data : body;
}

/** The one marking request of the completion page: not repeated on focus or remount. */
export const markQuery = (classId: string, submissionId: string) =>
  queryOptions({
    queryKey: ['submission', submissionId, 'mark'],
    queryFn: () => markSubmission(classId, submissionId),
    staleTime: Infinity,
    retry: false,
  });
