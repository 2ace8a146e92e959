import { Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import type { TSubmissionCard } from '../api/submission-pages';
import { studentClassName } from '../format';
import { formatSubmissionDate } from '../../../lib/dates';
import classes from '../../../components/cards.module.css';
import { ScoreBadge } from './score-badge';

/**
 * One of the student's submissions: class, date and time, which attempt it was ('Attempt 2 of 3'),
 * and the score; opens its details.
 */
export function StudentSubmissionCard({ submission }: { submission: TSubmissionCard }) {
  return (
    <Card
      component={Link}
      to={`/my-submissions/${submission._id}`}
      withBorder
      padding="md"
      radius="md"
      className={classes.cardLink}
      data-testid="submission-card"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {studentClassName(submission)}
          </Text>
          <Text size="sm" c="dimmed">
            <time dateTime={submission.submittedAt}>
              {formatSubmissionDate(submission.submittedAt)}
            </time>
          </Text>
          {submission.attempts && (
            <Text size="sm" c="dimmed" data-testid="submission-attempt">
              {MESSAGES.limits.attemptOf(
                submission.attempts.from,
                submission.attempts.to,
                submission.attempts.limit,
              )}
            </Text>
          )}
        </Stack>
        <ScoreBadge
          status={submission.status}
          score={submission.totalScore}
          outOf={submission.totalMarks}
          held={submission.feedbackHeld}
          releaseHeld={submission.releaseHeld}
        />
      </Group>
    </Card>
  );
}
