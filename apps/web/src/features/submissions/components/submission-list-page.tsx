import { Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { DEFAULT_LIST_VIEW, type TListView } from '../submission-list';

const T = MESSAGES.submissionsPage;

/** A dashboard, a user's or a class's page sends `{ openSubmissionId }` to open one's details. */
function openIdFrom(state: unknown): string | null {
  if (state && typeof state === 'object' && 'openSubmissionId' in state) {
    const { openSubmissionId } = state;
    if (typeof openSubmissionId === 'string') return openSubmissionId;
  }
  return null;
}

/**
 * What the teacher's and the admin's submission lists (spec 02 §2) both keep: the view asked of the
 * server (search, filter, sort) and the submission whose details drawer is open, opened from another
 * page's link when it sent one.
 */
export function useSubmissionListPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [view, setView] = useState<TListView>(DEFAULT_LIST_VIEW);
  const [openId, setOpenId] = useState<string | null>(() => openIdFrom(location.state));
  const changeView = useCallback(
    (patch: Partial<TListView>) => setView((current) => ({ ...current, ...patch })),
    [],
  );
  const closeDrawer = () => {
    setOpenId(null);
    // A reload must not open the dashboard's submission again.
    if (openIdFrom(location.state)) navigate('.', { replace: true, state: null });
  };
  return { view, changeView, openId, setOpenId, closeDrawer };
}

/** The CSV export's parameters for the list as it is shown (issue 29). */
export function exportParams(view: TListView): Record<string, string> {
  const q = view.search.trim();
  return { sort: view.sort, flag: view.filter, ...(q ? { q } : {}) };
}

/** Three cards' places while the first page loads. */
export function SubmissionListSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={T.loading}>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height={130} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** No submission yet (nothing narrowed): the way to the classes, where the work is set. */
export function NoSubmissions({ classesPath }: { classesPath: string }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="md">
        <Text c="dimmed">{MESSAGES.submissions.noneFound}</Text>
        <Button
          component={Link}
          to={classesPath}
          variant="light"
          leftSection={<IconUsersGroup size={18} aria-hidden />}
        >
          {T.viewClasses}
        </Button>
      </Stack>
    </Paper>
  );
}
