import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ANALYTICS_MESSAGES } from '@stem/contract/analytics';
import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { isAnalyticsMissing } from '../api/get-analytics';

const T = ANALYTICS_MESSAGES;

/** Loading, not found, and failed states of an analytics query; null once it has data. */
export function AnalyticsQueryState({
  query,
  back,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  back: ReactNode;
}) {
  if (query.isPending) return <LoadingLine>{T.loading}</LoadingLine>;
  if (!query.isError) return null;
  if (isAnalyticsMissing(query.error)) {
    return (
      <Stack align="flex-start">
        <Title order={1}>{T.notFound}</Title>
        {back}
      </Stack>
    );
  }
  return (
    <LoadError
      message={T.loadFailed}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    >
      {back}
    </LoadError>
  );
}
