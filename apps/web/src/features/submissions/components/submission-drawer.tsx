import { Badge, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { IconFlag } from '@tabler/icons-react';
import { MOBILE_MAX_WIDTH } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { useSubmissionDetails } from '../api/get-submission';
import type { TSubmissionView } from '../api/submission-schema';
import type { TSubmissionCard } from '../api/submission-pages';
import { studentName, teacherClassName } from '../format';
import { formatSubmissionDate } from '../../../lib/dates';
import { isFlagged } from '../submission-list';
import { AnswerReview } from './answer-review';
import { MarkingFailedNotice } from './marking-failed-notice';
import { SubmissionsLoadError } from './submissions-load-error';
import { ScoreBadge } from './score-badge';

const T = MESSAGES.submissionsPage;

/**
 * View Details (spec 02 §2 shared list): every question of the submission with its score, the
 * answer, the moderation result and the feedback. The list sends no answers: the drawer loads the
 * one submission when it opens (the card's own fields show meanwhile).
 */
export function SubmissionDrawer({
  submissionId,
  card,
  onClose,
  focusQuestionId = null,
}: {
  submissionId: string | null;
  /** The answer to this question is outlined and scrolled to (the analytics grid's cell). */
  focusQuestionId?: string | null;
  /** The list's card of this submission, if it is loaded. */
  card: TSubmissionCard | null;
  onClose: () => void;
}) {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const details = useSubmissionDetails(submissionId);
  const submission: TSubmissionView | TSubmissionCard | null =
    (details.data?._id === submissionId ? details.data : null) ?? card;
  const student = submission ? studentName(submission) : '';
  const answers = details.data?._id === submissionId ? details.data.submissions : null;
  const focusIndex =
    answers && focusQuestionId
      ? answers.findIndex((answer) => answer.questionId?._id === focusQuestionId)
      : -1;
  const focusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusIndex >= 0) focusRef.current?.scrollIntoView?.({ block: 'start' });
  }, [focusIndex, submissionId]);

  return (
    <Drawer
      opened={submissionId !== null}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : 'lg'}
      title={
        <Text fw={700} size="lg">
          {T.drawerTitle(student)}
        </Text>
      }
      closeButtonProps={{ 'aria-label': T.closeDrawer }}
    >
      {details.isError && !answers && (
        <SubmissionsLoadError
          error={details.error}
          onRetry={() => void details.refetch()}
          retrying={details.isFetching}
        />
      )}
      {submission && (
        <Stack gap="md" data-testid="submission-drawer">
          <Stack gap={4}>
            <Text style={{ overflowWrap: 'anywhere' }}>{teacherClassName(submission)}</Text>
            <Text size="sm" c="dimmed">
              {T.submittedOn(formatSubmissionDate(submission.submittedAt, { hour12: false }))}
            </Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {T.totalScore}
              </Text>
              <ScoreBadge
                status={submission.status}
                score={submission.totalScore}
                outOf={submission.totalMarks}
                held={submission.feedbackHeld}
              />
              {isFlagged(submission) && (
                <Badge
                  color="orange"
                  variant="filled"
                  tt="none"
                  leftSection={<IconFlag size={12} />}
                >
                  {T.flagged}
                </Badge>
              )}
            </Group>
          </Stack>
          {submission.status === 'failed' && (
            <MarkingFailedNotice submissionId={submission._id} reason={submission.failureReason} />
          )}
          {answers === null && !details.isError ? (
            <Stack gap="sm" aria-busy="true" aria-label={T.loadingDetails}>
              <Skeleton height={120} radius="md" />
              <Skeleton height={120} radius="md" />
            </Stack>
          ) : (
            (answers ?? []).map((answer, index) => (
              <div
                key={answer._id}
                ref={index === focusIndex ? focusRef : undefined}
                // Scrolled to, its heading stays clear of the drawer's own title bar.
                style={{ scrollMarginTop: 'calc(var(--mantine-spacing-xl) * 3)' }}
              >
                <AnswerReview
                  answer={answer}
                  index={index}
                  status={submission.status}
                  submittedAt={submission.submittedAt}
                  showModeration
                  focused={index === focusIndex}
                  review={{ submissionId: submission._id }}
                />
              </div>
            ))
          )}
        </Stack>
      )}
    </Drawer>
  );
}
