import { z } from 'zod';
import { PAGE_SIZE_DEFAULT } from '@stem/contract/paging';
import { ZSubmissionSummary } from '@stem/contract/submissions';
import { api } from '../../../lib/http';
import { parsePage, type TPage } from '../../../lib/paged-list';
import type { TListView } from '../submission-list';
import { UnexpectedFormatError } from './submission-schema';

/** A list card's submission: the contract's summary (answers are loaded when the drawer opens). */
export const ZSubmissionCard = ZSubmissionSummary;
export type TSubmissionCard = z.infer<typeof ZSubmissionCard>;

export type TCounts = { flagged: number; unflagged: number; needsReview?: number | undefined };
const ZCounts = z.object({
  counts: z.object({
    flagged: z.number(),
    unflagged: z.number(),
    needsReview: z.number().optional(),
  }),
});

/** One page of a submissions list, searched, filtered and sorted by the server. */
export async function fetchSubmissionPage(
  path: string,
  view: TListView,
  cursor: string | undefined,
): Promise<TPage<TSubmissionCard, TCounts | null>> {
  const q = view.search.trim();
  const body = await api.get(path, {
    limit: PAGE_SIZE_DEFAULT,
    sort: view.sort,
    flag: view.filter,
    ...(q ? { q } : {}),
    ...(view.review === 'needed' ? { review: 'needed' } : {}),
    ...(cursor ? { cursor } : {}),
  });
  const page = parsePage(ZSubmissionCard, body);
  if (!page) throw new UnexpectedFormatError(body);
  const counts = ZCounts.safeParse(body);
  return { ...page, extra: counts.success ? counts.data.counts : null };
}
