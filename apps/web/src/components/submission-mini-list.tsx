import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ZSubmissionListResponse, type TSubmissionSummary } from '@stem/contract/submissions';
import { MESSAGES } from '@stem/contract/messages';
import { PAGE_SIZE_DEFAULT } from '@stem/contract/paging';
import { api } from '../lib/http';
import { formatSubmissionDate } from '../lib/dates';
import { usePagedList } from '../lib/paged-list';
import { LoadError } from './load-error';
import { LoadingLine } from './loading-line';
import { LoadMore } from './paged-list/load-more';

const S = MESSAGES.submissionsPage;

function score(s: TSubmissionSummary): string {
  if (s.status === 'pending') return MESSAGES.dashboard.scorePending;
  if (s.status === 'failed') return S.statusLabel.failed;
  return `${s.totalScore ?? 0}/${s.totalMarks}`;
}

/**
 * A compact, paged list of submissions from one of the shared list's endpoints (a person's, or one
 * student's work in a class), newest first. Each row opens the full list with its details drawer
 * (`listPath` reads `openSubmissionId` from the navigation state).
 */
export function SubmissionMiniList({
  path,
  queryKey,
  listPath,
  emptyText,
}: {
  path: string;
  queryKey: readonly unknown[];
  listPath: string;
  emptyText: string;
}) {
  const query = usePagedList<TSubmissionSummary>({
    queryKey: ['submission-mini-list', ...queryKey],
    fetchPage: async (cursor) => {
      const reply = ZSubmissionListResponse.parse(
        await api.get(path, { limit: PAGE_SIZE_DEFAULT, ...(cursor ? { cursor } : {}) }),
      );
      return { items: reply.data, page: reply.page, extra: null };
    },
  });
  if (query.isPending) return <LoadingLine>{S.loading}</LoadingLine>;
  if (query.isError && query.items.length === 0) {
    return (
      <LoadError
        message={MESSAGES.admin.submissionsFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.items.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <Stack gap="xs">
      {query.items.map((s) => (
        <Paper key={s.id} withBorder p="sm" radius="md" data-testid="mini-submission">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {s.class ?? MESSAGES.dashboard.unknownClass} ·{' '}
                {s.student?.name ?? MESSAGES.dashboard.unknownStudent}
              </Text>
              <Text size="xs" c="dimmed">
                {formatSubmissionDate(s.submittedAt, { hour12: false })}
              </Text>
            </Stack>
            <Group gap="xs">
              {s.isFlagged && (
                <Badge color="red" variant="light">
                  {S.flagged}
                </Badge>
              )}
              <Badge variant="light">{score(s)}</Badge>
              <Anchor component={Link} to={listPath} state={{ openSubmissionId: s.id }} size="sm">
                {S.viewDetails}
              </Anchor>
            </Group>
          </Group>
        </Paper>
      ))}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
    </Stack>
  );
}
