import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import { useSparseDateAxis } from '../../lib/chart-axis';
import { useSchoolUsage } from './school-api';

const COLOURS = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.6',
];

/** "3 Nov" from "2026-11-03". */
function weekLabel(weekStart: string): string {
  return new Date(`${weekStart}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** The 'Student Usage' chart of paid teachers (spec 01 §2): last 12 weeks, and students against the limit. */
export default function StudentUsageChart() {
  const usage = useSchoolUsage(true);
  // Twelve weeks' dates side by side do not fit the popup: at most six of them (four on a phone).
  const weekAxis = useSparseDateAxis(usage.data?.weeks.length ?? 0, 6);
  if (usage.isPending) return <Skeleton h={220} />;
  if (usage.isError) {
    return (
      <Alert color="red" role="alert">
        {MESSAGES.generic.fallback}
      </Alert>
    );
  }
  const { weeks, students, studentsUsed, studentLimit, limitReached } = usage.data;
  const names = students.map((s) => s.name);
  const data = weeks.map((w) => ({
    week: weekLabel(w.weekStart),
    ...Object.fromEntries(names.map((n) => [n, w.perStudent[n] ?? 0])),
  }));
  return (
    <Stack gap="xs" data-testid="student-usage">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {MESSAGES.settings.studentsUsed(studentsUsed, studentLimit)}
        </Text>
        {limitReached && (
          <Badge color="orange" variant="filled">
            {MESSAGES.limits.limitReached}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {MESSAGES.settings.submissionsPerWeek}
      </Text>
      <BarChart
        h={220}
        data={data}
        dataKey="week"
        type="stacked"
        withLegend={names.length > 0 && names.length <= 8}
        xAxisProps={weekAxis}
        series={names.map((name, i) => ({ name, color: COLOURS[i % COLOURS.length] ?? 'blue.6' }))}
        aria-label={MESSAGES.settings.submissionsPerWeek}
      />
    </Stack>
  );
}
