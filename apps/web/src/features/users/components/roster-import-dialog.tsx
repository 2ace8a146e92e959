import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { MOBILE_MAX_WIDTH, ROSTER_MAX_BYTES } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  rosterLimitRefusal,
  type TRosterImportResult,
  type TRosterOutcome,
  type TRosterPreview,
} from '@stem/contract/roster';
import { failureReason, previewRoster, useImportRoster } from '../api';

const R = MESSAGES.roster;
const OUTCOME_COLOURS: Record<TRosterOutcome, string> = {
  new: 'teal',
  existing: 'gray',
  error: 'red',
};

/** The table of a preview: every row with its outcome, errors with their reason. */
export function RosterPreviewTable({ preview }: { preview: TRosterPreview }) {
  return (
    <ScrollArea.Autosize mah={360}>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing={4} fz="sm" aria-label={R.importTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{R.columnRow}</Table.Th>
              <Table.Th>{R.columnName}</Table.Th>
              <Table.Th>{R.columnEmail}</Table.Th>
              <Table.Th>{R.columnRole}</Table.Th>
              <Table.Th>{R.columnClass}</Table.Th>
              <Table.Th>{R.columnYearGroup}</Table.Th>
              <Table.Th>{R.columnOutcome}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.row} data-testid="roster-row">
                <Table.Td>{row.row}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.name}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                <Table.Td>{row.role}</Table.Td>
                <Table.Td>{row.className}</Table.Td>
                <Table.Td>{row.yearGroup}</Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME_COLOURS[row.outcome]} variant="light">
                    {R.outcome[row.outcome]}
                  </Badge>
                  {row.reason && (
                    <Text size="xs" c="red.8">
                      {row.reason}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ScrollArea.Autosize>
  );
}

/**
 * "Import roster" (issue 29): choose a CSV → the server's preview (each row's outcome, the plan's
 * limits said before anything is written) → "Import N people" → what was created and how many
 * invitations went out. The file is sent again for the import; the server checks it all again.
 */
export function RosterImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`) ?? false;
  const [file, setFile] = useState<File | null>(null);
  const preview = useMutation({ mutationFn: previewRoster });
  const importing = useImportRoster();
  const [result, setResult] = useState<{ message: string; data: TRosterImportResult } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setResult(null);
    setError(null);
    preview.reset();
    importing.reset();
  };
  const close = () => {
    if (importing.isPending) return;
    reset();
    onClose();
  };

  const check = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setError(null);
    preview.reset();
    if (chosen) {
      preview.mutate(chosen, { onError: (failure) => setError(failureReason(failure)) });
    }
  };

  const data = preview.data;
  const toImport = data ? data.counts.new : 0;
  const anythingToDo = data ? data.counts.new + data.counts.placements > 0 : false;

  const runImport = () => {
    if (!file) return;
    setError(null);
    importing.mutate(file, {
      onSuccess: (reply) => setResult({ message: reply.message, data: reply.data }),
      onError: (failure) => setError(failureReason(failure)),
    });
  };

  let body;
  if (result) {
    body = (
      <Alert color="teal" role="status" title={R.importTitle}>
        {result.message}
      </Alert>
    );
  } else if (data) {
    body = (
      <Stack gap="sm">
        <Text fw={600} role="status">
          {R.previewCounts(data.counts.new, data.counts.existing, data.counts.error)}
        </Text>
        <Alert color={data.limits.fits ? 'blue' : 'red'} data-testid="roster-limits">
          {R.limitStatement(data.limits)}
          {data.limits.fits ? '' : ` ${rosterLimitRefusal(data.limits) ?? ''}`}
        </Alert>
        {data.counts.error > 0 && (
          <Text size="sm" c="dimmed">
            {R.errorsSkipped(data.counts.error)}
          </Text>
        )}
        {!anythingToDo && (
          <Text size="sm" c="dimmed">
            {R.nothingToImport}
          </Text>
        )}
        <RosterPreviewTable preview={data} />
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={R.importTitle}
      size="xl"
      centered
      fullScreen={isPhone}
    >
      <Stack>
        <Text size="sm">{R.importHelp}</Text>
        <Text size="xs" c="dimmed">
          {R.fileLimits(ROSTER_MAX_BYTES / (1024 * 1024))}
        </Text>
        {!result && (
          <FileInput
            label={R.fileLabel}
            placeholder={R.filePlaceholder}
            accept=".csv,text/csv"
            value={file}
            onChange={check}
            leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            clearable
          />
        )}
        {preview.isPending && (
          <Text size="sm" role="status">
            {R.previewing}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {body}
        <Group justify="flex-end">
          {result ? (
            <>
              <Button variant="default" onClick={reset}>
                {R.chooseAnother}
              </Button>
              <Button onClick={close}>{R.close}</Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={importing.isPending}>
                {R.cancel}
              </Button>
              <Button
                onClick={runImport}
                loading={importing.isPending}
                disabled={!data || !data.limits.fits || !anythingToDo}
              >
                {R.importSubmit(toImport)}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
