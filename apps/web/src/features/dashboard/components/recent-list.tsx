import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { MESSAGES } from '@stem/contract/messages';

/** Skeletons while loading, the empty text when there is nothing, else the cards. */
export function RecentList({
  loading,
  count,
  emptyText = MESSAGES.dashboard.noRecentSubmissions,
  children,
}: {
  loading: boolean;
  count: number;
  emptyText?: string;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={84} radius="md" />
        ))}
      </Stack>
    );
  }
  if (count === 0) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  }
  return <Stack gap="sm">{children}</Stack>;
}
