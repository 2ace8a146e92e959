import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { MOBILE_MAX_WIDTH, SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TStudentRef } from '@stem/contract/teaching';
import { useRemoveStudent } from '../api/remove-student';

const T = MESSAGES.classesPage;

type TProps = {
  classId: string;
  className: string;
  students: TStudentRef[];
  /** Opens one student's work in this class (issue 18). */
  onViewWork?: (student: TStudentRef) => void;
  /** False on the admin's class page: removing is the class teacher's. */
  removable?: boolean;
};

/**
 * The class's students (spec 02 §2): name, email and a remove action. There is no way back into the
 * class from the teacher's side, so removal is confirmed first.
 */
export function ClassStudentsTable({
  classId,
  className,
  students,
  onViewWork,
  removable = true,
}: TProps) {
  const removal = useRemoveStudent();
  const [pending, setPending] = useState<TStudentRef | null>(null);
  const [error, setError] = useState<string | null>(null);
  // On a phone each student is a small card: an e-mail column does not fit beside the name.
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`) ?? false;

  const removeButton = (student: TStudentRef, justify: 'flex-start' | 'flex-end' = 'flex-end') => (
    <Group gap={6} wrap="nowrap" justify={justify}>
      {onViewWork && (
        <Button
          size="xs"
          variant="default"
          onClick={() => onViewWork(student)}
          aria-label={`${MESSAGES.admin.viewWork}: ${student.name}`}
        >
          {MESSAGES.admin.viewWork}
        </Button>
      )}
      {removable && removeOnly(student)}
    </Group>
  );

  const removeOnly = (student: TStudentRef) => (
    <Button
      size="xs"
      color="red"
      variant="light"
      leftSection={<IconUserMinus size={14} aria-hidden />}
      aria-label={T.removeStudentLabel(student.name)}
      onClick={() => setPending(student)}
    >
      {T.remove}
    </Button>
  );

  const confirmRemoval = () => {
    if (!pending) return;
    setError(null);
    removal.mutate(
      { classId, studentId: pending._id },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: MESSAGES.classes.studentRemoved,
            autoClose: SUCCESS_MESSAGE_MS,
          }),
        onError: () => setError(MESSAGES.classes.removeStudentFailed),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <>
      {error && (
        <Alert color="red" role="alert" mb="sm" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {students.length === 0 && <Text c="dimmed">{T.noClassStudents}</Text>}
      {students.length > 0 && isPhone && (
        <Stack gap="sm">
          {students.map((student) => (
            <Paper key={student._id} withBorder p="sm" radius="md">
              {/* Name and e-mail take the card's whole width, the buttons go beneath: beside two
                  buttons a 390 px card left the e-mail a column a dozen letters wide. */}
              <Stack gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {student.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {student.email}
                  </Text>
                </div>
                {removeButton(student, 'flex-start')}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {students.length > 0 && !isPhone && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.nameColumn}</Table.Th>
                <Table.Th>{T.emailColumn}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{T.actionsColumn}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((student) => (
                <Table.Tr key={student._id}>
                  <Table.Td>{student.name}</Table.Td>
                  <Table.Td>{student.email}</Table.Td>
                  <Table.Td ta="right">{removeButton(student)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={pending !== null}
        onClose={() => (removal.isPending ? undefined : setPending(null))}
        title={T.removeStudentTitle}
        centered
      >
        <Stack>
          <Text>{pending ? T.removeStudentConfirm(pending.name, className) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)} disabled={removal.isPending}>
              {T.cancel}
            </Button>
            <Button color="red" onClick={confirmRemoval} loading={removal.isPending}>
              {T.remove}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
