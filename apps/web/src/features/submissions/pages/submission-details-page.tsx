import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError, statusOf } from '../../../lib/http';
import { useSubmission } from '../api/get-submission';
import { UnexpectedFormatError, type TSubmissionView } from '../api/submission-schema';
import { AnswerReview } from '../components/answer-review';
import { LoadError } from '../../../components/load-error';
import { MarkingFailedNotice } from '../components/marking-failed-notice';
import { ScoreBadge } from '../components/score-badge';
import { studentClassName } from '../format';
import { formatSubmissionDate } from '../../../lib/dates';
import { useMarkOnce } from '../use-mark-once';
import { RegradeRequestPanel } from '../../regrades/components/regrade-request-panel';

const T = MESSAGES.submissionsPage;
const STATUS_COLOR = { pending: 'yellow', marked: 'green', failed: 'red' } as const;

/** The id comes from the address, or from navigation state (spec 02 §2). */
function idFrom(paramId: string | undefined, state: unknown): string | undefined {
  if (paramId) return paramId;
  if (state && typeof state === 'object' && 'submissionId' in state) {
    const { submissionId } = state;
    if (typeof submissionId === 'string' && submissionId) return submissionId;
  }
  return undefined;
}

function detailsErrorText(error: unknown): string {
  if (statusOf(error) === 404) return MESSAGES.submissions.notFound;
  if (error instanceof UnexpectedFormatError) {
    return MESSAGES.submissions.detailsFailed(MESSAGES.submissions.unexpectedFormat);
  }
  return MESSAGES.submissions.detailsFailed(describeError(error));
}

/**
 * /my-submissions/{id} and /submission/{id} (spec 02 §2 Student): when it was submitted, its
 * status and total, and each answer with its score and feedback. A pending submission is marked
 * on opening and the page updates itself when the marks arrive.
 */
export default function SubmissionDetailsPage() {
  const params = useParams();
  const location = useLocation();
  const id = idFrom(params.id, location.state);
  const query = useSubmission(id);
  useMarkOnce(query.data);
  usePageTitle(T.detailsDocumentTitle);

  let body;
  if (!id) {
    body = <LoadError message={MESSAGES.submissions.noId} />;
  } else if (query.isPending) {
    body = (
      <Stack gap="md" aria-busy="true" aria-label={T.loadingDetails}>
        <Skeleton height={90} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
    );
  } else if (query.isError) {
    const retriable = (statusOf(query.error) ?? 500) >= 500;
    body = (
      <LoadError
        message={detailsErrorText(query.error)}
        onRetry={retriable ? () => void query.refetch() : undefined}
        retrying={query.isFetching}
      />
    );
  } else {
    body = <Details submission={query.data} />;
  }

  return (
    <Stack gap="lg">
      <Group>
        <Button
          component={Link}
          to="/my-submissions"
          variant="subtle"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          px={0}
        >
          {T.backToSubmissions}
        </Button>
      </Group>
      <Title order={1}>{T.detailsHeading}</Title>
      {body}
    </Stack>
  );
}

function Details({ submission }: { submission: TSubmissionView }) {
  const { status } = submission;

  return (
    <>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {studentClassName(submission)}
          </Text>
          <Text size="sm" c="dimmed">
            {T.submittedOn(formatSubmissionDate(submission.submittedAt))}
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {T.status}
              </Text>
              <Group gap="xs">
                <Badge color={STATUS_COLOR[status]} variant="light" tt="none" size="lg">
                  {T.statusLabel[status]}
                </Badge>
                {status === 'pending' && <Loader size="xs" aria-hidden />}
              </Group>
            </Stack>
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {T.totalScore}
              </Text>
              <div data-testid="total-score">
                <ScoreBadge
                  status={status}
                  score={submission.totalScore}
                  outOf={submission.totalMarks}
                  held={submission.feedbackHeld}
                  releaseHeld={submission.releaseHeld}
                />
              </div>
            </Stack>
          </SimpleGrid>
          <div role="status" aria-live="polite">
            {status === 'pending' && (
              <Text size="sm" c="dimmed">
                {T.markingLive}
              </Text>
            )}
          </div>
        </Stack>
      </Paper>

      {status === 'failed' && (
        <MarkingFailedNotice submissionId={submission._id} reason={submission.failureReason} />
      )}

      <Stack gap="md">
        {submission.submissions.map((answer, index) => (
          <AnswerReview
            key={answer._id}
            answer={answer}
            index={index}
            status={status}
            submittedAt={submission.submittedAt}
            footer={
              status === 'marked' ? (
                <RegradeRequestPanel
                  submissionId={submission._id}
                  answerId={answer._id}
                  marks={answer.marks}
                />
              ) : null
            }
          />
        ))}
      </Stack>
    </>
  );
}
