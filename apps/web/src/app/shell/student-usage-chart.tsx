import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import { useSparseDateAxis } from '../../lib/chart-axis';
import { useSchoolUsage } from './school-api';
import { usageChartModel } from './student-usage-model';

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
  const { studentsUsed, studentLimit, limitReached } = usage.data;
  const chart = usageChartModel(usage.data);
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
        {chart.caption}
      </Text>
      {chart.isEmpty ? (
        <Text size="sm" c="dimmed">
          {MESSAGES.settings.noUsage}
        </Text>
      ) : (
        <BarChart
          h={220}
          data={chart.data}
          dataKey="week"
          type="stacked"
          withLegend={chart.withLegend}
          series={chart.series}
          // Every few weeks, evenly, ending on the latest: left to itself the axis dropped labels
          // unevenly ("5 Oct 12 Oct" side by side, then a gap of two weeks).
          xAxisProps={weekAxis}
          aria-label={chart.caption}
        />
      )}
    </Stack>
  );
}
