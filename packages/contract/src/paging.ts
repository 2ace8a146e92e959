import { z } from 'zod';

/**
 * One paging contract for every list that grows with use (submissions, questions, classes, and the
 * admin's and owner's lists). Pages are keyset pages: the server returns `nextCursor`, an opaque
 * string that names the last row sent in the list's order; the client sends it back as `cursor` to
 * get the rows after it. New rows arriving meanwhile never shift a page (no offset), so no row is
 * skipped or repeated. `total` counts the whole list, `matched` the rows the filters and search keep.
 */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const SEARCH_MAX_LENGTH = 100;

/** A cursor is base64url text; anything else is refused before it reaches a query. */
export const ZCursor = z
  .string()
  .max(512, { message: 'is not a valid cursor' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'is not a valid cursor' });

/** Query parameters every paged list accepts. Without `limit` a list sends its default page. */
export const ZPageQuery = z.object({
  cursor: ZCursor.optional(),
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: `must be from 1 to ${PAGE_SIZE_MAX}` })
    .max(PAGE_SIZE_MAX, { message: `must be from 1 to ${PAGE_SIZE_MAX}` })
    .optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** A search term: trimmed; an empty one is no search. */
export const ZSearchTerm = z
  .string()
  .max(SEARCH_MAX_LENGTH, { message: `must be at most ${SEARCH_MAX_LENGTH} characters` })
  .transform((s) => s.trim())
  .optional();

/** What a paged reply carries beside its rows. */
export const ZPageInfo = z.object({
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Rows in the whole list, before filters and search. */
  total: z.number().int(),
  /** Rows the current filters and search keep (equal to total without them). */
  matched: z.number().int(),
});
export type TPageInfo = z.infer<typeof ZPageInfo>;

/** `{ success, data: rows, page }`: the spec's `data` stays the list; paging sits beside it. */
export function pagedReply<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), page: ZPageInfo });
}
export type TPaged<T> = { success: true; data: T[]; page: TPageInfo };
