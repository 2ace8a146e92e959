import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TClassAnswer } from '@stem/contract/class-marking';
import { MARK_DOUBTS } from '@stem/contract/marking';
import { MESSAGES } from '@stem/contract/messages';
import { ScanCrop } from '../../../components/scan-crop/scan-crop';
import { CorrectScannedText } from '../../submissions/components/correct-scanned-text';
import { formatSubmissionDate } from '../../../lib/dates';
import { rowState, type TOrderedRow } from '../marking-order';
import { StateBadge } from './state-badge';

const C = MESSAGES.classMarking;
const R = MESSAGES.review;

function MarkLines({ answer }: { answer: TClassAnswer }) {
  if (answer.score === null) return null;
  const reasons = answer.reviewedAt ? [] : answer.reasons;
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Badge size="lg" variant="filled" tt="none" data-testid="class-marking-mark">
          {C.mark(answer.score, answer.marks)}
        </Badge>
        {answer.aiScore !== null && (
          <Badge variant="light" color="gray" tt="none" data-testid="class-marking-ai-mark">
            {C.markerMark(answer.aiScore, answer.marks)}
          </Badge>
        )}
        {answer.markRange && (
          <Badge variant="light" color="gray" tt="none">
            {C.band(answer.markRange)}
          </Badge>
        )}
        {/* The marker's confidence, when it was unsure: the doubt is the queue's priority, which
            flagged content or a hard read sets too, and read as a percentage it misled. */}
        {reasons.includes('uncertain') && (
          <Badge variant="light" color="orange" tt="none" data-testid="class-marking-unsure">
            {answer.confidence !== null ? C.markerUnsure(answer.confidence) : R.reason.uncertain}
          </Badge>
        )}
        {answer.doubtNote && !answer.reviewedAt && (
          <Badge variant="light" color="orange" tt="none" data-testid="class-marking-doubt-note">
            {MARK_DOUBTS[answer.doubtNote]}
          </Badge>
        )}
        {/* 'uncertain' is the badge above; 'flagged' is said once, in red, beside the source. */}
        {reasons
          .filter((reason) => reason !== 'uncertain' && reason !== 'flagged')
          .map((reason) => (
            <Badge key={reason} variant="light" color="orange" tt="none">
              {R.reason[reason]}
            </Badge>
          ))}
      </Group>
      {answer.doubtNote && answer.doubtAbout && !answer.reviewedAt && (
        <Text size="sm" c="orange.9" data-testid="class-marking-doubt-about">
          {C.doubtAbout(answer.doubtAbout)}
        </Text>
      )}
      {answer.aiComment && (
        <Text size="sm">
          <Text span fw={600}>
            {C.markerComment}:
          </Text>{' '}
          {answer.aiComment}
        </Text>
      )}
      {answer.suggestion && (
        <Text size="sm" c="dimmed">
          <Text span fw={600}>
            {C.markerSuggestion}:
          </Text>{' '}
          {answer.suggestion}
        </Text>
      )}
      {answer.teacherFeedback && (
        <Text size="sm">
          <Text span fw={600}>
            {C.teacherComment}:
          </Text>{' '}
          {answer.teacherFeedback}
        </Text>
      )}
      {answer.reviewedAt && (
        <Text size="xs" c="dimmed">
          {C.reviewedBy(
            answer.reviewedBy ?? R.someone,
            formatSubmissionDate(answer.reviewedAt, { hour12: false }),
          )}
        </Text>
      )}
      {answer.held.release && (
        <Text size="xs" c="dimmed">
          {MESSAGES.release.heldForReleaseBadge}
        </Text>
      )}
      {answer.held.review && !answer.reviewedAt && (
        <Text size="xs" c="dimmed">
          {R.heldForStudent}
        </Text>
      )}
    </Stack>
  );
}

/** One student's latest answer, large, with the marker's mark and the teacher's review. */

/** The answer's text as handed in (or read), large enough to mark from. */
function AnswerText({ answer }: { answer: TClassAnswer }) {
  return (
    <Text
      size="lg"
      data-testid="class-marking-answer"
      aria-label={C.answerHeading}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6 }}
    >
      {answer.answer.trim() ? answer.answer : C.emptyAnswer}
    </Text>
  );
}
export function AnswerPanel({
  row,
  index,
  total,
  children,
}: {
  row: TOrderedRow;
  index: number;
  total: number;
  /** Lines about the open answer's mark (its rubric items), at the foot of its card. */
  children?: ReactNode;
}) {
  const answer = row.answer;
  const state = rowState(answer);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-labelledby="class-marking-student"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title
              order={2}
              size="h3"
              id="class-marking-student"
              data-testid="class-marking-student"
              style={{ overflowWrap: 'anywhere' }}
            >
              {row.label}
            </Title>
            <Text size="sm" c="dimmed" data-testid="class-marking-position">
              {C.position(index + 1, total)}
            </Text>
          </div>
          <StateBadge state={state} />
        </Group>
        {!answer ? (
          <Text c="dimmed">{C.noAnswer}</Text>
        ) : (
          <>
            <Group gap="xs" wrap="wrap">
              <Badge variant="outline" color="gray" tt="none">
                {C.source[answer.source]}
              </Badge>
              {answer.ocrConfidence !== null && answer.source !== 'typed' && (
                <Text size="xs" c="dimmed">
                  {C.ocr(answer.ocrConfidence)}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {MESSAGES.submissionsPage.submittedOn(
                  formatSubmissionDate(answer.submittedAt, { hour12: false }),
                )}
              </Text>
              {answer.flagged && (
                <Badge variant="light" color="red" tt="none">
                  {R.reason.flagged}
                </Badge>
              )}
            </Group>
            {answer.cropId === null ? (
              <AnswerText answer={answer} />
            ) : (
              // Issue 28: a scanned answer beside its scan, its text correctable until reviewed.
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="scan-beside-text">
                <ScanCrop cropId={answer.cropId} place={C.scanPlace(row.label)} />
                {answer.status === 'marked' && answer.reviewedAt === null ? (
                  <CorrectScannedText
                    submissionId={answer.submissionId}
                    answerId={answer._id}
                    text={answer.answer}
                    place={C.scanPlace(row.label)}
                  />
                ) : (
                  <AnswerText answer={answer} />
                )}
              </SimpleGrid>
            )}
            {state === 'pending' && <Alert variant="light">{C.pendingAnswer}</Alert>}
            {state === 'failed' && (
              <Alert variant="light" color="red">
                {C.failedAnswer}
              </Alert>
            )}
            <MarkLines answer={answer} />
          </>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
