import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconSparkles } from '@tabler/icons-react';
import { MESSAGES } from '@stem/contract/messages';
import { describeError } from '../../../lib/http';
import { useMarkRest } from '../api/rubric-items';
import { rowState, type TOrderedRow } from '../marking-order';

const R = MESSAGES.rubricItems;

/**
 * "Test on a few first" (issue 27): the few answers the marker proposed (`answerIds`, the start of
 * its review order), each with whether the teacher has marked it; a click opens one, and the keys
 * mark them as any answer (N goes through them first). Then "Mark the rest with these examples"
 * sends every answer the teacher has not marked back to the marker, which learns from the marks.
 */
export function FewFirstPanel({
  scope,
  answerIds,
  rows,
  current,
  onOpen,
  onClose,
  setStatus,
}: {
  scope: { classId: string; questionId: string };
  answerIds: readonly string[];
  rows: readonly TOrderedRow[];
  /** The answer open now (its id), to show which of the few it is. */
  current: string | null;
  onOpen: (index: number) => void;
  onClose: () => void;
  setStatus: (status: string) => void;
}) {
  const markRest = useMarkRest(scope);
  const few = answerIds.flatMap((id) => {
    const index = rows.findIndex((r) => r.answer?._id === id);
    const row = rows[index];
    return row ? [{ id, index, row }] : [];
  });
  const marked = few.filter((f) => f.row.answer?.reviewedAt).length;
  const reviewed = rows.filter((r) => r.answer && r.answer.score !== null && r.answer.reviewedAt);
  const rest = rows.filter((r) => rowState(r.answer) === 'toReview').length;
  // Nobody has answered yet: nothing to propose and nothing to mark after (it said "Every marked
  // answer has been reviewed" beside a disabled button for a question with no answers).
  const answered = rows.some((r) => r.answer);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="few-first">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {R.fewFirst}
          </Title>
          <Button variant="subtle" size="xs" onClick={onClose}>
            {R.fewFirstClose}
          </Button>
        </Group>
        <Text size="sm">{R.fewFirstHint}</Text>
        {few.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="few-first-none">
            {answered ? R.fewFirstNone : R.fewFirstNoAnswers}
          </Text>
        ) : (
          <>
            <Text size="sm" fw={600} data-testid="few-first-progress">
              {R.fewFirstProgress(marked, few.length)}
            </Text>
            <Group gap="xs" wrap="wrap" component="ol" style={{ listStyle: 'none', padding: 0 }}>
              {few.map((f, n) => {
                const done = Boolean(f.row.answer?.reviewedAt);
                return (
                  <li key={f.id}>
                    <UnstyledButton
                      onClick={() => onOpen(f.index)}
                      aria-current={current === f.id ? 'true' : undefined}
                      data-testid="few-first-answer"
                    >
                      <Badge
                        variant={current === f.id ? 'filled' : 'light'}
                        color={done ? 'green' : 'blue'}
                        tt="none"
                        leftSection={
                          done ? <IconCheck size={12} aria-label={R.fewFirstMarked} /> : undefined
                        }
                      >
                        {R.fewFirstOpen(n + 1)}: {f.row.label}
                      </Badge>
                    </UnstyledButton>
                  </li>
                );
              })}
            </Group>
          </>
        )}
        {answered && (
          <Alert variant="light" color="blue" p="xs">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="xs">{R.markRestNote}</Text>
              {/* The label wraps: on a 390 px phone it ran past the card's edge and was cut off. */}
              <Button
                size="xs"
                maw="100%"
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                leftSection={<IconSparkles size={14} aria-hidden />}
                loading={markRest.isPending}
                disabled={reviewed.length === 0 || rest === 0}
                onClick={() =>
                  markRest.mutate(undefined, {
                    onSuccess: (data) => {
                      setStatus(R.markRestQueued(data.queued));
                      onClose();
                    },
                    onError: (error) => setStatus(`${R.failed} ${describeError(error)}`),
                  })
                }
                data-testid="few-first-mark-rest"
              >
                {R.markRest(rest)}
              </Button>
            </Group>
            {reviewed.length === 0 && (
              <Text size="xs" mt={4}>
                {R.markRestNeedsExamples}
              </Text>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
