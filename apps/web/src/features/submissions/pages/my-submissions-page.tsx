import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import { usePageTitle } from '../../../components/use-page-title';
import { useMySubmissions } from '../api/get-my-submissions';
import { SubmissionsLoadError } from '../components/submissions-load-error';
import { StudentSubmissionCard } from '../components/student-submission-card';
import { compareSubmissions } from '../submission-list';

const T = MESSAGES.submissionsPage;

/** /my-submissions (spec 02 §2 Student): the student's submissions, newest first. */
export default function MySubmissionsPage() {
  const query = useMySubmissions();
  usePageTitle(T.myDocumentTitle);

  let body;
  if (query.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={T.loading}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={76} radius="md" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <SubmissionsLoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center" c="dimmed">
          {MESSAGES.submissions.empty}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {[...query.data].sort(compareSubmissions('recent')).map((submission) => (
          <li key={submission._id}>
            <StudentSubmissionCard submission={submission} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{T.myHeading}</Title>
      {body}
    </Stack>
  );
}
