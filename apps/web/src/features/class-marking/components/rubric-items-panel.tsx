import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Kbd,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { MAX_RUBRIC_ITEM_LABEL, type TRubricItem } from '@stem/contract/rubric-items';
import { describeError } from '../../../lib/http';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { useChangeItem, type TItemChange } from '../api/rubric-items';
import type { TRubricMarking } from './use-rubric-marking';

const R = MESSAGES.rubricItems;

/** The item form: a label and whole points within ± the question's marks. */
function ItemForm({
  initial,
  marks,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: { label: string; points: number } | null;
  marks: number;
  busy: boolean;
  onSubmit: (values: { label: string; points: number }) => void;
  onCancel?: () => void;
}) {
  const [label, setLabel] = useState(initial?.label ?? '');
  // The form takes the place of the button that opened it: the cursor goes to its first field, not
  // to the page (where digits would toggle the open answer's items).
  const labelField = useRef<HTMLInputElement>(null);
  useEffect(() => labelField.current?.focus(), []);
  const [points, setPoints] = useState<number | string>(initial?.points ?? 1);
  const numeric = typeof points === 'number' ? points : Number(points);
  const valid =
    label.trim() !== '' && Number.isInteger(numeric) && Math.abs(numeric) <= marks && points !== '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onSubmit({ label: label.trim(), points: numeric });
      }}
      data-testid="rubric-item-form"
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          ref={labelField}
          label={R.labelField}
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          maxLength={MAX_RUBRIC_ITEM_LABEL}
          style={{ flex: '1 1 160px' }}
          data-testid="rubric-item-label"
        />
        <NumberInput
          label={R.pointsField}
          value={points}
          onChange={setPoints}
          min={-marks}
          max={marks}
          allowDecimal={false}
          w={90}
          data-testid="rubric-item-points"
        />
        <Button type="submit" size="xs" disabled={!valid} loading={busy}>
          {initial ? R.save : R.add}
        </Button>
        {onCancel && (
          <Button size="xs" variant="subtle" onClick={onCancel}>
            {R.cancel}
          </Button>
        )}
      </Group>
    </form>
  );
}

