import { Modal } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import type { TStudentRef } from '@stem/contract/teaching';
import { SubmissionMiniList } from '../../../components/submission-mini-list';
import { studentWorkPath } from '../api/admin-classes';

/**
 * One student's work in this class (issue 18 `class/{c}/student/{s}/submissions`), opened from the
 * class page's student table; each row opens the full list's details drawer.
 */
export function StudentWorkModal({
  classId,
  student,
  listPath,
  onClose,
}: {
  classId: string;
  student: TStudentRef | null;
  listPath: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={student !== null}
      onClose={onClose}
      title={student ? MESSAGES.admin.studentWorkTitle(student.name) : ''}
      size="lg"
      centered
    >
      {student && (
        <SubmissionMiniList
          path={studentWorkPath(classId, student._id)}
          queryKey={['class-student', classId, student._id]}
          listPath={listPath}
          emptyText={MESSAGES.admin.noStudentWork}
        />
      )}
    </Modal>
  );
}
