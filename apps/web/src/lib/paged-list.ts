import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { ZPageInfo, type TPageInfo } from '@stem/contract/paging';

/**
 * The web side of the paging contract (packages/contract/src/paging.ts): a page is its rows plus
 * `page` (nextCursor, total, matched). One hook for every paged list: TanStack Query's infinite
 * query keeps the pages, the next one is asked for with the last page's cursor.
 */
export type TPage<T, TExtra = unknown> = { items: T[]; page: TPageInfo; extra: TExtra };

/**
 * Reads a paged reply: `{ data: [...], page }`; a plain array, or `data` without `page`, is taken as
 * the whole list in one page (the spec's older shape).
 */
export function parsePage<T extends z.ZodType>(
  item: T,
  body: unknown,
): { items: z.infer<T>[]; page: TPageInfo } | null {
  const paged = z.object({ data: z.array(item), page: ZPageInfo }).safeParse(body);
  if (paged.success) return { items: paged.data.data, page: paged.data.page };
  const whole = z.union([z.array(item), z.object({ data: z.array(item) })]).safeParse(body);
  if (!whole.success) return null;
  const items = Array.isArray(whole.data) ? whole.data : whole.data.data;
  return { items, page: { nextCursor: null, total: items.length, matched: items.length } };
}

export function usePagedList<T, TExtra = unknown>(options: {
  queryKey: QueryKey;
  fetchPage: (cursor: string | undefined) => Promise<TPage<T, TExtra>>;
  enabled?: boolean;
  /** Asked for again this often (ms) while `refreshWhile` holds for a loaded row; false: never. */
  refetchEvery?: number;
  refreshWhile?: (item: T) => boolean;
  /** TanStack Query's retry rule and delay for a failed page (its defaults otherwise). */
  retry?: (failureCount: number, error: Error) => boolean;
  retryDelay?: number;
}) {
  const { refetchEvery, refreshWhile } = options;
  const query = useInfiniteQuery({
    queryKey: options.queryKey,
    queryFn: ({ pageParam }) => options.fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.page.nextCursor ?? undefined,
    enabled: options.enabled ?? true,
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.retryDelay !== undefined ? { retryDelay: options.retryDelay } : {}),
    // A new search or order keeps the old rows on screen until its first page arrives.
    placeholderData: (previous) => previous,
    refetchInterval: (q) =>
      refetchEvery && refreshWhile && q.state.data?.pages.some((p) => p.items.some(refreshWhile))
        ? refetchEvery
        : false,
  });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const first = query.data?.pages[0];
  return { ...query, items, first };
}

/**
 * Every page of a paged list, for the places that need the whole of a short list at once (a picker
 * of the teacher's classes): pages of the largest size, one after another.
 */
export async function fetchEveryPage<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; page: TPageInfo }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  // A bound, so that a server that kept sending a cursor could not keep the browser asking.
  for (let i = 0; i < 1000; i += 1) {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    if (!page.page.nextCursor) break;
    cursor = page.page.nextCursor;
  }
  return items;
}
