import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { MESSAGES } from '@stem/contract/messages';
import { TrialLimitBanner } from '../../../components/trial-limit-banner';
import { useTrialLimit } from '../../../lib/trial-limit';
import { useTeacherClasses } from '../api/get-teacher-classes';
import { ClassCard } from '../components/class-card';
import { LinkButton } from '../../../components/link-button';
import { LoadMore } from '../../../components/paged-list/load-more';
import { usePageTitle } from '../use-page-title';

const T = MESSAGES.classesPage;

/**
 * /classes (spec 02 §2): the teacher's class cards, the count and Add New Class. The cards come a
 * page at a time from the server as the list scrolls; the count is the server's whole count.
 */
export default function ClassesPage() {
  usePageTitle(T.documentTitle);
  const query = useTeacherClasses();
  const trial = useTrialLimit('classes');
  const classes = query.data ? query.items : undefined;
  const count = query.first?.page.total ?? 0;
  const isLoading = !classes && query.isFetching;
  // Spec 02 §4: while the fetch is being retried the page says so.
  const isRetrying = isLoading && query.failureCount > 0;
  const hasFailed = query.isError && !query.isFetching;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{classes ? T.heading(count) : T.title}</Title>
        <LinkButton
          to="/create-class"
          disabled={trial.isLimitReached}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {T.addNewClass}
        </LinkButton>
      </Group>

      <TrialLimitBanner limit={trial} />

      {isLoading && (
        <LoadingLine>
          {T.loading}
          {isRetrying && ` ${MESSAGES.classes.retrying}`}
        </LoadingLine>
      )}

      {hasFailed && !classes && (
        <LoadError message={MESSAGES.classes.loadFailed} onRetry={() => void query.refetch()} />
      )}

      {classes && classes.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="md">
            <IconUsersGroup size={40} stroke={1.4} aria-hidden />
            <Text fw={600}>{MESSAGES.classes.empty}</Text>
            <LinkButton to="/create-class" disabled={trial.isLimitReached}>
              {T.createFirst}
            </LinkButton>
          </Stack>
        </Paper>
      )}

      {classes && classes.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {classes.map((cls) => (
              <ClassCard key={cls._id} cls={cls} />
            ))}
          </SimpleGrid>
          {query.isFetchNextPageError ? (
            <LoadError
              message={MESSAGES.classes.loadFailed}
              onRetry={() => void query.fetchNextPage()}
            />
          ) : (
            <LoadMore
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onMore={() => void query.fetchNextPage()}
            />
          )}
        </>
      )}
    </Stack>
  );
}
