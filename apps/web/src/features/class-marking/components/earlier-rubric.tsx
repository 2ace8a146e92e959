import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { TClassAnswer, TClassAnswerRow } from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';
import { describeError } from '../../../lib/http';
import { useRemark } from '../api/rubric-items';
import type { TRubricMarking } from './use-rubric-marking';

const R = MESSAGES.rubricItems;

/**
 * Above the answers: how many of the class's answers the marker marked under an earlier rubric
 * (not reviewed since), with one action that sends them to be marked again. Nothing when none.
 */
export function EarlierRubricNotice({
  scope,
  rows,
  setStatus,
}: {
  scope: { classId: string; questionId: string };
  rows: readonly TClassAnswerRow[];
  setStatus: (status: string) => void;
}) {
  const remark = useRemark(scope);
  const count = rows.filter((r) => r.answer?.earlierRubric).length;
  if (count === 0) return null;
  return (
    <Alert variant="light" color="yellow" data-testid="earlier-rubric-notice">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {R.earlierRubricCount(count)}
          </Text>
          <Text size="xs">{R.remarkNote}</Text>
        </Stack>
        <Button
          size="xs"
          variant="filled"
          color="yellow"
          loading={remark.isPending}
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() =>
            remark.mutate(undefined, {
              onSuccess: (data) => setStatus(R.remarkQueued(data.queued)),
              onError: (error) => setStatus(`${R.failed} ${describeError(error)}`),
            })
          }
        >
          {R.remark(count)}
        </Button>
      </Group>
    </Alert>
  );
}

/** Under the open answer: "Marked under an earlier rubric", and the rubric items applied to it. */
export function AnswerRubricLines({
  answer,
  rubric,
}: {
  answer: TClassAnswer | null;
  rubric: TRubricMarking;
}) {
  if (!answer) return null;
  const applied = rubric.items.filter((i) => rubric.appliedIds.includes(i._id));
  if (!answer.earlierRubric && applied.length === 0) return null;
  return (
    <Stack gap={6} data-testid="answer-rubric-lines">
      {answer.earlierRubric && (
        <Group gap="xs">
          <Badge color="yellow" variant="light" tt="none" data-testid="earlier-rubric-badge">
            {R.earlierRubric}
          </Badge>
          <Text size="xs" c="dimmed">
            {R.earlierRubricHint}
          </Text>
        </Group>
      )}
      {applied.length > 0 && (
        <Group gap="xs" wrap="wrap" aria-label={R.appliedHeading}>
          <Text size="sm" fw={600}>
            {R.appliedHeading}:
          </Text>
          {applied.map((item) => (
            <Badge
              key={item._id}
              variant="outline"
              tt="none"
              color={item.points < 0 ? 'red' : 'blue'}
            >
              {item.label} {R.points(item.points)}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
