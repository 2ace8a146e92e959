import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  TEST_QUESTIONS_MAX,
  TEST_TITLE_MAX,
  type TClassTest,
  type TClassTestSavedResponse,
} from '@stem/contract/class-tests';
import { MESSAGES } from '@stem/contract/messages';
import { QuestionOrderList } from '../../../components/question-order/question-order-list';
import { useQuestionOrder } from '../../../components/question-order/use-question-order';
import { describeError } from '../../../lib/http';
import { useSaveTest } from '../api';

const T = MESSAGES.classTests;

type TQuestion = { _id: string; question: string };

/**
 * A test's title and questions, in order (a new test, or `test` edited). Saving checks the rules
 * the server checks again (a title, 1 to 20 questions) and shows the server's reason when refused.
 */
function TestForm({
  classId,
  questions,
  test,
  onSaved,
  onCancel,
}: {
  classId: string;
  questions: TQuestion[];
  test: TClassTest | null;
  onSaved: (reply: TClassTestSavedResponse) => void;
  onCancel: () => void;
}) {
  const own = test?.questions.map((q) => q.id) ?? [];
  const order = useQuestionOrder(questions, {
    chosen: test ? own : [],
    // The test's questions first, in its order; the class's others after.
    order: [...own, ...questions.map((q) => q._id).filter((id) => !own.includes(id))],
  });
  const [title, setTitle] = useState(test?.title ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTest(classId);
  const count = order.chosenInOrder.length;

  const submit = () => {
    if (title.trim() === '') return setError(T.titleRequired);
    if (count === 0) return setError(T.questionsRequired);
    if (count > TEST_QUESTIONS_MAX) return setError(T.tooManyQuestions(TEST_QUESTIONS_MAX));
    setError(null);
    save.mutate(
      { ...(test ? { id: test.id } : {}), title: title.trim(), questionIds: order.chosenInOrder },
      {
        onSuccess: onSaved,
        onError: (failure) => setError(describeError(failure, { fallback: T.saveFailed })),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <TextInput
          label={T.titleLabel}
          placeholder={T.titlePlaceholder}
          value={title}
          maxLength={TEST_TITLE_MAX}
          onChange={(event) => setTitle(event.currentTarget.value)}
          required
          data-autofocus
        />
        <QuestionOrderList
          label={T.questionsLabel}
          order={order}
          movable
          upLabel={T.orderUp}
          downLabel={T.orderDown}
        />
        <Text size="xs" c={count > TEST_QUESTIONS_MAX ? 'red' : 'dimmed'}>
          {T.questionsChosen(count, TEST_QUESTIONS_MAX)}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {T.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The dialog that makes or edits a test; closed when `opened` is false. */
export function TestEditor({
  classId,
  questions,
  test,
  opened,
  onClose,
  onSaved,
}: {
  classId: string;
  questions: TQuestion[];
  test: TClassTest | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (reply: TClassTestSavedResponse) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={test ? T.editorEditTitle : T.editorNewTitle}
      size="lg"
    >
      {/* A fresh form each time it opens (and for each test). */}
      {opened && (
        <TestForm
          key={test?.id ?? 'new'}
          classId={classId}
          questions={questions}
          test={test}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