function ItemRow({
  item,
  applied,
  suggested,
  canToggle,
  canEdit,
  first,
  last,
  onToggle,
  onEdit,
  onDelete,
  onMove,
}: {
  item: TRubricItem;
  applied: boolean;
  /** The marker suggests it for the open answer. */
  suggested: boolean;
  canToggle: boolean;
  canEdit: boolean;
  first: boolean;
  last: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (delta: -1 | 1) => void;
}) {
  const points = R.points(item.points);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="rubric-item">
      <UnstyledButton
        onClick={onToggle}
        disabled={!canToggle}
        aria-pressed={applied}
        aria-keyshortcuts={item.position <= 9 ? String(item.position) : undefined}
        style={{
          flex: 1,
          minWidth: 0,
          padding: '4px 8px',
          borderRadius: 6,
          border: suggested
            ? '1px dashed var(--mantine-color-violet-filled)'
            : '1px solid var(--mantine-color-default-border)',
          background: applied ? 'var(--mantine-color-blue-light)' : undefined,
        }}
      >
        {/* The label keeps 120 px before the badges go under it (a phone's narrow column). */}
        <Group gap={8} wrap="wrap">
          {item.position <= 9 && <Kbd size="xs">{R.itemKey(item.position)}</Kbd>}
          <Text size="sm" style={{ flex: '1 1 120px', overflowWrap: 'anywhere' }}>
            {item.label}
          </Text>
          {suggested && (
            <Badge variant="light" color="violet" data-testid="rubric-item-suggested">
              {R.suggestedBadge}
            </Badge>
          )}
          <Badge variant={applied ? 'filled' : 'light'} color={item.points < 0 ? 'red' : 'blue'}>
            {points}
          </Badge>
        </Group>
      </UnstyledButton>
      {canEdit && (
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="md"
            disabled={first}
            onClick={() => onMove(-1)}
            aria-label={R.moveUp(item.label)}
          >
            <IconArrowUp size={14} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="md"
            disabled={last}
            onClick={() => onMove(1)}
            aria-label={R.moveDown(item.label)}
          >
            <IconArrowDown size={14} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="md"
            onClick={onEdit}
            aria-label={R.editLabel(item.label)}
            data-edit-item={item._id}
          >
            <IconPencil size={14} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="md"
            onClick={onDelete}
            aria-label={R.deleteLabel(item.label)}
            data-delete-item={item._id}
          >
            <IconTrash size={14} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}

/**
 * The question's rubric items beside the mark box (issue 27): each with its number key and points,
 * pressed when applied to the open answer (a click or its key toggles it; the mark becomes the
 * applied items' points added up). The question's teacher and the admin add, edit, reorder and
 * delete items here; a change of points or a deletion re-scores every answer the item is applied to,
 * and the status line says how many marks changed.
 */
export function RubricItemsPanel({
  rubric,
  marks,
  setStatus,
}: {
  rubric: TRubricMarking;
  marks: number;
  setStatus: (status: string) => void;
}) {
  const change = useChangeItem(rubric.scope);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TRubricItem | null>(null);
  // The question "Delete …?" takes the cursor (on Cancel), so Enter or a screen reader meets it.
  const cancelDelete = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (deleting) cancelDelete.current?.focus();
  }, [deleting]);
  const { items } = rubric;
  // A form or question that closes gives the cursor back to the button that opened it (drawn again
  // once it is gone), else to the heading: the screen's keys go on working from there.
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useFocusReturn();
  const inPanel = (selector: string) => () =>
    panel.current?.querySelector<HTMLElement>(selector) ?? null;
  const toHeading = () => heading.current;
  const closeAdding = () => {
    setAdding(false);
    returnFocus(inPanel('[data-add-item]'), toHeading);
  };
  const closeEditing = (itemId: string) => {
    setEditing(null);
    returnFocus(inPanel(`[data-edit-item="${itemId}"]`), toHeading);
  };
  const closeDeleting = (itemId: string) => {
    setDeleting(null);
    returnFocus(inPanel(`[data-delete-item="${itemId}"]`), toHeading);
  };

  const run = (what: TItemChange, done?: () => void) =>
    change.mutate(what, {
      onSuccess: (data) => {
        if (what.kind === 'create') setStatus(R.added);
        else if (what.kind === 'delete') setStatus(R.deleted(data.rescored));
        else if (what.kind === 'order') setStatus(R.reordered);
        else setStatus(R.updated(data.rescored));
        done?.();
      },
      onError: (error) => setStatus(`${R.failed} ${describeError(error)}`),
    });
  const move = (index: number, delta: -1 | 1) => {
    const ids = items.map((i) => i._id);
    const target = index + delta;
    const a = ids[index];
    const b = ids[target];
    if (a === undefined || b === undefined) return;
    ids[index] = b;
    ids[target] = a;
    run({ kind: 'order', itemIds: ids });
  };

  return (
    <Paper
      ref={panel}
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-label={R.heading}
      data-testid="rubric-items"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5" ref={heading} tabIndex={-1}>
            {R.heading}
          </Title>
          {rubric.canEdit && !adding && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => setAdding(true)}
              leftSection={<IconPlus size={12} aria-hidden />}
              data-add-item
            >
              {R.add}
            </Button>
          )}
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {R.none}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {R.sumNote(marks)}
          </Text>
        )}
        {items.map((item, index) =>
          editing === item._id ? (
            <ItemForm
              key={item._id}
              initial={item}
              marks={marks}
              busy={change.isPending}
              onSubmit={(values) =>
                run(
                  {
                    kind: 'update',
                    itemId: item._id,
                    ...(values.label !== item.label ? { label: values.label } : {}),
                    ...(values.points !== item.points ? { points: values.points } : {}),
                  },
                  () => closeEditing(item._id),
                )
              }
              onCancel={() => closeEditing(item._id)}
            />
          ) : (
            <ItemRow
              key={item._id}
              item={item}
              applied={rubric.appliedIds.includes(item._id)}
              suggested={rubric.suggestion?.itemIds.includes(item._id) ?? false}
              canToggle={rubric.markable}
              canEdit={rubric.canEdit}
              first={index === 0}
              last={index === items.length - 1}
              onToggle={() => rubric.toggle(item._id)}
              onEdit={() => setEditing(item._id)}
              onDelete={() => setDeleting(item)}
              onMove={(delta) => move(index, delta)}
            />
          ),
        )}
        {rubric.suggestion && (
          <Group gap="xs" wrap="wrap" data-testid="rubric-items-suggestion">
            <Text size="xs" c="dimmed" style={{ flex: '1 1 200px' }}>
              {R.suggestedNote(Math.round(rubric.suggestion.similarity * 100))}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              color="violet"
              onClick={rubric.applySuggested}
              disabled={!rubric.markable}
              aria-keyshortcuts="I"
            >
              {R.applySuggested}
            </Button>
          </Group>
        )}
        {deleting && (
          <Paper
            withBorder
            p="xs"
            radius="sm"
            role="alertdialog"
            aria-label={R.deleteLabel(deleting.label)}
          >
            <Text size="sm">{R.confirmDelete(deleting.label)}</Text>
            <Group gap="xs" mt="xs">
              <Button
                size="xs"
                color="red"
                loading={change.isPending}
                onClick={() =>
                  run({ kind: 'delete', itemId: deleting._id }, () => closeDeleting(deleting._id))
                }
              >
                {R.delete}
              </Button>
              <Button
                ref={cancelDelete}
                size="xs"
                variant="subtle"
                onClick={() => closeDeleting(deleting._id)}
              >
                {R.cancel}
              </Button>
            </Group>
          </Paper>
        )}
        {adding && (
          <ItemForm
            initial={null}
            marks={marks}
            busy={change.isPending}
            onSubmit={(values) => run({ kind: 'create', ...values }, closeAdding)}
            onCancel={closeAdding}
          />
        )}
        {rubric.canEdit && items.length > 0 && (
          <Text size="xs" c="dimmed">
            {R.rescoreNote}
          </Text>
        )}
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {R.keysHint}
        </Text>
      </Stack>
    </Paper>
  );
}
