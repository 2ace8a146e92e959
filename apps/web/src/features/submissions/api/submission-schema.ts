import { z } from 'zod';
import { ZSubmission, ZSubmissionAnswer } from '@stem/contract/submissions';

/**
 * A submission as the pages read it: the contract's shape, but feedback is taken as it comes
 * (a list, an object or a string, spec 02 §3) and normalised where it is shown.
 */
export const ZSubmissionView = ZSubmission.extend({
  submissions: z.array(ZSubmissionAnswer.extend({ feedback: z.unknown() })),
});
export type TSubmissionView = z.infer<typeof ZSubmissionView>;
export type TAnswerView = TSubmissionView['submissions'][number];

/** The list comes as an array or as `data` holding the array (spec 02 §7). */
const ZListReply = z.union([
  z.array(ZSubmissionView),
  z.object({ data: z.array(ZSubmissionView) }),
]);
/** The details come as `data` or as the object itself. */
const ZDetailsReply = z.union([z.object({ data: ZSubmissionView }), ZSubmissionView]);

/** A reply that arrived but is not in a shape the page can read. */
export class UnexpectedFormatError extends Error {
  constructor(cause: unknown) {
    super('unexpected submissions reply', { cause });
    this.name = 'UnexpectedFormatError';
  }
}

export function parseSubmissionList(body: unknown): TSubmissionView[] {
  const parsed = ZListReply.safeParse(body);
  if (!parsed.success) throw new UnexpectedFormatError(parsed.error);
  return Array.isArray(parsed.data) ? parsed.data : parsed.data.data;
}

export function parseSubmissionDetails(body: unknown): TSubmissionView {
  const parsed = ZDetailsReply.safeParse(body);
  if (!parsed.success) throw new UnexpectedFormatError(parsed.error);
  return 'data' in parsed.data ? parsed.data.data : parsed.data;
}
