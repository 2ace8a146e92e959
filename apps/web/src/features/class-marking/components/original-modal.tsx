import { Anchor, Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TClassAnswer } from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';
import { ScanCrop } from '../../../components/scan-crop/scan-crop';
import { formatSubmissionDate } from '../../../lib/dates';

const C = MESSAGES.classMarking;

/**
 * P or O: the answer as it was handed in. No photo or upload is kept once its text is read (the
 * privacy notice), so this is its text as read, how it arrived, the OCR's confidence, a scanned
 * answer's image while its stack is being checked, and a way to the whole submission (left out in
 * anonymous mode, where it would name the student).
 */
export function OriginalModal({
  answer,
  title,
  anonymous,
  listPath,
  onClose,
}: {
  /** The submissions list that opens a submission's details (the teacher's or the admin's). */
  listPath: string;
  answer: TClassAnswer | null;
  title: string;
  anonymous: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={answer !== null}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': C.close }}
    >
      {answer && (
        <Stack gap="sm" data-testid="class-marking-original">
          <Group gap="xs" wrap="wrap">
            <Badge variant="outline" color="gray" tt="none">
              {C.source[answer.source]}
            </Badge>
            <Text size="sm">{C.handedIn[answer.submissionSource]}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {MESSAGES.submissionsPage.submittedOn(
              formatSubmissionDate(answer.submittedAt, { hour12: false }),
            )}
            {answer.ocrConfidence !== null && answer.source !== 'typed'
              ? ` · ${C.ocr(answer.ocrConfidence)}`
              : ''}
          </Text>
          <Text
            ff="monospace"
            size="sm"
            p="sm"
            bg="var(--mantine-color-gray-light)"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderRadius: 4 }}
          >
            {answer.answer.trim() ? answer.answer : C.emptyAnswer}
          </Text>
          {answer.cropId !== null && <ScanCrop cropId={answer.cropId} place={title} />}
          {answer.source !== 'typed' && (
            <Text size="xs" c="dimmed">
              {answer.cropId !== null ? C.scanNote : C.originalNote}
            </Text>
          )}
          {!anonymous && (
            <Anchor
              component={Link}
              to={listPath}
              state={{ openSubmissionId: answer.submissionId }}
              size="sm"
            >
              {MESSAGES.regrades.openSubmission}
            </Anchor>
          )}
        </Stack>
      )}
    </Modal>
  );
}
