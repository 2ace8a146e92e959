import { Alert, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TClassTest, TClassTestStudentResult } from '@stem/contract/class-tests';
import { MOBILE_MAX_WIDTH } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { LoadingLine } from '../../../components/loading-line';
import { DownloadCsvButton } from '../../analytics/components/download-csv-button';
import { testExportPath, useTestResults } from '../api';

const T = MESSAGES.classTests;

function Cell({ cell }: { cell: TClassTestStudentResult['marks'][number] }) {
  if (cell.score === null) {
    return (
      <Text span size="sm" c="dimmed">
        {T.notAnswered}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <span>{cell.score}</span>
      {cell.held && (
        <Tooltip label={T.heldHint}>
          <Badge size="xs" color="yellow" variant="light">
            {T.held}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

const totalOf = (student: TClassTestStudentResult, test: TClassTest) =>
  student.total === null ? '–' : T.totalOf(student.total, test.totalMarks);

/**
 * A test's results (issues 28, 29): each student's latest marked score per question (or "Not
 * answered", and "Held" when the student does not see it yet) and their total out of the test's
 * marks, as Gradescope shows an assignment's total; a table, or one card a student on a phone; the
 * CSV with each student's e-mail and id.
 */
export function TestResults({ classId, test }: { classId: string; test: TClassTest }) {
  const results = useTestResults(classId, test.id);
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`) ?? false;
  if (results.isPending) return <LoadingLine>{T.results}</LoadingLine>;
  if (results.isError) {
    return (
      <Alert color="red" role="alert">
        {T.resultsFailed}
      </Alert>
    );
  }
  const { students } = results.data;
  const questions = results.data.test.questions;
  return (
    <Stack gap="xs" data-testid="test-results">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 18rem' }}>
          {T.resultsHelp}
        </Text>
        <DownloadCsvButton
          path={testExportPath(classId, test.id)}
          label={T.downloadCsv}
          size="xs"
        />
      </Group>
      {students.length === 0 ? (
        <Text size="sm">{T.resultsEmpty}</Text>
      ) : isPhone ? (
        <Stack gap="xs" role="list" aria-label={T.resultsTitle(test.title)}>
          {students.map((s) => (
            <Paper
              key={s.studentId}
              withBorder
              p="sm"
              role="listitem"
              data-testid="test-result-row"
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {s.name}
                </Text>
                <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {totalOf(s, results.data.test)}
                </Text>
              </Group>
              <Stack gap={2} mt={4}>
                {questions.map((q, i) => (
                  <Group key={q.id} justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm">{T.columnQuestion(q.number, q.marks)}</Text>
                    <Cell cell={s.marks[i] ?? { score: null, held: false }} />
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={360} type="native">
          <Table striped verticalSpacing={4} fz="sm" aria-label={T.resultsTitle(test.title)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.columnStudent}</Table.Th>
                {questions.map((q) => (
                  <Table.Th key={q.id} title={q.question}>
                    {T.columnQuestion(q.number, q.marks)}
                  </Table.Th>
                ))}
                <Table.Th>{T.columnAnswered}</Table.Th>
                <Table.Th>{T.columnTotal}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((s) => (
                <Table.Tr key={s.studentId} data-testid="test-result-row">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.name}</Table.Td>
                  {questions.map((q, i) => (
                    <Table.Td key={q.id}>
                      <Cell cell={s.marks[i] ?? { score: null, held: false }} />
                    </Table.Td>
                  ))}
                  <Table.Td>{T.answeredOf(s.answered, questions.length)}</Table.Td>
                  <Table.Td fw={600}>{totalOf(s, results.data.test)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
