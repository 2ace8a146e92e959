import { LoadError } from '../../../components/load-error';
import { LoadingLine } from '../../../components/loading-line';
import { Alert, Badge, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestion } from '@stem/contract/teaching';
import { useAddQuestionToClass } from '../api/add-question-to-class';
import { useClassOptions } from '../api/get-class-options';
import classes from '../questions.module.css';

const T = MESSAGES.questionsPage;

type TProps = { question: TQuestion | null; onClose: () => void };

/** The Add To Class modal, "Select a Class" (spec 02 §2): one click adds the question to a class. */
export function AddToClassModal({ question, onClose }: TProps) {
  const opened = question !== null;
  const options = useClassOptions(opened);
  const adding = useAddQuestionToClass();
  const [addingTo, setAddingTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (adding.isPending) return;
    setError(null);
    onClose();
  };

  const add = (classId: string) => {
    if (!question) return;
    setError(null);
    setAddingTo(classId);
    adding.mutate(
      { questionId: question._id, classId },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: MESSAGES.questions.addedToClass,
            autoClose: SUCCESS_MESSAGE_MS,
          });
          onClose();
        },
        onError: () => setError(MESSAGES.questions.addToClassFailed),
        onSettled: () => setAddingTo(null),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={T.selectClassTitle} centered>
      <Stack>
        {options.isPending && <LoadingLine>{T.loadingClasses}</LoadingLine>}
        {options.isError && (
          <LoadError
            message={MESSAGES.classes.loadFailed}
            onRetry={() => void options.refetch()}
            retrying={options.isFetching}
          />
        )}
        {options.data && options.data.length === 0 && (
          <Text c="dimmed">{MESSAGES.questions.noActiveClasses}</Text>
        )}
        {options.data && options.data.length > 0 && (
          <Stack gap="xs" component="ul" className={classes.classList}>
            {options.data.map((cls) => {
              const isIn = question?.classIds.includes(cls._id) ?? false;
              return (
                <li key={cls._id}>
                  <UnstyledButton
                    className={classes.classOption}
                    onClick={() => add(cls._id)}
                    disabled={isIn || adding.isPending}
                    aria-label={isIn ? `${cls.name} (${T.alreadyInClass})` : cls.name}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} truncate="end">
                          {cls.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {T.classCounts(cls.studentCount, cls.questionCount)}
                        </Text>
                      </div>
                      {addingTo === cls._id && <Loader size="xs" />}
                      {isIn && (
                        <Badge
                          color="green"
                          variant="light"
                          leftSection={<IconCheck size={12} />}
                          style={{ flexShrink: 0 }}
                        >
                          {T.alreadyInClass}
                        </Badge>
                      )}
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
