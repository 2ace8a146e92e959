import { Group, Paper, Stack, Text } from '@mantine/core';
import type { TSubmissionStatus } from '@stem/contract/submissions';
import { MESSAGES } from '@stem/contract/messages';
import { FeedbackBlock } from '../../../components/submission-feedback/feedback-block';
import type { TAnswerView } from '../api/submission-schema';
import { ModerationNotice } from './moderation-notice';
import { ScoreBadge } from './score-badge';

const T = MESSAGES.submissionsPage;

type TAnswerReviewProps = {
  answer: TAnswerView;
  index: number;
  status: TSubmissionStatus;
  /** Teachers see the moderation result of every answer. */
  showModeration?: boolean;
};

/** One question of a submission: its text, the answer, the score out of its marks and feedback. */
export function AnswerReview({
  answer,
  index,
  status,
  showModeration = false,
}: TAnswerReviewProps) {
  const headingId = `answer-${answer._id}`;
  const answerStatus = answer.score !== null ? 'marked' : status;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="answer-review"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" id={headingId}>
              {T.questionHeading(index + 1)}
            </Text>
            <Text fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {answer.questionId?.question ?? answer.question}
            </Text>
          </Stack>
          <ScoreBadge status={answerStatus} score={answer.score} outOf={answer.marks} size="md" />
        </Group>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {T.answer}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            c={answer.answer.trim() ? undefined : 'dimmed'}
          >
            {answer.answer.trim() ? answer.answer : T.noAnswer}
          </Text>
        </Stack>
        {showModeration && <ModerationNotice moderation={answer.contentModeration} />}
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {T.feedback}
          </Text>
          <FeedbackBlock feedback={answer.feedback} />
        </Stack>
      </Stack>
    </Paper>
  );
}
