import { ScrollArea, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import {
  ANALYTICS_MESSAGES,
  type TGridCell,
  type TQuestionStats,
  type TStudentStats,
} from '@stem/contract/analytics';
import classes from './score-grid.module.css';

const T = ANALYTICS_MESSAGES;

/** Red (none of the marks) through amber to green (all of them), light enough for dark text. */
export function shareColour(share: number): string {
  const hue = Math.round(Math.max(0, Math.min(1, share)) * 120);
  return `hsl(${hue} 70% 84%)`;
}

/**
 * Students × questions: each cell the student's latest marked attempt, coloured by the share of the
 * marks and labelled with the score (so colour is never the only signal). A cell opens that answer
 * when `onOpen` is given.
 */
export function ScoreGrid({
  students,
  questions,
  cells,
  onOpen,
}: {
  students: TStudentStats[];
  questions: TQuestionStats[];
  cells: TGridCell[];
  /** Opens the submission of a cell, at the answer to that cell's question. */
  onOpen?: (submissionId: string, questionId: string) => void;
}) {
  const byKey = useMemo(
    () => new Map(cells.map((c) => [`${c.studentId}:${c.questionId}`, c])),
    [cells],
  );
  return (
    <ScrollArea type="auto" offsetScrollbars data-testid="score-grid">
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing={4}
        horizontalSpacing={6}
        className={classes.grid}
        aria-label={T.gridTitle}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.sticky} scope="col">
              {T.gridStudent}
            </Table.Th>
            {questions.map((q, i) => (
              <Table.Th key={q.id} scope="col" ta="center">
                <Tooltip label={q.question} multiline maw={320} withinPortal>
                  <span>{T.questionHeader(i + 1)}</span>
                </Tooltip>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Th scope="row" className={classes.sticky}>
                <Text size="sm" fw={500} className={classes.name}>
                  {s.name}
                </Text>
              </Table.Th>
              {questions.map((q, i) => {
                const cell = byKey.get(`${s.id}:${q.id}`);
                if (!cell) {
                  return (
                    <Table.Td key={q.id} ta="center" c="dimmed" aria-label={T.gridEmpty}>
                      –
                    </Table.Td>
                  );
                }
                const label = T.gridCell(s.name, T.questionHeader(i + 1), cell.score, cell.marks);
                const content = `${cell.score}/${cell.marks}`;
                return (
                  <Table.Td
                    key={q.id}
                    p={0}
                    style={{ background: shareColour(cell.score / Math.max(1, cell.marks)) }}
                  >
                    {onOpen ? (
                      <UnstyledButton
                        className={classes.cell}
                        aria-label={label}
                        onClick={() => onOpen(cell.submissionId, cell.questionId)}
                      >
                        {content}
                      </UnstyledButton>
                    ) : (
                      <span className={classes.cell} role="img" aria-label={label}>
                        {content}
                      </span>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
