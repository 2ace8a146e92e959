import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import {
  OWNER_USERS_PAGE_SIZE,
  UNKNOWN_SCHOOL,
  type TOwnerUser,
  type TOwnerUserSort,
  type TUserStats,
} from '@stem/contract/owner';
import { ROLES } from '@stem/contract/roles';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/dates';
import * as ownerApi from '../api';

const M = MESSAGES.owner;
const NA = 'N/A';

const COLUMNS: { key: TOwnerUserSort; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'school', label: 'School' },
  { key: 'role', label: 'Role' },
  { key: 'createdAt', label: 'Created At' },
];

const roleFrom = (value: string | null) => {
  const lower = (value ?? '').toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? lower : 'all';
};

const text = (value: string | null | undefined) => (value ? value : NA);
const number = (value: number | null | undefined) =>
  value === null || value === undefined ? NA : String(value);

function StatsList({ stats }: { stats: TUserStats }) {
  const rows: [string, string][] = [];
  if (stats.adminStats) {
    const s = stats.adminStats;
    rows.push(
      ['Total Teachers', number(s.totalTeachers)],
      ['Total Students', number(s.totalStudents)],
      ['Total Classes', number(s.totalClasses)],
      ['Active Classes', number(s.activeClasses)],
    );
  }
  if (stats.teacherStats) {
    const s = stats.teacherStats;
    rows.push(
      ['Total Classes', number(s.totalClasses)],
      ['Active Classes', number(s.activeClasses)],
      ['Total Students', number(s.totalStudents)],
      ['Questions Created', number(s.questionsCreated)],
      ['Submissions Evaluated', number(s.submissionsEvaluated)],
    );
  }
  if (stats.studentStats) {
    const s = stats.studentStats;
    rows.push(
      ['Enrolled Classes', number(s.enrolledClasses)],
      ['Total Submissions', number(s.totalSubmissions)],
      ['Average Score', s.averageScore === null ? NA : `${s.averageScore}%`],
      ['Last Submission', s.lastSubmissionDate ? formatDateTime(s.lastSubmissionDate) : NA],
    );
  }
  if (stats.ownerStats) {
    const s = stats.ownerStats;
    rows.push(
      ['Total Schools', number(s.totalSchools)],
      ['Total Admins', number(s.totalAdmins)],
      ['Total Teachers', number(s.totalTeachers)],
      ['Total Students', number(s.totalStudents)],
    );
  }
  if (rows.length === 0) return <Text c="dimmed">{M.noStats}</Text>;
  return <Facts rows={rows} />;
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function UserDetails({ user }: { user: TOwnerUser }) {
  const stats = useQuery({
    queryKey: ['owner', 'user-stats', user._id],
    queryFn: () => ownerApi.getUserStats(user._id),
  });
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Basic Information
        </Title>
        <Facts
          rows={[
            ['Name', text(user.name)],
            ['Email', text(user.email)],
            ['Role', text(user.role)],
            ['School', user.school ? user.school.name : '-'],
            ['Created At', user.createdAt ? formatDateTime(user.createdAt) : NA],
            ['Last Sign-in', user.lastLoginAt ? formatDateTime(user.lastLoginAt) : NA],
          ]}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          User Statistics
        </Title>
        {stats.isPending ? (
          <Text c="dimmed">Loading...</Text>
        ) : stats.isError ? (
          <Text c="dimmed">{M.noStats}</Text>
        ) : (
          <StatsList stats={stats.data} />
        )}
      </Stack>
    </Stack>
  );
}

/** /user-management (spec 02 §2 Owner): every user, paged, sorted and filtered on the server. */
/** A cell whose long words (an e-mail address, a school's name) break rather than widen the table. */
const WRAP = { overflowWrap: 'anywhere' } as const;

