import {
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconSearch, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_USER_ROLES, type TAdminUser, type TAdminUserSort } from '@stem/contract/admin';
import { MESSAGES } from '@stem/contract/messages';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/paged-list/load-more';
import { usePageTitle } from '../../../components/use-page-title';
import { getStoredUser } from '../../../lib/session';
import { DEFAULT_USER_VIEW, useSchoolUsers, type TUserView } from '../api';
import { InviteDialog } from '../components/invite-dialog';
import { RosterImportDialog } from '../components/roster-import-dialog';
import { UserChangeDialog, type TPendingChange } from '../components/user-change-dialog';
import { UsersTable, type TUserAction } from '../components/users-table';

const T = MESSAGES.admin;
const SEARCH_DEBOUNCE_MS = 300;

function roleFrom(value: string | null): TUserView['role'] {
  const lower = value?.toLowerCase();
  return (ADMIN_USER_ROLES as readonly string[]).includes(lower ?? '')
    ? (lower as TUserView['role'])
    : 'all';
}

/**
 * /users and /admin/users (spec 02 §2 Admin): the school's people with search, a role filter (preset
 * by ?role= from the dashboard's cards), sortable columns, Promote, Demote and Delete (one or
 * several). The server searches, filters, sorts and pages.
 */
export default function UsersPage() {
  usePageTitle(T.usersDocumentTitle);
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const [order, setOrder] = useState({ sort: DEFAULT_USER_VIEW.sort, dir: DEFAULT_USER_VIEW.dir });
  const role = roleFrom(params.get('role'));
  const view: TUserView = { search, role, ...order };
  const query = useSchoolUsers(view);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<TPendingChange | null>(null);
  const currentUserId = getStoredUser()?.userId ?? null;
  const [dialog, setDialog] = useState<'import' | 'invite' | null>(null);

  // A new filter or search starts a new selection: nobody hidden stays selected.
  useEffect(() => setSelected(new Set()), [search, role]);

  const onSort = (column: TAdminUserSort) =>
    setOrder((current) =>
      current.sort === column
        ? { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' }
        : { sort: column, dir: column === 'createdAt' ? 'desc' : 'asc' },
    );

  const onRole = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (!value || value === 'all') next.delete('role');
    else next.set('role', value);
    setParams(next, { replace: true });
  };

  const onAction = (user: TAdminUser, action: TUserAction) =>
    setPending(
      action === 'delete'
        ? { kind: 'delete', ids: [user.id] }
        : { kind: action, id: user.id, name: user.name },
    );

  const users = query.items;
  const matched = query.first?.page.matched ?? 0;

  let body;
  if (query.isPending) {
    body = <Skeleton height={240} radius="md" aria-label={T.usersTitle} />;
  } else if (query.isError && users.length === 0) {
    body = (
      <LoadError
        message={MESSAGES.generic.unexpected}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (users.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center" c="dimmed" role="status">
          {T.noUsers}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <>
        <UsersTable
          users={users}
          currentUserId={currentUserId}
          view={view}
          onSort={onSort}
          selected={selected}
          onSelect={setSelected}
          onAction={onAction}
        />
        <LoadMore
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{T.usersTitle}</Title>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setDialog('invite')}
          >
            {MESSAGES.roster.inviteButton}
          </Button>
          <Button
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => setDialog('import')}
          >
            {MESSAGES.roster.importButton}
          </Button>
        </Group>
        {selected.size > 0 && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setPending({ kind: 'delete', ids: [...selected] })}
          >
            {T.deleteSelected(selected.size)}
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={T.searchUsers}
          placeholder={T.searchUsersPlaceholder}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 240px' }}
          maxLength={100}
        />
        <Select
          label={T.roleFilter}
          value={role}
          onChange={onRole}
          allowDeselect={false}
          data={[
            { value: 'all', label: T.roleAll },
            ...ADMIN_USER_ROLES.map((r) => ({ value: r, label: T.roleLabels[r] })),
          ]}
          style={{ flex: '0 1 180px' }}
        />
      </Group>
      {!query.isPending && users.length > 0 && (
        <Text size="sm" c="dimmed" role="status">
          {T.usersCount(users.length, matched)}
        </Text>
      )}
      {body}
      <RosterImportDialog opened={dialog === 'import'} onClose={() => setDialog(null)} />
      <InviteDialog opened={dialog === 'invite'} onClose={() => setDialog(null)} />
      <UserChangeDialog
        pending={pending}
        onClose={() => setPending(null)}
        onDone={() => setSelected(new Set())}
      />
    </Stack>
  );
}
