import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestion } from '@stem/contract/teaching';
import { deleteErrorMessage, useDeleteQuestion } from '../api/delete-question';

const T = MESSAGES.questionsPage;

type TProps = { question: TQuestion | null; onClose: () => void };

/** "Are you sure you want to delete this question?" (spec 02 §5), then the delete. */
export function DeleteQuestionModal({ question, onClose }: TProps) {
  const removal = useDeleteQuestion();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (removal.isPending) return;
    setError(null);
    onClose();
  };

  const confirm = () => {
    if (!question) return;
    setError(null);
    removal.mutate(question._id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: MESSAGES.questions.deleted,
          autoClose: SUCCESS_MESSAGE_MS,
        });
        onClose();
      },
      onError: (failure) => setError(deleteErrorMessage(failure)),
    });
  };

  return (
    <Modal opened={question !== null} onClose={close} title={T.deleteTitle} centered>
      <Stack>
        <Text>{MESSAGES.questions.deleteConfirm}</Text>
        {question && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {question.question}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={removal.isPending}>
            {T.cancel}
          </Button>
          <Button color="red" onClick={confirm} loading={removal.isPending}>
            {T.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
