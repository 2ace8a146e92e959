import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconDeviceFloppy,
  IconFileText,
  IconPlayerTrackNext,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { TClassAnswer } from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';
import { typedMark } from '../marking-order';

const C = MESSAGES.classMarking;

/**
 * The screen's actions as buttons (what a phone has instead of keys): previous, next, next to
 * review, the mark box with Save, Accept and Open original. The mark box holds what digit keys type.
 */
export function MarkBar({
  answer,
  typed,
  onType,
  onSave,
  onAccept,
  onPrevious,
  onNext,
  onNextToReview,
  onOpenOriginal,
  saving,
  status,
}: {
  answer: TClassAnswer | null;
  typed: string;
  onType: (typed: string) => void;
  onSave: () => void;
  onAccept: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onNextToReview: () => void;
  onOpenOriginal: () => void;
  saving: 'accept' | 'override' | null;
  /** The last save, or what was typed, in words (read out to screen readers). */
  status: string;
}) {
  const markable = answer !== null && answer.score !== null;
  const valid = markable && typedMark(typed, answer.marks) !== null;
  const outOfRange = markable && typed !== '' && !valid;
  // Typed with the digit keys, the status line below says it is refused: the box then only turns
  // red rather than say it a second time; typed in the box, the box says it.
  const refusal = outOfRange ? C.typedOutOfRange(typed, answer.marks) : null;
  // Digits typed with the keys land in the box: under a long answer it is below the fold, so it
  // comes into view to show what was typed (or that it is refused).
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (typed !== '') box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [typed]);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="class-marking-actions">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            size="xs"
            onClick={onPrevious}
            leftSection={<IconChevronLeft size={14} aria-hidden />}
          >
            {C.previous}
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={onNext}
            rightSection={<IconChevronRight size={14} aria-hidden />}
          >
            {C.next}
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={onNextToReview}
            rightSection={<IconPlayerTrackNext size={14} aria-hidden />}
          >
            {C.nextToReview}
          </Button>
        </Group>
        {markable && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              ref={box}
              label={C.markLabel(answer.marks)}
              value={typed}
              onChange={(event) =>
                onType(event.currentTarget.value.replace(/[^0-9]/g, '').slice(0, 3))
              }
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  onSave();
                } else if (event.key === 'Escape') {
                  onType('');
                  event.currentTarget.blur();
                }
              }}
              inputMode="numeric"
              w={110}
              error={refusal === null ? undefined : refusal === status || refusal}
              data-testid="class-marking-mark-input"
            />
            <Button
              onClick={onSave}
              disabled={!valid}
              loading={saving === 'override'}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              {C.save}
            </Button>
            <Button
              variant="light"
              color="green"
              onClick={onAccept}
              loading={saving === 'accept'}
              aria-label={
                answer.score !== null ? C.acceptLabel(answer.score, answer.marks) : undefined
              }
              leftSection={<IconCheck size={16} aria-hidden />}
            >
              {C.accept}
            </Button>
          </Group>
        )}
        <Group gap="xs" justify="space-between" wrap="wrap">
          {answer && (
            <Button
              variant="subtle"
              size="xs"
              onClick={onOpenOriginal}
              leftSection={<IconFileText size={14} aria-hidden />}
            >
              {C.openOriginal}
            </Button>
          )}
          <Text size="sm" role="status" aria-live="polite" data-testid="class-marking-status">
            {status}
          </Text>
        </Group>
        {/* Keyboard first: the keys in one line where there is a keyboard. */}
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {C.keysHint}
        </Text>
      </Stack>
    </Paper>
  );
}
