import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MOBILE_MAX_WIDTH } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { rosterLimitRefusal } from '@stem/contract/roster';
import { RosterPreviewTable } from '../../users/components/roster-import-dialog';
import { classroomFailure, previewClassroomRoster, useImportClassroomRoster } from '../api';

const T = MESSAGES.classroom;
const R = MESSAGES.roster;

/**
 * "Import roster" from the linked Classroom course (issue 29): the server's preview first (each
 * student's outcome and the plan's limits, nothing written), then the import, as the CSV import does.
 */
export function ClassroomRosterDialog({
  classId,
  opened,
  onClose,
}: {
  classId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`) ?? false;
  const preview = useQuery({
    queryKey: ['classroom', classId, 'roster-preview'],
    queryFn: () => previewClassroomRoster(classId),
    enabled: opened,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });
  const importing = useImportClassroomRoster(classId);
  const [done, setDone] = useState<string | null>(null);

  const close = () => {
    if (importing.isPending) return;
    setDone(null);
    importing.reset();
    onClose();
  };
  const data = preview.data;
  const anythingToDo = data ? data.counts.new + data.counts.placements > 0 : false;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={T.rosterTitle}
      size="xl"
      centered
      fullScreen={isPhone}
    >
      <Stack>
        <Text size="sm">{T.rosterHelp}</Text>
        {preview.isPending && (
          <Text size="sm" role="status">
            {R.previewing}
          </Text>
        )}
        {preview.isError && (
          <Alert color="red" role="alert">
            {classroomFailure(preview.error)}
          </Alert>
        )}
        {importing.isError && (
          <Alert color="red" role="alert">
            {classroomFailure(importing.error)}
          </Alert>
        )}
        {done ? (
          <Alert color="teal" role="status" title={T.rosterTitle}>
            {done}
          </Alert>
        ) : (
          data && (
            <Stack gap="sm">
              <Text fw={600} role="status">
                {data.rows.length === 0
                  ? T.rosterEmpty
                  : R.previewCounts(data.counts.new, data.counts.existing, data.counts.error)}
              </Text>
              <Alert color={data.limits.fits ? 'blue' : 'red'} data-testid="classroom-limits">
                {R.limitStatement(data.limits)}
                {data.limits.fits ? '' : ` ${rosterLimitRefusal(data.limits) ?? ''}`}
              </Alert>
              {data.counts.error > 0 && (
                <Text size="sm" c="dimmed">
                  {R.errorsSkipped(data.counts.error)}
                </Text>
              )}
              {data.rows.length > 0 && <RosterPreviewTable preview={data} />}
            </Stack>
          )
        )}
        <Group justify="flex-end">
          {done ? (
            <Button onClick={close}>{T.close}</Button>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={importing.isPending}>
                {T.cancel}
              </Button>
              <Button
                loading={importing.isPending}
                disabled={!data || !data.limits.fits || !anythingToDo}
                onClick={() =>
                  importing.mutate(undefined, { onSuccess: (reply) => setDone(reply.message) })
                }
              >
                {R.importSubmit(data ? data.counts.new + data.counts.placements : 0)}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