export default function UserManagementPage() {
  usePageTitle('User Management · STEM@Home');
  // A phone keeps each row on one line and scrolls the table sideways; wider screens fit it.
  const isPhone = useMediaQuery('(max-width: 48em)');
  const wrap = isPhone ? undefined : WRAP;
  const [params] = useSearchParams();
  const [role, setRole] = useState(() => roleFrom(params.get('role')));
  const [school, setSchool] = useState('all');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: TOwnerUserSort; order: 'asc' | 'desc' }>({
    key: 'createdAt',
    order: 'desc',
  });
  // Keyset pages: cursors[i] opens page i + 1 (undefined for the first page).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [pageIndex, setPageIndex] = useState(0);
  const [selected, setSelected] = useState<TOwnerUser | null>(null);
  const [schoolSearch, setSchoolSearch] = useState('');
  const [debouncedSchoolSearch] = useDebouncedValue(schoolSearch, 250);

  const resetPages = () => {
    setCursors([undefined]);
    setPageIndex(0);
  };

  const filter: ownerApi.TUsersFilter = {
    search,
    role,
    school,
    sort: sort.key,
    order: sort.order,
  };
  const cursor = cursors[pageIndex];
  const query = useQuery({
    queryKey: ['owner', 'users', filter, cursor ?? null],
    queryFn: () => ownerApi.listUsers(filter, cursor),
    placeholderData: keepPreviousData,
  });

  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  // The box shows the chosen option's label as its text ('All Schools' at first): that is not a
  // search, so the list is not narrowed by it (it asked for schools named "All Schools": none).
  const selectedLabel =
    school === 'all'
      ? 'All Schools'
      : school === UNKNOWN_SCHOOL._id
        ? UNKNOWN_SCHOOL.name
        : chosenLabel;
  const schoolQuery = debouncedSchoolSearch === selectedLabel ? '' : debouncedSchoolSearch;
  const schools = useQuery({
    queryKey: ['owner', 'school-options', schoolQuery],
    queryFn: () => ownerApi.listSchools({ includeInactive: true, search: schoolQuery }, undefined),
    placeholderData: keepPreviousData,
  });
  const schoolOptions = useMemo(() => {
    const options = [
      { value: 'all', label: 'All Schools' },
      ...(schools.data?.data ?? []).map((s) => ({ value: s._id, label: s.name })),
      { value: UNKNOWN_SCHOOL._id, label: UNKNOWN_SCHOOL.name },
    ];
    if (chosenLabel && !options.some((o) => o.value === school)) {
      options.splice(1, 0, { value: school, label: chosenLabel });
    }
    // Two schools may share a name: the label stays, the value (id) tells them apart.
    return options;
  }, [schools.data, school, chosenLabel]);

  const users = query.data?.users ?? [];
  const matched = query.data?.page.matched ?? 0;
  const totalPages = Math.max(1, Math.ceil(matched / OWNER_USERS_PAGE_SIZE));
  const pageNumber = Math.min(pageIndex + 1, totalPages);
  const nextCursor = query.data?.page.nextCursor ?? null;

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    resetPages();
  };
  const toggleSort = (key: TOwnerUserSort) => {
    setSort((current) =>
      current.key === key
        ? { key, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { key, order: 'asc' },
    );
    resetPages();
  };
  const next = () => {
    if (!nextCursor) return;
    setCursors((list) => [...list.slice(0, pageIndex + 1), nextCursor]);
    setPageIndex((i) => i + 1);
  };
  const previous = () => setPageIndex((i) => Math.max(0, i - 1));

  return (
    <Stack gap="lg">
      <Title order={1}>User Management</Title>
      <form onSubmit={submitSearch}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            aria-label="Search users"
            placeholder="Search by name or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <Group gap="sm" wrap="wrap">
        <Select
          label="Role"
          value={role}
          allowDeselect={false}
          onChange={(value) => {
            setRole(value ?? 'all');
            resetPages();
          }}
          data={[{ value: 'all', label: 'All' }, ...ROLES.map((r) => ({ value: r, label: r }))]}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label="School"
          value={school}
          searchable
          allowDeselect={false}
          searchValue={schoolSearch}
          onSearchChange={setSchoolSearch}
          onChange={(value, option) => {
            setSchool(value ?? 'all');
            setChosenLabel(option?.label ?? null);
            resetPages();
          }}
          data={schoolOptions}
          filter={({ options }) => options}
          nothingFoundMessage="No schools"
          w={{ base: '100%', xs: 260 }}
        />
      </Group>

      {query.isError && (
        <Alert color="red" role="alert">
          {M.loadUsersFailed}
        </Alert>
      )}

      <Table.ScrollContainer minWidth={720}>
        {/* The table fits the page beside the sidebar at 1280 px (it scrolled sideways there when
            every cell kept to one line): long names, addresses and school names wrap, an address
            at its dots and @. On a phone every cell keeps to one line and the table scrolls
            sideways rather than stacking each row over many lines. */}
        <Table
          highlightOnHover
          striped
          aria-label="Users"
          aria-busy={query.isFetching}
          layout={isPhone ? 'auto' : 'fixed'}
          style={isPhone ? { whiteSpace: 'nowrap' } : undefined}
          data-testid="users-table"
        >
          {isPhone ? null : (
            <colgroup>
              <col style={{ width: '22%' }} />
              <col style={{ width: '30%' }} />
              <col style={{ width: '20%' }} />
              <col style={{ width: '10%' }} />
              <col style={{ width: '18%' }} />
            </colgroup>
          )}
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => {
                const active = sort.key === column.key;
                const Icon = !active
                  ? IconArrowsSort
                  : sort.order === 'asc'
                    ? IconArrowUp
                    : IconArrowDown;
                return (
                  <Table.Th
                    key={column.key}
                    aria-sort={
                      active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'
                    }
                  >
                    <UnstyledButton
                      onClick={() => toggleSort(column.key)}
                      fw={600}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      <Group gap={4} wrap="nowrap">
                        {column.label}
                        <Icon size={14} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed">Loading users...</Text>
                </Table.Td>
              </Table.Tr>
            ) : users.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed">{M.noUsers}</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              users.map((user) => (
                <Table.Tr
                  key={user._id}
                  onClick={() => setSelected(user)}
                  style={{ cursor: 'pointer' }}
                  tabIndex={0}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setSelected(user);
                    }
                  }}
                  data-testid="user-row"
                >
                  <Table.Td style={wrap}>{text(user.name)}</Table.Td>
                  <Table.Td style={wrap}>{text(user.email)}</Table.Td>
                  <Table.Td style={wrap}>{user.school ? user.school.name : '-'}</Table.Td>
                  <Table.Td>{text(user.role)}</Table.Td>
                  <Table.Td>{user.createdAt ? formatDateTime(user.createdAt) : NA}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" data-testid="users-page">
          {M.usersPage(pageNumber, totalPages, matched)}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={previous} disabled={pageIndex === 0}>
            Previous
          </Button>
          <Button variant="default" onClick={next} disabled={!nextCursor || query.isFetching}>
            Next
          </Button>
        </Group>
      </Group>

      <Modal
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title={selected?.name ?? ''}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {selected && <UserDetails user={selected} />}
      </Modal>
    </Stack>
  );
}
