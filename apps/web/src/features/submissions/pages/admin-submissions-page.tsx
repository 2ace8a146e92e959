import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ANALYTICS_PATHS } from '@stem/contract/analytics';
import { MESSAGES } from '@stem/contract/messages';
import { DownloadCsvButton } from '../../analytics/components/download-csv-button';
import { usePageTitle } from '../../../components/use-page-title';
import { LoadError } from '../../../components/load-error';
import { useSchoolSubmissions } from '../api/get-school-submissions';
import { SubmissionCardGrid } from '../components/submission-card-grid';
import { SubmissionDrawer } from '../components/submission-drawer';
import { SubmissionListControls } from '../components/submission-list-controls';
import { DEFAULT_LIST_VIEW, isNarrowed, type TListView } from '../submission-list';

const T = MESSAGES.submissionsPage;

/** A user's or a class's page sends `{ openSubmissionId }` to open one submission's details. */
function openIdFrom(state: unknown): string | null {
  if (state && typeof state === 'object' && 'openSubmissionId' in state) {
    const { openSubmissionId } = state;
    if (typeof openSubmissionId === 'string') return openSubmissionId;
  }
  return null;
}

/**
 * /all-submissions and /admin/submissions (spec 02 §2 Admin and the shared list): every submission
 * of the admin's school with search, a flag filter, five sorts and the details drawer. The server
 * searches, filters, sorts and counts; pages arrive as the list scrolls.
 */
export default function AdminSubmissionsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [view, setView] = useState<TListView>(DEFAULT_LIST_VIEW);
  const query = useSchoolSubmissions(view);
  const [openId, setOpenId] = useState<string | null>(() => openIdFrom(location.state));
  usePageTitle(T.documentTitle);
  const changeView = useCallback(
    (patch: Partial<TListView>) => setView((current) => ({ ...current, ...patch })),
    [],
  );

  const shown = query.items;
  const total = query.first?.page.total ?? 0;
  const opened = shown.find((submission) => submission._id === openId) ?? null;

  const closeDrawer = () => {
    setOpenId(null);
    // A reload must not open the dashboard's submission again.
    if (openIdFrom(location.state)) navigate('.', { replace: true, state: null });
  };

  let body;
  if (query.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={T.loading}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={130} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError && shown.length === 0) {
    body = (
      <LoadError
        message={MESSAGES.admin.submissionsFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (total === 0 && !isNarrowed(view)) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="md">
          <Text c="dimmed">{MESSAGES.submissions.noneFound}</Text>
          <Button
            component={Link}
            to="/all-classes"
            variant="light"
            leftSection={<IconUsersGroup size={18} aria-hidden />}
          >
            {T.viewClasses}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <>
        <SubmissionListControls view={view} onChange={changeView} />
        <SubmissionCardGrid
          submissions={shown}
          onOpen={setOpenId}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{MESSAGES.submissions.allTitle(total)}</Title>
        {total > 0 && (
          // Issue 29: the school-wide export, with each student's e-mail and id for a gradebook.
          <DownloadCsvButton
            path={ANALYTICS_PATHS.schoolSubmissionsExport}
            params={{
              sort: view.sort,
              flag: view.filter,
              ...(view.search.trim() ? { q: view.search.trim() } : {}),
            }}
          />
        )}
      </Group>
      {body}
      <SubmissionDrawer submissionId={openId} card={opened} onClose={closeDrawer} />
    </Stack>
  );
}
