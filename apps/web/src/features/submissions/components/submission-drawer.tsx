import { Badge, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import { MOBILE_MAX_WIDTH } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TSubmissionView } from '../api/submission-schema';
import { formatSubmissionDate, studentName, teacherClassName } from '../format';
import { isFlagged } from '../submission-list';
import { AnswerReview } from './answer-review';
import { MarkingFailedNotice } from './marking-failed-notice';
import { ScoreBadge } from './score-badge';

const T = MESSAGES.submissionsPage;

/**
 * View Details (spec 02 §2 shared list): every question of the submission with its score, the
 * answer, the moderation result and the feedback.
 */
export function SubmissionDrawer({
  submission,
  onClose,
}: {
  submission: TSubmissionView | null;
  onClose: () => void;
}) {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const student = submission ? studentName(submission) : '';

  return (
    <Drawer
      opened={submission !== null}
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
          {submission.submissions.map((answer, index) => (
            <AnswerReview
              key={answer._id}
              answer={answer}
              index={index}
              status={submission.status}
              showModeration
            />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
