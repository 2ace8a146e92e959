import {
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronRight, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import type { TClassSummary } from '@stem/contract/teaching';
import classes from '../../../components/cards.module.css';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/paged-list/load-more';
import { usePageTitle } from '../use-page-title';
import { useSchoolClasses, useSchoolTeachers } from '../api/admin-classes';

const T = MESSAGES.admin;
const SEARCH_DEBOUNCE_MS = 300;

/** The teacher filter and the search live in the address (?teacher=…&q=…): reload and Back keep them. */
const TEACHER_PARAM = 'teacher';
const SEARCH_PARAM = 'q';
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function withParam(current: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

function SchoolClassCard({ cls }: { cls: TClassSummary }) {
  return (
    <Card
      component={Link}
      to={`/all-classes/${cls._id}`}
      withBorder
      padding="lg"
      className={classes.cardLink}
      data-testid="class-card"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} fz="lg" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {cls.name}
        </Text>
        <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
      <Text size="sm" mt="xs" truncate="end">
        {`${T.teacherLabel}: ${cls.teacher?.name ?? MESSAGES.dashboard.notAssigned}`}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {T.students(cls.studentCount)} · {T.questions(cls.questionCount)}
      </Text>
    </Card>
  );
}

/**
 * /all-classes and /admin/all-classes (spec 02 §2 Admin): the school's classes, searchable, with a
 * teacher filter, 9 at a time; each card opens /all-classes/{id}.
 */
export default function AdminClassesPage() {
  usePageTitle(T.classesDocumentTitle);
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(() => params.get(SEARCH_PARAM) ?? '');
  const [search] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const fromAddress = params.get(TEACHER_PARAM);
  // An address edited by hand to something that is no id shows every class, not a load failure.
  const teacherId = fromAddress && ID_PATTERN.test(fromAddress) ? fromAddress : null;
  const setTeacherId = (value: string | null) =>
    setParams((current) => withParam(current, TEACHER_PARAM, value), { replace: true });
  // The search, once typing pauses, goes to the address too (replacing the entry, not adding one).
  const searched = search.trim();
  useEffect(() => {
    if ((params.get(SEARCH_PARAM) ?? '') === searched) return;
    setParams((current) => withParam(current, SEARCH_PARAM, searched), { replace: true });
  }, [searched, params, setParams]);
  const teachers = useSchoolTeachers();
  const query = useSchoolClasses({ search, teacherId });
  const items = query.items;

  let body;
  if (query.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[0, 1, 2].map((k) => (
          <Skeleton key={k} height={120} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError && items.length === 0) {
    body = (
      <LoadError
        message={T.classesFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center" c="dimmed" role="status">
          {T.noClasses}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <>
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((cls) => (
            <li key={cls._id}>
              <SchoolClassCard cls={cls} />
            </li>
          ))}
        </SimpleGrid>
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
        <Title order={1}>{`${T.classesTitle} (${query.first?.page.matched ?? 0})`}</Title>
        <Button
          component={Link}
          to="/admin/create-class"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {T.createClass}
        </Button>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={T.searchClasses}
          placeholder={T.searchClassesPlaceholder}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 240px' }}
          maxLength={100}
        />
        <Select
          label={T.teacherFilter}
          value={teacherId ?? 'all'}
          onChange={(v) => setTeacherId(!v || v === 'all' ? null : v)}
          allowDeselect={false}
          searchable
          data={[
            { value: 'all', label: T.allTeachers },
            ...(teachers.data ?? []).map((t) => ({ value: t._id, label: t.name })),
          ]}
          style={{ flex: '0 1 220px' }}
        />
      </Group>
      {body}
    </Stack>
  );
}
