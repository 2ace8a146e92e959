import { Alert, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChecklist, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { MOBILE_MAX_WIDTH, SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestion } from '@stem/contract/teaching';
import { useRemoveQuestionFromClass } from '../api/remove-class-question';
import { QuestionMarkingControl } from '../../regrades/components/question-marking-control';

const T = MESSAGES.classesPage;

type TProps = { classId: string; questions: TQuestion[] };

/** The class's questions (spec 02 §2): text, total marks, low-to-high mark range, remove action. */
export function ClassQuestionsTable({ classId, questions }: TProps) {
  const removal = useRemoveQuestionFromClass();
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A four-column table does not fit a phone: each question becomes a small card there.
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`) ?? false;

  const remove = (questionId: string) => {
    setError(null);
    setRemovingId(questionId);
    removal.mutate(
      { classId, questionId },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: MESSAGES.questions.removedFromClass,
            autoClose: SUCCESS_MESSAGE_MS,
          }),
        onError: () => setError(MESSAGES.classes.removeQuestionFailed),
        onSettled: () => setRemovingId(null),
      },
    );
  };

  const removeButton = (question: TQuestion) => (
    <Button
      size="xs"
      color="red"
      variant="light"
      leftSection={<IconTrash size={14} aria-hidden />}
      aria-label={T.removeQuestionLabel(question.question)}
      loading={removingId === question._id}
      disabled={removingId !== null && removingId !== question._id}
      onClick={() => remove(question._id)}
    >
      {T.remove}
    </Button>
  );

  // Issue 27: mark this question across the whole class.
  const markButton = (question: TQuestion) => (
    <Button
      component={Link}
      to={`/class/${classId}/questions/${question._id}/mark`}
      size="xs"
      variant="light"
      leftSection={<IconChecklist size={14} aria-hidden />}
      aria-label={MESSAGES.classMarking.openLabel(question.question)}
    >
      {MESSAGES.classMarking.open}
    </Button>
  );

  if (questions.length === 0) {
    return <Text c="dimmed">{T.noClassQuestions}</Text>;
  }

  return (
    <>
      {error && (
        <Alert color="red" role="alert" mb="sm" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {isPhone ? (
        <Stack gap="sm">
          {questions.map((question) => (
            <Paper key={question._id} withBorder p="sm" radius="md">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {question.question}
              </Text>
              <Text size="sm" c="dimmed" mt={6}>
                {T.totalMarksColumn}: {question.marks} ·{' '}
                {T.markRange(question.lowMarkRange, question.highMarkRange)}
              </Text>
              <Group justify="flex-end" mt="xs" gap="xs">
                {markButton(question)}
                <QuestionMarkingControl
                  classId={classId}
                  questionId={question._id}
                  question={question.question}
                />
                {removeButton(question)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.questionColumn}</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>{T.totalMarksColumn}</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>{T.markRangeColumn}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{T.actionsColumn}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {questions.map((question) => (
                <Table.Tr key={question._id}>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {question.question}
                  </Table.Td>
                  <Table.Td>{question.marks}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {T.markRange(question.lowMarkRange, question.highMarkRange)}
                  </Table.Td>
                  {/* As wide as its buttons: the question's text takes what is left. */}
                  <Table.Td ta="right" style={{ width: '1%', whiteSpace: 'nowrap' }}>
                    {/* Each button and badge at its full width: the cell grows to hold them all. */}
                    <Group
                      gap="xs"
                      justify="flex-end"
                      wrap="nowrap"
                      preventGrowOverflow={false}
                      style={{ minWidth: 'max-content' }}
                    >
                      {markButton(question)}
                      <QuestionMarkingControl
                        classId={classId}
                        questionId={question._id}
                        question={question.question}
                      />
                      {removeButton(question)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
