import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconEye, IconFlag } from '@tabler/icons-react';
import { MESSAGES } from '@stem/contract/messages';
import type { TSubmissionCard } from '../api/submission-pages';
import { studentName, teacherClassName } from '../format';
import { formatSubmissionDate } from '../../../lib/dates';
import { isFlagged } from '../submission-list';
import { ScoreBadge } from './score-badge';

const T = MESSAGES.submissionsPage;

/** One submission in the teacher's list: student, class, 24-hour date and time, score, flag. */
export function TeacherSubmissionCard({
  submission,
  onOpen,
}: {
  submission: TSubmissionCard;
  onOpen: (id: string) => void;
}) {
  const student = studentName(submission);
  const date = formatSubmissionDate(submission.submittedAt, { hour12: false });
  return (
    <Card withBorder padding="md" radius="md" data-testid="teacher-submission-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {student}
            </Text>
            <Text size="sm" truncate="end">
              {teacherClassName(submission)}
            </Text>
            <Text size="sm" c="dimmed">
              <time dateTime={submission.submittedAt}>{date}</time>
            </Text>
          </Stack>
          <ScoreBadge
            status={submission.status}
            score={submission.totalScore}
            outOf={submission.totalMarks}
          />
        </Group>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {isFlagged(submission) && (
              <Badge color="orange" variant="filled" tt="none" leftSection={<IconFlag size={12} />}>
                {T.flagged}
              </Badge>
            )}
            {submission.source === 'teacher_upload' && (
              <Badge color="gray" variant="light" tt="none">
                {T.uploadedByTeacher}
              </Badge>
            )}
          </Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEye size={14} aria-hidden />}
            onClick={() => onOpen(submission._id)}
            aria-label={T.viewDetailsLabel(student, date)}
          >
            {T.viewDetails}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
