import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { TRecentSubmission } from '@stem/contract/dashboard';
import { MESSAGES } from '@stem/contract/messages';
import { Link } from 'react-router';
import { formatSubmissionDate } from '../../../lib/dates';
import classes from '../../../components/cards.module.css';
import { scoreColor } from '../../submissions/components/score-badge';
import { submissionScoreText } from '../submission-score';

type TRecentSubmissionCardProps = {
  submission: TRecentSubmission;
  to: string;
  /** Navigation state for the page the card opens (the teacher's list opens this submission). */
  state?: unknown;
  showStudent: boolean;
  /** The student's own lists use the 12-hour clock; the teacher's cards the 24-hour one. */
  hour12: boolean;
};

/** One recent submission: class, student, date and time as its submission list writes it, and the score. */
export function RecentSubmissionCard({
  submission,
  to,
  state,
  showStudent,
  hour12,
}: TRecentSubmissionCardProps) {
  const score = submissionScoreText(submission);
  const marked = submission.status === 'marked' && submission.totalScore !== null;
  const held = submission.feedbackHeld === true && submission.totalScore === null;
  return (
    <Card
      component={Link}
      to={to}
      state={state}
      withBorder
      padding="md"
      className={classes.cardLink}
      data-testid="recent-submission"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {submission.className ?? MESSAGES.dashboard.unknownClass}
          </Text>
          {showStudent && (
            <Text size="sm" truncate="end">
              {submission.studentName ?? MESSAGES.dashboard.unknownStudent}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            <time dateTime={submission.submittedAt}>
              {formatSubmissionDate(submission.submittedAt, { hour12 })}
            </time>
          </Text>
        </Stack>
        <Badge
          size="lg"
          tt="none"
          variant="light"
          color={
            marked
              ? scoreColor(submission.totalScore ?? 0, submission.totalMarks)
              : held
                ? 'indigo'
                : submission.status === 'pending'
                  ? 'yellow'
                  : 'gray'
          }
          style={{ flexShrink: 0 }}
        >
          {score}
        </Badge>
      </Group>
    </Card>
  );
}
