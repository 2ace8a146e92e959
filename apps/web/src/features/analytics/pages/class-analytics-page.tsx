import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ANALYTICS_MESSAGES } from '@stem/contract/analytics';
import { usePageTitle } from '../../../components/use-page-title';
import { SubmissionDrawer } from '../../submissions/components/submission-drawer';
import { useClassAnalytics } from '../api/get-analytics';
import { AnalyticsQueryState } from '../components/analytics-states';
import { AnalyticsView } from '../components/analytics-view';
import { ClassCsvMenu } from '../components/class-csv-menu';

const T = ANALYTICS_MESSAGES;

/** /class/{id}/analytics: the class's figures for its teacher; a grid cell opens that answer. */
export default function ClassAnalyticsPage() {
  const classId = useParams().id ?? '';
  const query = useClassAnalytics(classId);
  // The grid's cell opens its submission at the answer to its question.
  const [opened, setOpened] = useState<{ submissionId: string; questionId: string } | null>(null);
  usePageTitle(query.data ? T.classTitle(query.data.scope.name) : T.questionTitle);
  const back = (
    <Button
      component={Link}
      to={`/class/${classId}`}
      variant="subtle"
      px={0}
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {T.backToClass}
    </Button>
  );
  if (!query.data) return <AnalyticsQueryState query={query} back={back} />;
  const analytics = query.data;
  return (
    <Stack gap="lg">
      <div>
        {back}
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {T.classTitle(analytics.scope.name)}
            </Title>
            <Text c="dimmed">
              {T.subtitle(analytics.summary.submissions, analytics.summary.answers)}
            </Text>
          </div>
          <ClassCsvMenu classId={classId} />
        </Group>
      </div>
      <AnalyticsView
        analytics={analytics}
        onOpenSubmission={(submissionId, questionId) => setOpened({ submissionId, questionId })}
        questionLink={(questionId) => (
          <Button
            component={Link}
            to={`/questions/${questionId}/analytics`}
            size="compact-xs"
            variant="subtle"
            px={0}
            leftSection={<IconChartBar size={12} aria-hidden />}
          >
            {T.analyticsButton}
          </Button>
        )}
      />
      <SubmissionDrawer
        submissionId={opened?.submissionId ?? null}
        focusQuestionId={opened?.questionId}
        card={null}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}
