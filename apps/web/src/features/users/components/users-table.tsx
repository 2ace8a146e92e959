import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconDots, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TAdminUser, TAdminUserSort } from '@stem/contract/admin';
import { MOBILE_MAX_WIDTH } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { formatLongDate } from '../../../lib/dates';
import type { TPersonAction, TUserView } from '../api';
import { EmailText } from '../../../components/email-text';

const T = MESSAGES.admin;
const R = MESSAGES.roster;
const STATUS_COLOURS = { invited: 'yellow', deactivated: 'red' } as const;

/** "Invited" or "Deactivated" beside the role; nothing for an active account. */
function StatusBadge({ status }: { status: TAdminUser['status'] }) {
  if (status === 'active') return null;
  return (
    <Badge color={STATUS_COLOURS[status]} variant="outline" styles={{ root: { flexShrink: 0 } }}>
      {R.status[status]}
    </Badge>
  );
}

/** The account actions of issue 29: what fits the person's status. */
function accountActions(user: TAdminUser): TPersonAction[] {
  if (user.status === 'deactivated') return ['reactivate'];
  return [user.status === 'invited' ? 'resend' : 'reset', 'deactivate'];
}

const ACTION_LABELS: Record<TPersonAction, string> = {
  resend: R.resend,
  reset: R.resetPassword,
  deactivate: R.deactivate,
  reactivate: R.reactivate,
};
const ROLE_COLOURS = { student: 'blue', teacher: 'teal', admin: 'grape', owner: 'dark' } as const;

export type TUserAction = 'promote' | 'demote' | 'delete' | TPersonAction;

type TProps = {
  users: TAdminUser[];
  currentUserId: string | null;
  view: TUserView;
  onSort: (sort: TAdminUserSort) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  onAction: (user: TAdminUser, action: TUserAction) => void;
};

/** Whether the admin may act on this person (the server checks again). */
export function isChangeable(user: TAdminUser, currentUserId: string | null): boolean {
  return user.id !== currentUserId && (user.role === 'student' || user.role === 'teacher');
}

function RoleBadge({ role }: { role: TAdminUser['role'] }) {
  return (
    <Badge
      color={ROLE_COLOURS[role]}
      variant="light"
      // The label is short and must be read whole: never shrunk or cut to "STUDE…".
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {T.roleLabels[role]}
    </Badge>
  );
}

function Actions({ user, onAction }: { user: TAdminUser; onAction: TProps['onAction'] }) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {user.role === 'student' && (
        <Button
          size="xs"
          variant="light"
          onClick={() => onAction(user, 'promote')}
          aria-label={`${T.promote} ${user.name}`}
        >
          {T.promote}
        </Button>
      )}
      {user.role === 'teacher' && (
        <Button
          size="xs"
          variant="light"
          color="orange"
          onClick={() => onAction(user, 'demote')}
          aria-label={`${T.demote} ${user.name}`}
        >
          {T.demote}
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => onAction(user, 'delete')}
        aria-label={`${T.delete} ${user.name}`}
      >
        {T.delete}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={T.moreActions(user.name)}>
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {accountActions(user).map((action) => (
            <Menu.Item
              key={action}
              color={action === 'deactivate' ? 'red' : undefined}
              onClick={() => onAction(user, action)}
            >
              {ACTION_LABELS[action]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function SortHeader({
  column,
  label,
  view,
  onSort,
}: {
  column: TAdminUserSort;
  label: string;
  view: TUserView;
  onSort: TProps['onSort'];
}) {
  const active = view.sort === column;
  const icon = !active ? (
    <IconSelector size={14} aria-hidden />
  ) : view.dir === 'asc' ? (
    <IconArrowUp size={14} aria-hidden />
  ) : (
    <IconArrowDown size={14} aria-hidden />
  );
  return (
    <Table.Th aria-sort={active ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          {icon}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The school's people (spec 02 §2 Admin user management): a sortable table on wide screens, cards on
 * a phone; names link to /users/{id}; Promote, Demote and Delete for students and teachers.
 */
export function UsersTable(props: TProps) {
  const { users, currentUserId, selected, onSelect, onAction } = props;
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`) ?? false;
  const selectable = users.filter((u) => isChangeable(u, currentUserId));
  const allSelected = selectable.length > 0 && selectable.every((u) => selected.has(u.id));

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const toggleAll = () => onSelect(allSelected ? new Set() : new Set(selectable.map((u) => u.id)));

  const check = (user: TAdminUser): ReactNode =>
    isChangeable(user, currentUserId) ? (
      <Checkbox
        aria-label={T.selectUser(user.name)}
        checked={selected.has(user.id)}
        onChange={() => toggle(user.id)}
      />
    ) : null;

  const nameLink = (user: TAdminUser) => (
    <Anchor component={Link} to={`/users/${user.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {user.name}
    </Anchor>
  );

  if (isPhone) {
    return (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {users.map((user) => (
          <Paper key={user.id} withBorder p="sm" radius="md" component="li" data-testid="user-row">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
                {check(user)}
                <Stack gap={2} style={{ minWidth: 0 }}>
                  {nameLink(user)}
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    <EmailText email={user.email} />
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatLongDate(user.createdAt)}
                  </Text>
                </Stack>
              </Group>
              <Stack gap={4} align="flex-end">
                <RoleBadge role={user.role} />
                <StatusBadge status={user.status} />
              </Stack>
            </Group>
            {isChangeable(user, currentUserId) && (
              <Group justify="flex-end" mt="xs">
                <Actions user={user} onAction={onAction} />
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={T.selectAll}
                checked={allSelected}
                indeterminate={!allSelected && selectable.some((u) => selected.has(u.id))}
                onChange={toggleAll}
                disabled={selectable.length === 0}
              />
            </Table.Th>
            <SortHeader column="name" label={T.columnName} {...props} />
            <SortHeader column="email" label={T.columnEmail} {...props} />
            <SortHeader column="role" label={T.columnRole} {...props} />
            <SortHeader column="createdAt" label={T.columnCreatedAt} {...props} />
            <Table.Th>
              <VisuallyHidden>{T.columnActions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid="user-row">
              <Table.Td>{check(user)}</Table.Td>
              <Table.Td>{nameLink(user)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <EmailText email={user.email} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Group gap={4} wrap="nowrap">
                  <RoleBadge role={user.role} />
                  <StatusBadge status={user.status} />
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLongDate(user.createdAt)}</Table.Td>
              <Table.Td>
                {isChangeable(user, currentUserId) && <Actions user={user} onAction={onAction} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
