import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ANALYTICS_MESSAGES, type TSchoolAnalytics } from '@stem/contract/analytics';
import { usePageTitle } from '../../../components/use-page-title';
import { useClassAnalytics, useSchoolAnalytics } from '../api/get-analytics';
import { AnalyticsQueryState } from '../components/analytics-states';
import {
  AnalyticsView,
  AttemptsPanel,
  DistributionChart,
  SummaryStats,
  everyWeek,
  weekLabel,
  weekPercent,
} from '../components/analytics-view';
import { ClassCsvMenu } from '../components/class-csv-menu';
import { useSparseDateAxis } from '../../../lib/chart-axis';

const T = ANALYTICS_MESSAGES;

function ClassesTable({
  classes,
  onOpen,
}: {
  classes: TSchoolAnalytics['classes'];
  onOpen: (classId: string) => void;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={T.classesTitle}>
      <Title order={2} size="h4" mb="sm">
        {T.classesTitle}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{T.className}</Table.Th>
              <Table.Th scope="col">{T.teacherName}</Table.Th>
              <Table.Th scope="col">{T.students}</Table.Th>
              <Table.Th scope="col">{T.answers}</Table.Th>
              <Table.Th scope="col">{T.mean}</Table.Th>
              <Table.Th scope="col">{T.median}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {classes.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Button variant="subtle" size="compact-sm" px={0} onClick={() => onOpen(c.id)}>
                    {c.name}
                  </Button>
                </Table.Td>
                <Table.Td>{c.teacherName ?? '–'}</Table.Td>
                <Table.Td>{c.students}</Table.Td>
                <Table.Td>{c.answers}</Table.Td>
                <Table.Td>{T.percent(c.meanShare)}</Table.Td>
                <Table.Td>{T.percent(c.medianShare)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** One class of the school, opened from the admin's page (read-only: the grid opens no answer). */
function SchoolClass({ classId }: { classId: string }) {
  const query = useClassAnalytics(classId);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(query.data);
  // The class opens below the school's figures: bring it into view once it is there.
  useEffect(() => {
    if (loaded) heading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [loaded, classId]);
  if (!query.data) return <AnalyticsQueryState query={query} back={null} />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title ref={heading} order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {T.classTitle(query.data.scope.name)}
        </Title>
        <ClassCsvMenu classId={classId} />
      </Group>
      <AnalyticsView analytics={query.data} />
    </Stack>
  );
}

/** /admin/analytics: the admin's whole school, class by class, and any class in detail. */
export default function SchoolAnalyticsPage() {
  const query = useSchoolAnalytics();
  const [classId, setClassId] = useState<string | null>(null);
  usePageTitle(T.schoolTitle);
  const weeks = everyWeek(query.data?.weeks ?? []);
  const weekAxis = useSparseDateAxis(weeks.length);
  if (!query.data) return <AnalyticsQueryState query={query} back={null} />;
  const school = query.data;
  const trend = weeks.map((w) => ({ week: weekLabel(w.week), mean: weekPercent(w) }));
  return (
    <Stack gap="lg">
      <Title order={1}>{T.schoolTitle}</Title>
      {school.summary.answers === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center" role="status">
            {T.noAnswers}
          </Text>
        </Paper>
      ) : (
        <>
          <SummaryStats summary={school.summary} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <DistributionChart histogram={school.summary.histogram} />
            <AttemptsPanel attempts={school.attempts} />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md" component="section" aria-label={T.progressTitle}>
            <Title order={2} size="h4">
              {T.progressTitle}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {T.progressHint}
            </Text>
            <LineChart
              h={220}
              data={trend}
              dataKey="week"
              xAxisProps={weekAxis}
              unit="%"
              yAxisProps={{ domain: [0, 100] }}
              curveType="linear"
              connectNulls
              series={[{ name: 'mean', label: T.mean, color: 'blue.6' }]}
              role="img"
              aria-label={T.progressTitle}
            />
          </Paper>
        </>
      )}
      <ClassesTable classes={school.classes} onOpen={setClassId} />
      <Select
        label={T.chooseClass}
        placeholder={T.chooseClassPlaceholder}
        data={school.classes.map((c) => ({ value: c.id, label: c.name }))}
        value={classId}
        onChange={setClassId}
        searchable
        clearable
        maw={420}
      />
      {classId && <SchoolClass classId={classId} />}
    </Stack>
  );
}
