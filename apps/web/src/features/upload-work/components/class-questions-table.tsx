import { Paper, Table, Text, Title } from '@mantine/core';
import type { TQuestion } from '@stem/contract/teaching';
import { MESSAGES } from '@stem/contract/messages';

const T = MESSAGES.uploadPage;

/** The chosen class's questions with their marks and mark ranges (spec 02 §2 upload page). */
export function ClassQuestionsTable({ questions }: { questions: readonly TQuestion[] }) {
  return (
    <section aria-labelledby="class-questions-heading">
      <Title order={2} size="h3" id="class-questions-heading" mb="sm">
        {T.classQuestions}
      </Title>
      {questions.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed" ta="center">
            {MESSAGES.upload.noClassQuestions}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          {/* Four short columns fit a phone's 358 px: the ranges are not past the edge to scroll to. */}
          <Table.ScrollContainer minWidth={320}>
            <Table striped verticalSpacing="sm" aria-labelledby="class-questions-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.questionColumn}</Table.Th>
                  <Table.Th ta="right">{T.marksColumn}</Table.Th>
                  <Table.Th>{T.lowColumn}</Table.Th>
                  <Table.Th>{T.highColumn}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {questions.map((question) => (
                  <Table.Tr key={question.id}>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {question.question}
                    </Table.Td>
                    <Table.Td ta="right">{question.marks}</Table.Td>
                    <Table.Td>{question.lowMarkRange}</Table.Td>
                    <Table.Td>{question.highMarkRange}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </section>
  );
}
