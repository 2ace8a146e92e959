import { Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { useAnsweringClass } from '../api/get-answering-class';

const L = MESSAGES.limits;

/** The answering screen for one question alone: a new attempt at it, nothing else of the class. */
export function tryAgainPath(classId: string, questionId: string): string {
  return `/start-submission/${classId}/${questionId}?retry=1`;
}

/**
 * "Try again" under one answered question of the result page (issue 26): a new attempt at that
 * question while attempts remain (how many is said beside it), or that none remain. Reads the
 * attempts from the student's class reply; shows nothing while it loads or if it fails, or when the
 * question is no longer in the class.
 */
export function TryAgain({
  classId,
  questionId,
  number,
}: {
  classId: string;
  questionId: string;
  /** The question's number on the page, for the button's name. */
  number: number;
}) {
  const query = useAnsweringClass(classId);
  const question = query.data?.questions.find((q) => q.id === questionId);
  if (!question || question.attemptLimit === undefined) return null;
  const left = question.attemptLimit - (question.attemptsUsed ?? 0);
  if (left <= 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="try-again">
        {L.noAttemptsLeft(question.attemptLimit)}
      </Text>
    );
  }
  return (
    <Group gap="sm" data-testid="try-again">
      <Button
        component={Link}
        to={tryAgainPath(classId, questionId)}
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} aria-hidden />}
        aria-label={L.tryAgainLabel(number)}
      >
        {L.tryAgain}
      </Button>
      <Text size="sm" c="dimmed">
        {L.attemptsLeft(left)}
      </Text>
    </Group>
  );
}
