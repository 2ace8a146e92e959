import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { serverMessageOf, statusOf } from '../../../lib/http';
import { useQuestion } from '../api/get-question';
import { useUpdateQuestion } from '../api/save-question';
import { QuestionForm } from '../components/question-form';
import { questionToFormValues } from '../question-form-rules';
import { usePageTitle } from '../use-page-title';

const T = MESSAGES.questionsPage;

function BackToQuestions() {
  return (
    <Button
      component={Link}
      to="/view-questions"
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {T.backToQuestions}
    </Button>
  );
}

/** /edit-question/{id} (spec 02 §2 and §5): the saved question in the same form, same checks. */
export default function EditQuestionPage() {
  usePageTitle(T.editDocumentTitle);
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const query = useQuestion(id);
  const update = useUpdateQuestion(id);
  const [error, setError] = useState<{ detail: string | null } | null>(null);

  if (query.isPending) {
    return <LoadingLine>{T.loadingQuestion}</LoadingLine>;
  }

  if (query.isError) {
    return (
      <Stack align="flex-start">
        <Title order={1}>{T.editHeading}</Title>
        <LoadError
          message={MESSAGES.questions.detailsFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          <BackToQuestions />
        </LoadError>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{T.editHeading}</Title>
      <QuestionForm
        key={query.data._id}
        initialValues={questionToFormValues(query.data)}
        initialMode="existing"
        submitLabel={T.updateQuestion}
        saving={update.isPending}
        saveError={
          error && (
            <Alert color="red" role="alert" title={MESSAGES.questions.updateFailed}>
              {error.detail}
            </Alert>
          )
        }
        onSave={(request) => {
          setError(null);
          update.mutate(request, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                message: MESSAGES.questions.updated,
                autoClose: SUCCESS_MESSAGE_MS,
              });
              navigate('/view-questions');
            },
            // The spec's "Failed to update question.", with the server's reason when it gave one.
            onError: (failure) => {
              const status = statusOf(failure);
              const detail =
                status !== undefined && status < 500 ? serverMessageOf(failure) : undefined;
              setError({ detail: detail ?? null });
            },
          });
        }}
      />
    </Stack>
  );
}
