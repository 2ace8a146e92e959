import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { LoadMore } from '../../../components/paged-list/load-more';
import { usePageTitle } from '../../../components/use-page-title';
import { useMySubmissions } from '../api/get-my-submissions';
import { SubmissionListControls } from '../components/submission-list-controls';
import { SubmissionsLoadError } from '../components/submissions-load-error';
import { StudentSubmissionCard } from '../components/student-submission-card';
import { DEFAULT_LIST_VIEW, isNarrowed, type TListView } from '../submission-list';

const T = MESSAGES.submissionsPage;

/**
 * /my-submissions (spec 02 §2 Student, with the shared list's search and sorts, less the teacher's
 * flag filter and Student Name order: docs/deviations.md): the student's submissions, newest first
 * by default, paged by the server as the list scrolls, each saying which attempt it was.
 */
export default function MySubmissionsPage() {
  const [view, setView] = useState<TListView>(DEFAULT_LIST_VIEW);
  const query = useMySubmissions(view);
  usePageTitle(T.myDocumentTitle);
  const changeView = useCallback(
    (patch: Partial<TListView>) => setView((current) => ({ ...current, ...patch })),
    [],
  );
  const shown = query.items;
  const total = query.first?.page.total ?? 0;

  let body;
  if (query.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={T.loading}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={76} radius="md" />
        ))}
      </Stack>
    );
  } else if (query.isError && shown.length === 0) {
    body = (
      <SubmissionsLoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (total === 0 && !isNarrowed(view)) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center" c="dimmed">
          {MESSAGES.submissions.empty}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <>
        <SubmissionListControls
          view={view}
          onChange={changeView}
          searchPlaceholder={T.mySearchPlaceholder}
          forStudent
        />
        {shown.length === 0 ? (
          <Paper withBorder p="xl" radius="md">
            <Text ta="center" c="dimmed" role="status">
              {T.noMatches}
            </Text>
          </Paper>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((submission) => (
              <li key={submission._id}>
                <StudentSubmissionCard submission={submission} />
              </li>
            ))}
          </Stack>
        )}
        <LoadMore
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{T.myHeading}</Title>
      {body}
    </Stack>
  );
}
