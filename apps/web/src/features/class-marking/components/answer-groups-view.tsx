import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconKeyboard, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TAnswerGroup } from '@stem/contract/answer-groups';
import { MESSAGES } from '@stem/contract/messages';
import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { describeError } from '../../../lib/http';
import {
  useAnswerGroups,
  useEditGroups,
  useMarkGroup,
  type TGroupEdit,
  type TGroupMark,
} from '../api/answer-groups';
import { typedMark } from '../marking-order';
import { useGroupKeys } from '../use-group-keys';
import { AnswerGroupCard } from './answer-group-card';
import { KeysModal } from './keys-modal';

const G = MESSAGES.answerGroups;
const C = MESSAGES.classMarking;

/**
 * The marking screen's "Answer groups" view (issue 27): the class's marked answers in groups of
 * similar answers, largest first, each with the marker's suggested mark. The teacher marks the group
 * shown at once (digits then Enter, or A for the suggestion), moves between groups with J/K, opens a
 * group's answers with E and splits it with S; a phone has buttons for the same. Students are called
 * as the screen calls them (`labelOf`: the server's "Student n" in anonymous mode, when the groups
 * are read anonymous too) and listed in its order.
 */
export function AnswerGroupsView({
  classId,
  questionId,
  anonymous,
  labelOf,
  orderOf,
  keysEnabled,
}: {
  classId: string;
  questionId: string;
  /** Read the groups anonymous (the server's pseudonyms, as the screen's answers). */
  anonymous: boolean;
  labelOf: (studentId: string) => string;
  orderOf: (studentId: string) => number;
  /** The page lets the view have the keys (no dialog of its own open). */
  keysEnabled: boolean;
}) {
  const query = useAnswerGroups(classId, questionId, { enabled: true, anonymous });
  const marking = useMarkGroup(classId, questionId);
  const editing = useEditGroups(classId, questionId, anonymous);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState('');
  const [helpOpen, setHelpOpen] = useState(false);
  const cards = useRef(new Map<string, HTMLDivElement | null>());

  const groups = useMemo(() => query.data?.groups ?? [], [query.data]);
  const found = groups.findIndex((g) => g._id === currentId);
  const index = found >= 0 ? found : 0;
  const group = groups[index] ?? null;
  const marks = query.data?.question.marks ?? 0;
  const busy = marking.isPending || editing.isPending;

  useEffect(() => {
    if (group) cards.current.get(group._id)?.scrollIntoView?.({ block: 'nearest' });
  }, [group]);

  const answersOf = (g: TAnswerGroup) =>
    [...g.answers].sort((a, b) => orderOf(a.student._id) - orderOf(b.student._id));

  const goTo = (next: number) => {
    const target = groups[Math.min(groups.length - 1, Math.max(0, next))];
    if (!target) return;
    setCurrentId(target._id);
    setTyped('');
  };

  const mark = (g: TAnswerGroup | null, change: TGroupMark) => {
    if (!g || busy) return;
    const at = groups.indexOf(g);
    marking.mutate(
      { groupId: g._id, mark: change },
      {
        // The groups were read again before this runs (the mutation's invalidation is awaited).
        onSuccess: (result) => {
          setStatus(G.groupMarked(result.score, marks, result.marked, result.changed));
          setTyped('');
          // On to the next group (the order stays: it is by size).
          goTo(at + 1);
        },
        onError: (error) => setStatus(`${G.markFailed} ${describeError(error)}`),
      },
    );
  };
  const markTyped = () => {
    if (!group) return;
    const score = typedMark(typed, marks);
    if (score === null) {
      if (typed) setStatus(C.typedOutOfRange(typed, marks));
      return;
    }
    mark(group, { kind: 'mark', score });
  };
  const edit = (change: TGroupEdit) => {
    if (busy) return;
    editing.mutate(change, {
      onSuccess: () => setStatus(change.kind === 'reset' ? G.resetDone : G.editDone),
      onError: (error) => setStatus(`${G.editFailed} ${describeError(error)}`),
    });
  };
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  useGroupKeys(
    {
      next: () => goTo(index + 1),
      previous: () => goTo(index - 1),
      accept: () => mark(group, { kind: 'accept' }),
      digit: (digit) => {
        if (!group) return;
        const next = (typed + digit).slice(-3);
        setTyped(next);
        setStatus(typedMark(next, marks) === null ? C.typedOutOfRange(next, marks) : C.typed(next));
      },
      backspace: () => setTyped((t) => t.slice(0, -1)),
      enter: markTyped,
      escape: () => {
        setTyped('');
        setStatus('');
      },
      toggle: () => {
        if (group) toggle(group._id);
      },
      split: () => {
        if (group && group.texts > 1) edit({ kind: 'split', groupId: group._id, body: {} });
      },
      help: () => setHelpOpen(true),
      hasTyped: () => typed !== '',
    },
    keysEnabled && query.isSuccess && !helpOpen,
  );

  if (query.isPending) return <LoadingLine>{G.loading}</LoadingLine>;
  if (query.isError) {
    return (
      <LoadError
        message={G.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const data = query.data;
  const numbered = groups.map((g, i) => ({ id: g._id, number: i + 1, size: g.size }));
  return (
    <Stack gap="sm" data-testid="answer-groups">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" fw={600} data-testid="answer-groups-summary">
          {G.summary(groups.length, data.counts.marked)}
        </Text>
        <Group gap="xs">
          {data.edited && (
            <Button
              variant="default"
              size="xs"
              disabled={busy}
              onClick={() => edit({ kind: 'reset' })}
              leftSection={<IconRefresh size={14} aria-hidden />}
            >
              {G.reset}
            </Button>
          )}
          <Button
            variant="default"
            size="xs"
            onClick={() => setHelpOpen(true)}
            leftSection={<IconKeyboard size={14} aria-hidden />}
            aria-keyshortcuts="?"
            visibleFrom="sm"
          >
            {C.keysButton}
          </Button>
        </Group>
      </Group>
      <Text size="sm" role="status" aria-live="polite" data-testid="answer-groups-status">
        {status}
      </Text>
      {groups.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="dimmed">
            {G.none}
          </Text>
        </Paper>
      ) : (
        groups.map((g, i) => (
          <div
            key={g._id}
            ref={(node) => {
              cards.current.set(g._id, node);
            }}
          >
            <AnswerGroupCard
              group={g}
              number={i + 1}
              marks={marks}
              current={i === index}
              expanded={expanded.has(g._id)}
              answers={answersOf(g)}
              labelOf={labelOf}
              others={numbered.filter((o) => o.id !== g._id)}
              typed={i === index ? typed : ''}
              busy={busy}
              onSelect={() => goTo(i)}
              onToggle={() => toggle(g._id)}
              onType={setTyped}
              onMark={markTyped}
              onAccept={() => mark(g, { kind: 'accept' })}
              onSplit={() => edit({ kind: 'split', groupId: g._id, body: {} })}
              onSplitChosen={(answerIds) =>
                edit({ kind: 'split', groupId: g._id, body: { answerIds } })
              }
              onMove={(answerId, toGroupId) =>
                edit({ kind: 'move', body: { answerId, toGroupId } })
              }
              onMerge={(other) => edit({ kind: 'merge', groupId: g._id, body: { groupId: other } })}
            />
          </div>
        ))
      )}
      <Text size="xs" c="dimmed" visibleFrom="sm">
        {G.keysHint}
      </Text>
      <KeysModal
        opened={helpOpen}
        onClose={() => setHelpOpen(false)}
        title={G.keysTitle}
        lines={G.keys}
        testId="answer-groups-keys"
      />
    </Stack>
  );
}
