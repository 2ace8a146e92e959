import { Button, Center, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { MESSAGES } from '@stem/contract/messages';

const T = MESSAGES.submissionsPage;

/**
 * The foot of a paged list: when it scrolls near the viewport the next page is asked for (infinite
 * scroll); where the browser has no IntersectionObserver a Show more button does the same.
 */
export function LoadMore({
  hasMore,
  loading,
  onMore,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  const ref = useRef<HTMLDivElement | null>(null);
  const canObserve = typeof IntersectionObserver !== 'undefined';
  const latest = useRef({ hasMore, loading, onMore });
  latest.current = { hasMore, loading, onMore };

  useEffect(() => {
    const node = ref.current;
    if (!canObserve || !node) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, onMore: next } = latest.current;
        if (entries.some((e) => e.isIntersecting) && more && !busy) next();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canObserve, hasMore, loading]);

  if (!hasMore) return null;
  return (
    <Center ref={ref} py="md" data-testid="load-more">
      {loading ? (
        <Loader size="sm" aria-label={T.loadingMore} />
      ) : canObserve ? (
        <Text size="sm" c="dimmed">
          {T.loadingMore}
        </Text>
      ) : (
        <Button variant="light" onClick={onMore}>
          {T.showMore}
        </Button>
      )}
    </Center>
  );
}
