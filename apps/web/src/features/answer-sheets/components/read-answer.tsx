import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { SCAN_MESSAGES, type TScanAnswer } from '@stem/contract/scans';
import { ScanCrop } from '../../../components/scan-crop/scan-crop';
import { CorrectScannedText } from '../../submissions/components/correct-scanned-text';
import { ReplaceWithRescan } from './replace-with-rescan';

const T = SCAN_MESSAGES;

type TProps = {
  batchId: string;
  answer: TScanAnswer;
  totalPages: number;
  /** The question's text, when it is one of the batch's class. */
  question: string | undefined;
};

/**
 * One answer the batch placed (issue 28): whose and which question, its mark, the scan it was read
 * from (while the batch is open) beside the text read, which the teacher corrects to mark it again,
 * or replaces with a re-scan of its page.
 */
export function ReadAnswer({ batchId, answer, totalPages, question }: TProps) {
  const place = T.pagePlace(answer.pageNumber, totalPages);
  const headingId = `read-answer-${answer.answerId}`;
  const number = answer.questionNumber === null ? '' : T.questionNumber(answer.questionNumber);
  const what = [number, question].filter(Boolean).join(': ');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} id={headingId}>
              {place} · {answer.student?.name || T.unknownStudent}
            </Text>
            {what && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {what}
              </Text>
            )}
          </Stack>
          <Group gap={6}>
            {answer.pending ? (
              <Badge variant="light" color="gray" tt="none">
                {T.pendingBadge}
              </Badge>
            ) : (
              answer.score !== null && (
                <Badge variant="light" color="blue" tt="none" size="lg">
                  {answer.score}/{answer.marks}
                </Badge>
              )
            )}
            {answer.needsReview && !answer.pending && (
              <Badge variant="light" color="orange" tt="none">
                {T.needsReviewBadge}
              </Badge>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ScanCrop cropId={answer.cropId} place={place} />
          <CorrectScannedText
            submissionId={answer.submissionId}
            answerId={answer.answerId}
            text={answer.text}
            place={place}
            disabled={answer.pending}
          />
        </SimpleGrid>
        <ReplaceWithRescan
          batchId={batchId}
          pageId={answer.pageId}
          place={place}
          disabled={answer.pending}
          note={answer.replacedEarlier ? T.replacedEarlier : undefined}
        />
      </Stack>
    </Paper>
  );
}
