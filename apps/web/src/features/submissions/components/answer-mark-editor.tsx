import { Alert, Badge, Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { forwardRef, useEffect, useImperativeHandle, useState } from 'react';
import { MAX_TEACHER_FEEDBACK_LENGTH, scoreWithinMarks } from '@stem/contract/submissions';
import { MARK_DOUBTS } from '@stem/contract/marking';
import { MESSAGES } from '@stem/contract/messages';
import { describeError } from '../../../lib/http';
import { useReviewAnswer } from '../api/review';
import type { TAnswerView } from '../api/submission-schema';
import { formatSubmissionDate } from '../../../lib/dates';

const R = MESSAGES.review;

type THistoryEntry = NonNullable<TAnswerView['history']>[number];

/** One line of an answer's review history, in words. */
function historyLine(entry: THistoryEntry, by: string, date: string, marks: number): string {
  if (entry.action === 'rescan') {
    return R.historyRescan(by, `${entry.scoreBefore ?? '–'}/${marks}`, date);
  }
  const sameScore = entry.scoreBefore === entry.scoreAfter;
  if (entry.action === 'accept' || (sameScore && entry.commentBefore === entry.commentAfter)) {
    return R.historyAccept(by, date);
  }
  if (sameScore) return R.historyComment(by, date);
  return R.historyOverride(
    by,
    `${entry.scoreBefore ?? '–'}/${marks}`,
    `${entry.scoreAfter ?? '–'}/${marks}`,
    date,
  );
}

/** What the review queue's keys do to the answer in focus. */
export type TAnswerMarkEditorHandle = {
  accept: () => void;
  setScore: (score: number) => void;
  save: () => void;
};

type TProps = {
  submissionId: string;
  answer: TAnswerView;
  /** Called after a review was saved (the queue moves on). */
  onReviewed?: (kind: 'override' | 'accept') => void;
};

/**
 * The teacher's (or the school admin's) review of one answer's mark: 'AI suggested 2/4', why the
 * marker was unsure, a score bounded by the question's marks, a comment to the student, Save and
 * "Mark as reviewed (unchanged)", and the history of earlier reviews. Used in the submission drawer,
 * the review queue and (later) the admin's views.
 */
export const AnswerMarkEditor = forwardRef<TAnswerMarkEditorHandle, TProps>(
  function AnswerMarkEditor({ submissionId, answer, onReviewed }, ref) {
    const review = useReviewAnswer();
    const [score, setScore] = useState<number | string>(answer.score ?? '');
    const [comment, setComment] = useState(answer.teacherFeedback ?? '');
    // A fresh copy of the answer from the server (after a save) resets the form.
    useEffect(() => {
      setScore(answer.score ?? '');
      setComment(answer.teacherFeedback ?? '');
    }, [answer.score, answer.teacherFeedback]);

    const marked = answer.score !== null;
    const target = { submissionId, answerId: answer._id };
    const validScore = typeof score === 'number' && scoreWithinMarks(score, answer.marks);

    const save = (value: number | string = score) => {
      if (typeof value !== 'number' || !scoreWithinMarks(value, answer.marks)) return;
      if (review.isPending) return;
      review.mutate(
        {
          target,
          change: { kind: 'override', score: value, comment: comment.trim() ? comment : null },
        },
        { onSuccess: () => onReviewed?.('override') },
      );
    };
    const accept = () => {
      if (!marked || review.isPending) return;
      review.mutate(
        { target, change: { kind: 'accept' } },
        { onSuccess: () => onReviewed?.('accept') },
      );
    };
    useImperativeHandle(ref, () => ({
      accept,
      save: () => save(),
      // A digit key: out of range, the box shows it with the error instead of saving.
      setScore: (value: number) => {
        setScore(value);
        save(value);
      },
    }));

    if (!marked) return null;
    const history = answer.history ?? [];
    const reasons = answer.review?.reasons ?? [];
    return (
      <Stack gap="xs" data-testid="answer-mark-editor">
        <Group gap="xs" wrap="wrap">
          {answer.aiScore !== null && answer.aiScore !== undefined && (
            <Badge variant="light" color="gray" tt="none" data-testid="ai-suggested">
              {R.aiSuggested(answer.aiScore, answer.marks)}
            </Badge>
          )}
          {!answer.reviewedAt &&
            reasons.map((reason) => (
              <Badge key={reason} variant="light" color="orange" tt="none">
                {/* The marker's own words for its doubt, where it said what it was unsure of. */}
                {reason === 'uncertain' && answer.review?.note
                  ? MARK_DOUBTS[answer.review.note]
                  : R.reason[reason]}
              </Badge>
            ))}
          {!answer.reviewedAt && reasons.includes('uncertain') && answer.review?.about && (
            <Text size="sm" c="orange.9" w="100%" data-testid="answer-doubt-about">
              {MESSAGES.classMarking.doubtAbout(answer.review.about)}
            </Text>
          )}
          {answer.reviewedAt && (
            <Badge variant="light" color="green" tt="none" leftSection={<IconCheck size={12} />}>
              {R.reviewedOn(formatSubmissionDate(answer.reviewedAt, { hour12: false }))}
            </Badge>
          )}
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={R.scoreLabel(answer.marks)}
            value={score}
            onChange={setScore}
            min={0}
            max={answer.marks}
            step={1}
            allowDecimal={false}
            // What was typed stays as typed (7, -1) and the error says why it cannot be saved:
            // clamping turned 7 into 3 and -1 into 1 without a word.
            clampBehavior="none"
            w={200}
            error={score !== '' && !validScore ? R.scoreOutOfRange(answer.marks) : undefined}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save();
            }}
          />
        </Group>
        <Textarea
          label={R.commentLabel}
          description={R.commentHint}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX_TEACHER_FEEDBACK_LENGTH}
        />
        {review.isError && (
          <Alert color="red" variant="light" role="alert">
            {describeError(review.error)}
          </Alert>
        )}
        <Group gap="sm" wrap="wrap">
          <Button
            onClick={() => save()}
            loading={review.isPending && review.variables?.change.kind === 'override'}
            disabled={!validScore}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            {R.save}
          </Button>
          {/* Once reviewed, keeping the mark "unchanged" has nothing left to do (the server ignores it). */}
          {!answer.reviewedAt && (
            <Button
              variant="light"
              onClick={accept}
              loading={review.isPending && review.variables?.change.kind === 'accept'}
              leftSection={<IconCheck size={16} aria-hidden />}
            >
              {R.accept}
            </Button>
          )}
        </Group>
        {history.length > 0 && (
          <Stack gap={2} data-testid="review-history">
            <Text size="xs" fw={600} c="dimmed">
              {R.history}
            </Text>
            {history.map((entry, index) => {
              const by = entry.by ?? R.someone;
              const date = formatSubmissionDate(entry.at, { hour12: false });
              return (
                <Stack key={index} gap={0}>
                  <Text size="xs" c="dimmed">
                    {historyLine(entry, by, date, answer.marks)}
                  </Text>
                  {entry.action === 'rescan' && entry.textBefore && (
                    <Text
                      size="xs"
                      c="dimmed"
                      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    >
                      {R.historyEarlierText(entry.textBefore)}
                    </Text>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
      </Stack>
    );
  },
);
