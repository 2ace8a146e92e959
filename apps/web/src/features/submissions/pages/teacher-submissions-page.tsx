import {
  Button,
  Group,
  Paper,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch, IconUpload, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { usePageTitle } from '../../../components/use-page-title';
import { getStoredUser } from '../../../lib/session';
import { useTeacherSubmissions } from '../api/get-teacher-submissions';
import { SubmissionsLoadError } from '../components/submissions-load-error';
import { LoadError } from '../../../components/load-error';
import { SubmissionDrawer } from '../components/submission-drawer';
import { TeacherSubmissionCard } from '../components/teacher-submission-card';
import {
  applyListView,
  type TListView,
  type TSubmissionFilter,
  type TSubmissionSort,
} from '../submission-list';

const T = MESSAGES.submissionsPage;

const FILTERS: { value: TSubmissionFilter; label: string }[] = [
  { value: 'all', label: T.filterAll },
  { value: 'flagged', label: T.filterFlagged },
  { value: 'unflagged', label: T.filterUnflagged },
];
const SORTS: { value: TSubmissionSort; label: string }[] = [
  { value: 'recent', label: T.sortRecent },
  { value: 'oldest', label: T.sortOldest },
  { value: 'student', label: T.sortStudent },
  { value: 'class', label: T.sortClass },
  { value: 'score', label: T.sortScore },
];

/** The teacher dashboard sends `{ openSubmissionId }` to open one submission's details. */
function openIdFrom(state: unknown): string | null {
  if (state && typeof state === 'object' && 'openSubmissionId' in state) {
    const { openSubmissionId } = state;
    if (typeof openSubmissionId === 'string') return openSubmissionId;
  }
  return null;
}

/**
 * /submissions (spec 02 §2 Teacher and the shared list): the submissions to the teacher's classes
 * with search, a flag filter, five sorts and a details drawer.
 */
export default function TeacherSubmissionsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const userId = getStoredUser()?.userId;
  const query = useTeacherSubmissions(userId);
  const [view, setView] = useState<TListView>({ search: '', filter: 'all', sort: 'recent' });
  const [openId, setOpenId] = useState<string | null>(() => openIdFrom(location.state));
  usePageTitle(T.documentTitle);

  const all = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => applyListView(all, view), [all, view]);
  const opened = all.find((submission) => submission._id === openId) ?? null;

  const closeDrawer = () => {
    setOpenId(null);
    // A reload must not open the dashboard's submission again.
    if (openIdFrom(location.state)) navigate('.', { replace: true, state: null });
  };

  let body;
  if (!userId) {
    body = <LoadError message={MESSAGES.student.userNotFound} />;
  } else if (query.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={T.loading}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={130} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    body = (
      <SubmissionsLoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (all.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="md">
          <Text c="dimmed">{MESSAGES.submissions.noneFound}</Text>
          <Button
            component={Link}
            to="/classes"
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
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={T.searchLabel}
            placeholder={T.searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={view.search}
            onChange={(event) => {
              const search = event.currentTarget.value;
              setView((current) => ({ ...current, search }));
            }}
            type="search"
          />
          <NativeSelect
            label={T.filterLabel}
            data={FILTERS}
            value={view.filter}
            onChange={(event) => {
              const filter = event.currentTarget.value as TSubmissionFilter;
              setView((current) => ({ ...current, filter }));
            }}
          />
          <NativeSelect
            label={T.sortLabel}
            data={SORTS}
            value={view.sort}
            onChange={(event) => {
              const sort = event.currentTarget.value as TSubmissionSort;
              setView((current) => ({ ...current, sort }));
            }}
          />
        </SimpleGrid>
        {shown.length === 0 ? (
          <Paper withBorder p="xl" radius="md">
            <Text ta="center" c="dimmed" role="status">
              {T.noMatches}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {shown.map((submission) => (
              <li key={submission._id}>
                <TeacherSubmissionCard submission={submission} onOpen={setOpenId} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{MESSAGES.submissions.allTitle(all.length)}</Title>
        <Button
          component={Link}
          to="/upload-student-work"
          leftSection={<IconUpload size={18} aria-hidden />}
        >
          {T.uploadStudentWork}
        </Button>
      </Group>
      {body}
      <SubmissionDrawer submission={opened} onClose={closeDrawer} />
    </Stack>
  );
}
