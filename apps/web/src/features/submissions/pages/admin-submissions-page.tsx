import { Group, Stack, Title } from '@mantine/core';
import { ANALYTICS_PATHS } from '@stem/contract/analytics';
import { MESSAGES } from '@stem/contract/messages';
import { DownloadCsvButton } from '../../analytics/components/download-csv-button';
import { usePageTitle } from '../../../components/use-page-title';
import { LoadError } from '../../../components/load-error';
import { useSchoolSubmissions } from '../api/get-school-submissions';
import { SubmissionCardGrid } from '../components/submission-card-grid';
import { SubmissionDrawer } from '../components/submission-drawer';
import { SubmissionListControls } from '../components/submission-list-controls';
import {
  exportParams,
  NoSubmissions,
  SubmissionListSkeleton,
  useSubmissionListPage,
} from '../components/submission-list-page';
import { isNarrowed } from '../submission-list';

/**
 * /all-submissions and /admin/submissions (spec 02 §2 Admin and the shared list): every submission
 * of the admin's school with search, a flag filter, five sorts and the details drawer. The server
 * searches, filters, sorts and counts; pages arrive as the list scrolls.
 */
export default function AdminSubmissionsPage() {
  const { view, changeView, openId, setOpenId, closeDrawer } = useSubmissionListPage();
  const query = useSchoolSubmissions(view);
  usePageTitle(MESSAGES.submissionsPage.documentTitle);

  const shown = query.items;
  const total = query.first?.page.total ?? 0;
  const opened = shown.find((submission) => submission._id === openId) ?? null;

  let body;
  if (query.isPending) {
    body = <SubmissionListSkeleton />;
  } else if (query.isError && shown.length === 0) {
    body = (
      <LoadError
        message={MESSAGES.admin.submissionsFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (total === 0 && !isNarrowed(view)) {
    body = <NoSubmissions classesPath="/all-classes" />;
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
            params={exportParams(view)}
          />
        )}
      </Group>
      {body}
      <SubmissionDrawer submissionId={openId} card={opened} onClose={closeDrawer} />
    </Stack>
  );
}
