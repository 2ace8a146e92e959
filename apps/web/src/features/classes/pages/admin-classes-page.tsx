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
import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import type { TClassSummary } from '@stem/contract/teaching';
import classes from '../../../components/cards.module.css';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/paged-list/load-more';
import { usePageTitle } from '../use-page-title';
import { useSchoolClasses, useSchoolTeachers } from '../api/admin-classes';

const T = MESSAGES.admin;
const SEARCH_DEBOUNCE_MS = 300;

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
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const [teacherId, setTeacherId] = useState<string | null>(null);
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
