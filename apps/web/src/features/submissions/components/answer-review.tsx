import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';
import type { TSubmissionStatus } from '@stem/contract/submissions';
import { MESSAGES } from '@stem/contract/messages';
import { monthsBefore, RETENTION } from '@stem/contract/retention';
import { ScanCrop } from '../../../components/scan-crop/scan-crop';
import { FeedbackBlock } from '../../../components/submission-feedback/feedback-block';
import type { TAnswerView } from '../api/submission-schema';
import { AgreementLine } from './agreement-line';
import { AnswerMarkEditor, type TAnswerMarkEditorHandle } from './answer-mark-editor';
import { CorrectScannedText } from './correct-scanned-text';
import { ModerationNotice } from './moderation-notice';
import { ScoreBadge } from './score-badge';

const T = MESSAGES.submissionsPage;
const R = MESSAGES.review;

type TAnswerReviewProps = {
  answer: TAnswerView;
  index: number;
  status: TSubmissionStatus;
  /** Teachers see the moderation result of every answer. */
  showModeration?: boolean;
  /** A teacher or the school's admin reviewing the marks: the editor shows (issue 11). */
  review?: { submissionId: string; onReviewed?: (kind: 'override' | 'accept') => void } | null;
  /** The answer the review queue has in focus. */
  focused?: boolean;
  /** The review queue: how often the AI's mark stood on this answer's question. */
  showAgreement?: boolean;
  /** When the submission was sent: an empty answer older than the retention period was removed. */
  submittedAt?: string | undefined;
  /** Shown at the end of the answer (the student's re-mark request, issue 27). */
  footer?: ReactNode;
};

/** True when an empty answer is empty because its text was removed after 24 months (spec 01 §9). */
export function answerTextRemoved(
  answer: string,
  submittedAt: string | undefined,
  now = new Date(),
) {
  if (answer.trim() || !submittedAt) return false;
  const submitted = new Date(submittedAt);
  return (
    !Number.isNaN(submitted.getTime()) &&
    submitted < monthsBefore(now, RETENTION.extractedTextMonths)
  );
}

/**
 * One question of a submission: its text, the answer, the score out of its marks and feedback. The
 * student reads the teacher's comment as the teacher's, and the AI's feedback only where the teacher
 * left none; a reviewer sees both, and the editor to change the mark.
 */
export const AnswerReview = forwardRef<TAnswerMarkEditorHandle, TAnswerReviewProps>(
  function AnswerReview(
    {
      answer,
      index,
      status,
      showModeration = false,
      review = null,
      focused = false,
      showAgreement = false,
      submittedAt,
      footer,
    },
    ref,
  ) {
    const headingId = `answer-${answer._id}`;
    // Held until the teacher reviews it (issue 18): the student's copy has no mark and no feedback.
    const heldFromStudent =
      review === null && answer.feedbackHeld === true && answer.score === null;
    const heldForReviewer = review !== null && answer.feedbackHeld === true;
    const answerStatus = answer.score !== null || heldFromStudent ? 'marked' : status;
    const teacherComment = answer.teacherFeedback?.trim() ? answer.teacherFeedback : null;
    // The student does not get the AI's feedback under a teacher's comment; if any arrives, hide it.
    const showAiFeedback = review !== null || !teacherComment;
    // The student's view of an answer whose mark the teacher set.
    const markedByTeacher = review === null && Boolean(answer.overriddenAt);
    const questionLabel = T.questionHeading(answer.questionNumber ?? index + 1);
    // Teachers see a scanned answer's scan while its batch is open, and correct the text read
    // until the mark is reviewed (a reviewed mark is changed with the editor instead).
    const scanBeside = review !== null && answer.scanned === true;
    const canCorrect =
      review !== null && answer.scanned === true && status === 'marked' && !answer.reviewedAt;
    const answerText = (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {T.answer}
        </Text>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          c={answer.answer.trim() ? undefined : 'dimmed'}
        >
          {answer.answer.trim()
            ? answer.answer
            : answerTextRemoved(answer.answer, submittedAt)
              ? MESSAGES.submissions.answerTextRemoved
              : T.noAnswer}
        </Text>
      </Stack>
    );
    return (
      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        aria-labelledby={headingId}
        aria-current={focused ? 'true' : undefined}
        data-testid="answer-review"
        data-focused={focused ? 'true' : undefined}
        style={focused ? { outline: '2px solid var(--mantine-color-blue-5)' } : undefined}
      >
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed" id={headingId}>
                {questionLabel}
              </Text>
              <Text fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {answer.questionId?.question ?? answer.question}
              </Text>
              {showAgreement && review !== null && answer.score !== null && (
                <AgreementLine questionId={answer.questionId?._id} />
              )}
              {/* Under the question, not beside the mark: there it squeezed the question on a phone. */}
              {markedByTeacher && (
                <Badge
                  variant="light"
                  color="teal"
                  tt="none"
                  size="sm"
                  mt={4}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {R.markedByTeacher}
                </Badge>
              )}
            </Stack>
            {/* Never squeezed by a long question: the mark stays whole ("3/3", not "3."). */}
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <ScoreBadge
                status={answerStatus}
                score={answer.score}
                outOf={answer.marks}
                size="md"
                held={heldFromStudent}
                releaseHeld={answer.releaseHeld}
              />
              {heldForReviewer && (
                <Badge variant="light" color="indigo" tt="none" size="sm">
                  {answer.releaseHeld
                    ? MESSAGES.release.heldForReleaseBadge
                    : MESSAGES.questions.holdFeedbackBadge}
                </Badge>
              )}
            </Stack>
          </Group>
          {scanBeside ? (
            // Issue 28: a scanned answer beside its scan, its text correctable until reviewed.
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="scan-beside-text">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {R.scanHeading}
                </Text>
                <ScanCrop cropId={answer.cropId ?? null} place={questionLabel} />
              </Stack>
              {canCorrect ? (
                <CorrectScannedText
                  submissionId={review.submissionId}
                  answerId={answer._id}
                  text={answer.answer}
                  place={questionLabel}
                />
              ) : (
                answerText
              )}
            </SimpleGrid>
          ) : (
            answerText
          )}
          {showModeration && <ModerationNotice moderation={answer.contentModeration} />}
          {teacherComment && (
            <Stack gap={2} data-testid="teacher-comment">
              <Text size="sm" fw={600}>
                {review === null ? R.yourTeachersComment : R.teacherComment}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {teacherComment}
              </Text>
            </Stack>
          )}
          {heldFromStudent && (
            <Text size="sm" c="dimmed" data-testid="feedback-held">
              {answer.releaseHeld ? MESSAGES.release.waitingForRelease : R.heldAnswer}
            </Text>
          )}
          {heldForReviewer && (
            <Text size="sm" c="dimmed" data-testid="held-for-student">
              {answer.releaseHeld ? MESSAGES.release.heldForRelease : R.heldForStudent}
            </Text>
          )}
          {showAiFeedback && !heldFromStudent && (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {review !== null ? R.aiComment : T.feedback}
              </Text>
              {/* The AI's mark range is its band, not the teacher's mark: not beside a changed one. */}
              <FeedbackBlock feedback={answer.feedback} showMarkRange={!markedByTeacher} />
            </Stack>
          )}
          {footer}
          {review !== null && (
            <AnswerMarkEditor
              ref={ref}
              submissionId={review.submissionId}
              answer={answer}
              onReviewed={review.onReviewed}
            />
          )}
        </Stack>
      </Paper>
    );
  },
);
