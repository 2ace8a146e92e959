import { Group, Paper, ScrollArea, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { rowState, type TOrderedRow } from '../marking-order';
import { StateBadge } from './state-badge';

const C = MESSAGES.classMarking;

/** Every student of the class in the screen's order with their state; a click opens their answer. */
export function StudentList({
  rows,
  current,
  onSelect,
}: {
  rows: readonly TOrderedRow[];
  current: number;
  onSelect: (index: number) => void;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const viewport = useRef<HTMLDivElement | null>(null);
  // The list scrolls to the current student within itself, never the page: on a phone the list is
  // under the answer, and scrollIntoView took the teacher away from the answer at every step.
  useEffect(() => {
    const row = refs.current[current];
    const box = viewport.current;
    if (!row || !box) return;
    const top = row.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + row.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = top + row.offsetHeight - box.clientHeight;
  }, [current]);
  return (
    <Paper withBorder p="sm" radius="md" component="nav" aria-label={C.studentsHeading}>
      <Title order={2} size="h4" mb="xs">
        {C.studentsHeading}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {C.noStudents}
        </Text>
      ) : (
        <ScrollArea.Autosize
          mah={{ base: 320, lg: 'calc(100vh - 260px)' }}
          type="auto"
          viewportRef={viewport}
        >
          <ol
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            data-testid="class-marking-students"
          >
            {rows.map((row, index) => {
              const answer = row.answer;
              const selected = index === current;
              return (
                <li key={row.student._id}>
                  <UnstyledButton
                    ref={(node) => {
                      refs.current[index] = node;
                    }}
                    onClick={() => onSelect(index)}
                    aria-current={selected ? 'true' : undefined}
                    w="100%"
                    p={6}
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      background: selected ? 'var(--mantine-color-blue-light)' : undefined,
                    }}
                  >
                    {/* The name takes what the mark and state leave, and wraps rather than cut. */}
                    <Group
                      gap={6}
                      wrap="nowrap"
                      justify="space-between"
                      preventGrowOverflow={false}
                    >
                      <Text
                        size="sm"
                        fw={selected ? 700 : 400}
                        style={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}
                      >
                        {row.label}
                      </Text>
                      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                        {answer && answer.score !== null && (
                          <Text size="xs" c="dimmed">
                            {answer.score}/{answer.marks}
                          </Text>
                        )}
                        <StateBadge state={rowState(answer)} size="xs" />
                      </Group>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </ol>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
