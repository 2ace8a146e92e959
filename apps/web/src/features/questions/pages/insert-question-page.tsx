import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { IconClockExclamation } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { TrialLimitBanner } from '../../../components/trial-limit-banner';
import { getStoredUser } from '../../../lib/session';
import { useTrialLimit } from '../../../lib/trial-limit';
import { saveFailedMessage, useCreateQuestion } from '../api/save-question';
import { QuestionForm } from '../components/question-form';
import { EMPTY_QUESTION_FORM } from '../question-form-rules';
import { usePageTitle } from '../use-page-title';

const T = MESSAGES.questionsPage;

/** /insert-question (spec 02 §2): on success "Question saved successfully!" and /view-questions. */
export default function InsertQuestionPage() {
  usePageTitle(T.insertDocumentTitle);
  const navigate = useNavigate();
  const trial = useTrialLimit('questions');
  const creation = useCreateQuestion();
  const [error, setError] = useState<string | null>(null);

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{T.insertHeading}</Title>
      <TrialLimitBanner limit={trial} />
      {trial.isExpired && (
        // Up front, before anything is typed: why this page cannot add a question (issue 26).
        <Alert
          color="red"
          variant="light"
          icon={<IconClockExclamation size={20} aria-hidden />}
          data-testid="trial-expired-note"
        >
          <Group gap="sm" justify="space-between">
            <Text size="sm">{trial.message || MESSAGES.register.trialExpired}</Text>
            <Anchor component={Link} to="/payments" fw={600} size="sm">
              {MESSAGES.trial.upgradeToPaid}
            </Anchor>
          </Group>
        </Alert>
      )}
      <QuestionForm
        initialValues={EMPTY_QUESTION_FORM}
        initialMode="none"
        submitLabel={T.saveQuestion}
        saving={creation.isPending}
        saveBlocked={trial.isLimitReached}
        saveError={
          error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )
        }
        onSave={(request) => {
          setError(null);
          creation.mutate(
            { ...request, teacherId: getStoredUser()?.userId },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'green',
                  message: MESSAGES.questions.saved,
                  autoClose: SUCCESS_MESSAGE_MS,
                });
                navigate('/view-questions');
              },
              onError: (failure) => setError(saveFailedMessage(failure)),
            },
          );
        }}
      />
    </Stack>
  );
}
