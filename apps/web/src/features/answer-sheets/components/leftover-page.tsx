import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { SCAN_MESSAGES, type TScanPage } from '@stem/contract/scans';
import { uploadErrorText } from '../../upload-work/api/submit-for-student';
import { useAssignPage } from '../api/scans';

const T = SCAN_MESSAGES;

type TProps = {
  batchId: string;
  totalPages: number;
  page: TScanPage;
  students: { id: string; name: string }[];
  questions: { id: string; question: string }[];
};

/**
 * A page the app could not place: its place in the stack and why, the text read from it (no image is
 * kept), and a student and question to assign it to.
 */
export function LeftoverPage({ batchId, totalPages, page, students, questions }: TProps) {
  const [studentId, setStudentId] = useState<string | null>(page.student?.id ?? null);
  const [questionId, setQuestionId] = useState<string | null>(page.questionId);
  const assign = useAssignPage(batchId);
  const place = T.pagePlace(page.pageNumber, totalPages);
  const why = page.reason ? T.reasons[page.reason] : '';
  const headingId = `leftover-${page.id}`;
  // A page the teacher has placed stays in the list, saying where it went.
  const placedOn = page.student?.name || students.find((s) => s.id === page.student?.id)?.name;
  const placedIndex = questions.findIndex((q) => q.id === page.questionId);
  const placedQuestion =
    placedIndex < 0 ? undefined : `${placedIndex + 1}. ${questions[placedIndex]?.question}`;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Text fw={600} id={headingId}>
          {place}
          {why ? `, ${why}` : ''}
        </Text>
        <Text
          component="pre"
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}
          c={page.text ? undefined : 'dimmed'}
          aria-label={`${place}: text`}
        >
          {page.text || T.noText}
        </Text>
        {page.status === 'assigned' && (
          <Group gap={6} wrap="nowrap" align="flex-start" role="status">
            <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
            <Text size="sm">
              {T.assigned}
              {placedOn ? ` ${T.studentLabel}: ${placedOn}.` : ''}
              {placedQuestion ? ` ${T.questionLabel}: ${placedQuestion}` : ''}
            </Text>
          </Group>
        )}
        {page.status === 'needs_teacher' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (studentId && questionId) {
                assign.mutate({ pageId: page.id, studentId, questionId });
              }
            }}
          >
            <Group align="flex-end" wrap="wrap">
              <Select
                label={T.studentLabel}
                data={students.map((s) => ({ value: s.id, label: s.name }))}
                value={studentId}
                onChange={setStudentId}
                searchable
                w={{ base: '100%', sm: 220 }}
                aria-label={`${T.studentLabel} for ${place}`}
              />
              <Select
                label={T.questionLabel}
                data={questions.map((q, i) => ({ value: q.id, label: `${i + 1}. ${q.question}` }))}
                value={questionId}
                onChange={setQuestionId}
                w={{ base: '100%', sm: 280 }}
                aria-label={`${T.questionLabel} for ${place}`}
              />
              <Button type="submit" disabled={!studentId || !questionId} loading={assign.isPending}>
                {T.assign}
              </Button>
            </Group>
            {assign.isError && (
              <Alert color="red" mt="sm" role="alert">
                {uploadErrorText(assign.error)}
              </Alert>
            )}
          </form>
        )}
      </Stack>
    </Paper>
  );
}
