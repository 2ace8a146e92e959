import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TStudentRef } from '@stem/contract/teaching';
import { LoadingLine } from '../../../components/loading-line';
import { serverMessageOf } from '../../../lib/http';
import { useAssignStudents } from '../api/admin-classes';
import { StudentPicker } from './student-picker';

const T = MESSAGES.admin;

/**
 * Add Students on a class page (issue 18 `assign-students`): the school's students who are not in the
 * class yet, with search and checkboxes; the server checks each is a student of the school.
 */
export function AddStudentsButton({
  classId,
  enrolled,
  candidates,
  loading,
}: {
  classId: string;
  enrolled: readonly TStudentRef[];
  candidates: TStudentRef[] | undefined;
  loading: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignStudents();
  const available = useMemo(() => {
    const inClass = new Set(enrolled.map((s) => s._id));
    return (candidates ?? []).filter((s) => !inClass.has(s._id));
  }, [candidates, enrolled]);

  const close = () => {
    if (assign.isPending) return;
    setOpen(false);
    setSelected(new Set());
    setError(null);
  };

  const submit = () => {
    setError(null);
    assign.mutate(
      { classId, students: [...selected] },
      {
        onSuccess: (reply) => {
          notifications.show({
            color: 'green',
            message: reply.message,
            autoClose: SUCCESS_MESSAGE_MS,
          });
          setSelected(new Set());
          setOpen(false);
        },
        onError: (e) => setError(serverMessageOf(e) ?? MESSAGES.generic.unexpected),
      },
    );
  };

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {T.addStudents}
      </Button>
      <Modal opened={open} onClose={close} title={T.addStudentsTitle} size="lg" centered>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {loading ? (
            <LoadingLine>{MESSAGES.classesPage.loadingStudents}</LoadingLine>
          ) : available.length === 0 ? (
            <Text c="dimmed">{T.noStudentsToAdd}</Text>
          ) : (
            <StudentPicker students={available} selected={selected} onChange={setSelected} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={assign.isPending}>
              {T.cancel}
            </Button>
            <Button onClick={submit} loading={assign.isPending} disabled={selected.size === 0}>
              {T.addSelected(selected.size)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
