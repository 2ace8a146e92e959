import { Stack, Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import { normaliseFeedback } from './normalise-feedback';

const T = MESSAGES.submissionsPage;

/**
 * A middle mark, between the low and the high range, comes as the score alone ("1"): "Mark range: 1"
 * says nothing the score beside it does not.
 */
export function isBareScore(markRange: string): boolean {
  return /^\s*\d+\s*$/.test(markRange);
}

/**
 * The marker's comment and suggestion for one answer, whatever shape the feedback came in
 * (list, object or string); "No feedback provided yet" when there is none.
 */
export function FeedbackBlock({
  feedback,
  showMarkRange = true,
}: {
  feedback: unknown;
  /** False where a teacher's mark replaced the marker's (its range would contradict it). */
  showMarkRange?: boolean;
}) {
  const items = normaliseFeedback(feedback);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {MESSAGES.submissions.noFeedback}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {items.map((item, index) => (
        <Stack key={index} gap={4} data-testid="feedback-item">
          {item.aiComment && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              <Text span fw={600}>
                {T.aiComment}:{' '}
              </Text>
              {item.aiComment}
            </Text>
          )}
          {item.suggestion && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              <Text span fw={600}>
                {T.suggestion}:{' '}
              </Text>
              {item.suggestion}
            </Text>
          )}
          {showMarkRange && item.markRange && !isBareScore(item.markRange) && (
            <Text size="xs" c="dimmed">
              {T.markRange(item.markRange)}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
