import { Button, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ANALYTICS_MESSAGES } from '@stem/contract/analytics';
import { usePageTitle } from '../../../components/use-page-title';
import { SubmissionDrawer } from '../../submissions/components/submission-drawer';
import { useQuestionAnalytics } from '../api/get-analytics';
import { AnalyticsQueryState } from '../components/analytics-states';
import { AnalyticsView } from '../components/analytics-view';

const T = ANALYTICS_MESSAGES;

/** /questions/{id}/analytics: one of the teacher's questions over every class it was answered in. */
export default function QuestionAnalyticsPage() {
  const questionId = useParams().id ?? '';
  const query = useQuestionAnalytics(questionId);
  const [openId, setOpenId] = useState<string | null>(null);
  usePageTitle(T.questionTitle);
  const back = (
    <Button
      component={Link}
      to="/view-questions"
      variant="subtle"
      px={0}
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {T.backToQuestions}
    </Button>
  );
  if (!query.data) return <AnalyticsQueryState query={query} back={back} />;
  return (
    <Stack gap="lg">
      <div>
        {back}
        <Title order={1}>{T.questionTitle}</Title>
        <Spoiler maxHeight={72} showLabel="…" hideLabel="↑">
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {query.data.scope.name}
          </Text>
        </Spoiler>
      </div>
      <AnalyticsView analytics={query.data} onOpenSubmission={setOpenId} />
      <SubmissionDrawer submissionId={openId} card={null} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
