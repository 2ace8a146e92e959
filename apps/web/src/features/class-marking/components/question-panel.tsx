import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TClassQuestionAnswers } from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';

const C = MESSAGES.classMarking;

/** The question and its rubric, beside the answers (or below them on a phone). */
export function QuestionPanel({ question }: { question: TClassQuestionAnswers['question'] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={C.questionHeading}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {C.questionHeading}
          </Title>
          <Text mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {question.question}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {C.marks(question.marks)} ·{' '}
            {C.markRanges(question.lowMarkRange, question.highMarkRange)}
          </Text>
        </div>
        <div>
          <Title order={2} size="h4">
            {C.rubricHeading}
          </Title>
          <Text
            size="sm"
            mt={4}
            data-testid="class-marking-rubric"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {question.rubric}
          </Text>
        </div>
      </Stack>
    </Paper>
  );
}
