import { Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { MOBILE_MAX_WIDTH } from '@stem/contract/limits';
import { Link } from 'react-router';
import { ANALYTICS_PATHS } from '@stem/contract/analytics';
import { MESSAGES } from '@stem/contract/messages';
import { DownloadCsvButton } from '../../analytics/components/download-csv-button';
import { usePageTitle } from '../../../components/use-page-title';
import { getStoredUser } from '../../../lib/session';
import { useTeacherSubmissions } from '../api/get-teacher-submissions';
import { SubmissionsLoadError } from '../components/submissions-load-error';
import { LoadError } from '../../../components/load-error';
import { SubmissionCardGrid } from '../components/submission-card-grid';
import { SubmissionDrawer } from '../components/submission-drawer';
import { ReviewQueue } from '../components/review-queue';
import { SubmissionListControls } from '../components/submission-list-controls';
import {
  exportParams,
  NoSubmissions,
  SubmissionListSkeleton,
  useSubmissionListPage,
} from '../components/submission-list-page';
import { isNarrowed } from '../submission-list';
import { useRegradeList } from '../../regrades/api/regrades';
import { RegradeRequestList } from '../../regrades/components/regrade-request-list';

const T = MESSAGES.submissionsPage;
const R = MESSAGES.review;

/**
 * /submissions (spec 02 §2 Teacher and the shared list): the submissions to the teacher's classes
 * with search, a flag filter, five sorts and a details drawer. The server searches, filters, sorts
 * and counts; pages arrive as the list scrolls.
 */
export default function TeacherSubmissionsPage() {
  const userId = getStoredUser()?.userId;
  const { view, changeView, openId, setOpenId, closeDrawer } = useSubmissionListPage();
  const query = useTeacherSubmissions(userId, view);
  // The re-mark requests tab (issue 27), beside All and Needs review.
  const [regrades, setRegrades] = useState(false);
  const regradeCount = useRegradeList(false, Boolean(userId)).data?.counts.open;
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`) ?? false;
  usePageTitle(T.documentTitle);

  const shown = query.items;
  const total = query.first?.page.total ?? 0;
  const inQueue = view.review === 'needed';
  const needsReview = query.first?.extra?.needsReview;
  const opened = shown.find((submission) => submission._id === openId) ?? null;

  let body;
  if (!userId) {
    body = <LoadError message={MESSAGES.student.userNotFound} />;
  } else if (query.isPending) {
    body = <SubmissionListSkeleton />;
  } else if (query.isError && shown.length === 0) {
    body = (
      <SubmissionsLoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (total === 0 && !isNarrowed(view)) {
    body = <NoSubmissions classesPath="/classes" />;
  } else if (regrades) {
    body = <RegradeRequestList onOpenSubmission={setOpenId} />;
  } else if (inQueue) {
    body = (
      <ReviewQueue
        ready={!query.isPlaceholderData}
        items={shown}
        total={needsReview ?? shown.length}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
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
        <Group gap="sm">
          {total > 0 && (
            <DownloadCsvButton
              path={ANALYTICS_PATHS.submissionsExport}
              params={exportParams(view)}
            />
          )}
          <Button
            component={Link}
            to="/upload-student-work"
            leftSection={<IconUpload size={18} aria-hidden />}
          >
            {T.uploadStudentWork}
          </Button>
        </Group>
      </Group>
      {userId && total > 0 && (
        <SegmentedControl
          aria-label={R.needsReview}
          value={regrades ? 'regrades' : inQueue ? 'needed' : 'all'}
          onChange={(value) => {
            setRegrades(value === 'regrades');
            if (value !== 'regrades') changeView({ review: value === 'needed' ? 'needed' : 'all' });
          }}
          data={[
            { value: 'all', label: R.needsReviewFilterAll },
            {
              value: 'needed',
              label: needsReview !== undefined ? R.needsReviewCount(needsReview) : R.needsReview,
            },
            {
              value: 'regrades',
              label:
                regradeCount !== undefined
                  ? MESSAGES.regrades.tabCount(regradeCount)
                  : MESSAGES.regrades.tab,
            },
          ]}
          // Three segments do not fit a phone's width side by side.
          orientation={isPhone ? 'vertical' : 'horizontal'}
          fullWidth={isPhone}
          style={{ alignSelf: isPhone ? 'stretch' : 'flex-start' }}
        />
      )}
      {body}
      <SubmissionDrawer submissionId={openId} card={opened} onClose={closeDrawer} />
    </Stack>
  );
}
