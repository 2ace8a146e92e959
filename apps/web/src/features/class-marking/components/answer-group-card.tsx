import {
  Badge,
  Blockquote,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSplit,
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconDeviceFloppy,
  IconLayersUnion,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { TAnswerGroup, TGroupAnswer } from '@stem/contract/answer-groups';
import { MESSAGES } from '@stem/contract/messages';
import { typedMark } from '../marking-order';

const G = MESSAGES.answerGroups;

/** Another group, as the move and merge lists name it: its number and size. */
export type TGroupOption = { id: string; number: number; size: number };

/**
 * One group of similar answers: its size, the marker's suggested mark, how many are reviewed, and
 * its typical answer. The group shown (current) has its actions: a mark for the whole group (the
 * typed mark, or the suggestion), split into exact matches, merge another group in, and its answers
 * (each can be moved, or chosen and taken out together into a new group).
 */
export function AnswerGroupCard({
  group,
  number,
  marks,
  current,
  expanded,
  answers,
  labelOf,
  others,
  typed,
  busy,
  onSelect,
  onToggle,
  onType,
  onMark,
  onAccept,
  onSplit,
  onSplitChosen,
  onMove,
  onMerge,
}: {
  group: TAnswerGroup;
  number: number;
  marks: number;
  current: boolean;
  expanded: boolean;
  /** The group's answers in the screen's order (the typical one first). */
  answers: readonly TGroupAnswer[];
  labelOf: (studentId: string) => string;
  others: readonly TGroupOption[];
  typed: string;
  busy: boolean;
  onSelect: () => void;
  onToggle: () => void;
  onType: (typed: string) => void;
  onMark: () => void;
  onAccept: () => void;
  onSplit: () => void;
  onSplitChosen: (answerIds: string[]) => void;
  onMove: (answerId: string, toGroupId: string | null) => void;
  onMerge: (otherGroupId: string) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [mergeWith, setMergeWith] = useState('');
  const typical = answers[0];
  const valid = typedMark(typed, marks) !== null;
  const outOfRange = typed !== '' && !valid;
  const title = G.groupTitle(number);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      shadow={current ? 'sm' : undefined}
      style={current ? { borderColor: 'var(--mantine-color-blue-filled)', borderWidth: 2 } : {}}
      data-testid="answer-group"
      data-current={current ? 'true' : undefined}
      aria-current={current ? 'true' : undefined}
      aria-label={title}
      component="section"
      // A phone has no J/K: a tap anywhere in a group (its answer, "Show its answers") makes it
      // the group to mark, with its mark box and buttons; the heading is the button for keyboards.
      onClick={current ? undefined : onSelect}
    >
      <Stack gap="xs">
        <UnstyledButton onClick={onSelect}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{title}</Text>
            <Badge variant="light" tt="none" data-testid="answer-group-size">
              {G.size(group.size)}
            </Badge>
            <Badge variant="light" color="gray" tt="none">
              {group.texts === 1 ? G.exactCopies : G.texts(group.texts)}
            </Badge>
            <Badge variant="light" color="violet" tt="none" data-testid="answer-group-suggested">
              {G.suggested(group.suggestedScore, marks)}
            </Badge>
            {group.markedAs !== null ? (
              <Badge variant="light" color="green" tt="none" data-testid="answer-group-marked">
                {G.markedAs(group.markedAs, marks)}
              </Badge>
            ) : (
              <Badge variant="light" color="orange" tt="none">
                {G.reviewedOf(group.reviewed, group.size)}
              </Badge>
            )}
            {group.edited && (
              <Badge variant="outline" color="gray" tt="none">
                {G.edited}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        {typical && (
          <Blockquote
            p="xs"
            color="gray"
            cite={G.representative}
            data-testid="answer-group-preview"
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {typical.preview}
              {typical.truncated ? '…' : ''}
            </Text>
          </Blockquote>
        )}
        {current && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={G.markLabel(marks)}
              value={typed}
              onChange={(event) =>
                onType(event.currentTarget.value.replace(/[^0-9]/g, '').slice(0, 3))
              }
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  onMark();
                } else if (event.key === 'Escape') {
                  onType('');
                  event.currentTarget.blur();
                }
              }}
              inputMode="numeric"
              w={150}
              error={outOfRange ? MESSAGES.classMarking.typedOutOfRange(typed, marks) : undefined}
              data-testid="answer-group-mark-input"
            />
            <Button
              onClick={onMark}
              disabled={!valid || busy}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              {G.markGroup}
            </Button>
            <Button
              variant="light"
              color="green"
              onClick={onAccept}
              disabled={busy}
              aria-label={G.acceptLabel(group.suggestedScore, marks, group.size)}
              leftSection={<IconCheck size={16} aria-hidden />}
            >
              {G.acceptSuggested(group.suggestedScore, marks)}
            </Button>
          </Group>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            variant="subtle"
            size="xs"
            onClick={onToggle}
            aria-expanded={expanded}
            leftSection={
              expanded ? (
                <IconChevronUp size={14} aria-hidden />
              ) : (
                <IconChevronDown size={14} aria-hidden />
              )
            }
          >
            {expanded ? G.hideAnswers : G.showAnswers(group.size)}
          </Button>
          {current && group.texts > 1 && (
            <Button
              variant="default"
              size="xs"
              onClick={onSplit}
              disabled={busy}
              leftSection={<IconArrowsSplit size={14} aria-hidden />}
            >
              {G.split}
            </Button>
          )}
          {current && others.length > 0 && (
            <Group gap={4} align="flex-end" wrap="nowrap">
              <NativeSelect
                size="xs"
                aria-label={G.mergeLabel}
                value={mergeWith}
                onChange={(event) => setMergeWith(event.currentTarget.value)}
                data={[
                  { value: '', label: G.mergeWith },
                  ...others.map((o) => ({ value: o.id, label: G.moveToGroup(o.number, o.size) })),
                ]}
                data-testid="answer-group-merge-select"
              />
              <Button
                variant="default"
                size="xs"
                disabled={mergeWith === '' || busy}
                onClick={() => {
                  onMerge(mergeWith);
                  setMergeWith('');
                }}
                leftSection={<IconLayersUnion size={14} aria-hidden />}
              >
                {G.merge}
              </Button>
            </Group>
          )}
        </Group>
        {expanded && (
          <Stack gap={6} data-testid="answer-group-answers">
            {answers.map((a) => {
              const label = labelOf(a.student._id);
              return (
                <Paper key={a._id} withBorder p="xs" radius="sm">
                  <Group gap="xs" wrap="wrap" justify="space-between" align="flex-start">
                    <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px' }}>
                      {group.size > 1 && (
                        <Checkbox
                          aria-label={G.choose(label)}
                          checked={chosen.includes(a._id)}
                          onChange={(event) => {
                            const on = event.currentTarget.checked;
                            setChosen((c) => (on ? [...c, a._id] : c.filter((id) => id !== a._id)));
                          }}
                        />
                      )}
                      <Stack gap={2}>
                        <Group gap="xs">
                          <Text size="sm" fw={600}>
                            {label}
                          </Text>
                          <Text size="sm">{G.answerMark(a.score, marks)}</Text>
                          {a.reviewed && (
                            <Badge size="xs" variant="light" color="green" tt="none">
                              {G.answerReviewed}
                            </Badge>
                          )}
                        </Group>
                        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {a.preview}
                          {a.truncated ? '…' : ''}
                        </Text>
                      </Stack>
                    </Group>
                    <NativeSelect
                      size="xs"
                      aria-label={G.moveLabel(label)}
                      value=""
                      disabled={busy}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        if (value === 'out') onMove(a._id, null);
                        else if (value !== '') onMove(a._id, value);
                      }}
                      data={[
                        { value: '', label: G.moveTo },
                        ...(group.size > 1 ? [{ value: 'out', label: G.moveOut }] : []),
                        ...others.map((o) => ({
                          value: o.id,
                          label: G.moveToGroup(o.number, o.size),
                        })),
                      ]}
                    />
                  </Group>
                </Paper>
              );
            })}
            {chosen.length > 0 && chosen.length < group.size && (
              <Button
                variant="default"
                size="xs"
                disabled={busy}
                onClick={() => {
                  onSplitChosen(chosen);
                  setChosen([]);
                }}
                leftSection={<IconArrowsSplit size={14} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
              >
                {G.splitChosen(chosen.length)}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
