import { ActionIcon, Checkbox, Group, Stack } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { TQuestionOrder } from './use-question-order';

type TQuestion = { _id: string; question: string };

/**
 * Some of a class's questions to tick, each numbered as it will be printed or saved, with arrows to
 * move it (when the order matters: a booklet, a test).
 */
export function QuestionOrderList({
  label,
  order,
  movable,
  upLabel,
  downLabel,
  error,
}: {
  label: string;
  order: TQuestionOrder<TQuestion>;
  movable: boolean;
  upLabel: (n: number) => string;
  downLabel: (n: number) => string;
  error?: string | null;
}) {
  const { ordering, chosen, setChosen, numberOf, move } = order;
  return (
    <Checkbox.Group label={label} value={chosen} onChange={setChosen} error={error}>
      <Stack gap="xs" mt="xs">
        {ordering.map((q, i) => (
          <Group key={q._id} gap="xs" wrap="nowrap" align="flex-start">
            <Checkbox
              value={q._id}
              style={{ flex: 1, minWidth: 0 }}
              label={`${chosen.includes(q._id) ? `${numberOf(q._id)}. ` : ''}${q.question}`}
              styles={{ label: { overflowWrap: 'anywhere' } }}
            />
            {movable && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={upLabel(i + 1)}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={downLabel(i + 1)}
                  disabled={i === ordering.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
