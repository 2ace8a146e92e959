import { Anchor, Button, Group, Kbd, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconChecklist, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { useSubmissionDetails } from '../api/get-submission';
import type { TSubmissionCard } from '../api/submission-pages';
import type { TAnswerView } from '../api/submission-schema';
import { studentName, teacherClassName } from '../format';
import { formatSubmissionDate } from '../../../lib/dates';
import { AnswerReview } from './answer-review';
import type { TAnswerMarkEditorHandle } from './answer-mark-editor';
import { MarkingFailedNotice } from './marking-failed-notice';
import { ScoreBadge } from './score-badge';

const R = MESSAGES.review;

/** Whether a key press belongs to a text field (the queue's keys then do nothing). */
const NON_TEXT_INPUTS = new Set(['radio', 'checkbox', 'button', 'submit', 'reset', 'range']);

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable;
}

/** The first answer still waiting for review, else the first answer. */
function firstToReview(answers: readonly TAnswerView[]): number {
  const index = answers.findIndex((a) => a.review && !a.reviewedAt && a.score !== null);
  return index >= 0 ? index : 0;
}

/**
 * The review queue (issue 11), Gradescope-style: one submission at a time, most doubtful first, its
 * answers with the mark editor. Keys: J or ↓ next answer, K or ↑ previous, A marks the answer in
 * focus as reviewed (unchanged) and moves on, a digit sets its score. The queue's order is kept while
 * the teacher works through it (reviewed work stays until the queue is opened again).
 */
export function ReviewQueue({
  items,
  total,
  hasMore,
  loadingMore,
  onMore,
  ready,
}: {
  /** False while the list still shows the previous view's rows (they are not the queue). */
  ready: boolean;
  items: readonly TSubmissionCard[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  // The queue as first seen, then each new page appended: reviewing never reorders it.
  const [queue, setQueue] = useState<TSubmissionCard[]>([]);
  useEffect(() => {
    if (!ready) return;
    setQueue((current) => {
      const known = new Set(current.map((s) => s._id));
      const added = items.filter((s) => !known.has(s._id));
      return added.length > 0 ? [...current, ...added] : current;
    });
  }, [items, ready]);
  const [position, setPosition] = useState(0);
  const [focus, setFocus] = useState<number | null>(null);
  const current = queue[position] ?? null;
  const details = useSubmissionDetails(current?._id ?? null);
  const submission = details.data?._id === current?._id ? details.data : null;
  const answers = useMemo(() => submission?.submissions ?? [], [submission]);
  const focused = focus ?? firstToReview(answers);
  const editor = useRef<TAnswerMarkEditorHandle>(null);
  const answerRefs = useRef<(HTMLDivElement | null)[]>([]);
  // Only a key press scrolls the answer in focus into view (opening the queue keeps its top bar).
  const scrollOnFocus = useRef(false);

  const goTo = useCallback(
    (next: number, answer: number | null = null) => {
      if (next < 0) return;
      if (next >= queue.length) {
        if (hasMore && !loadingMore) onMore();
        return;
      }
      setPosition(next);
      setFocus(answer);
    },
    [queue.length, hasMore, loadingMore, onMore],
  );
  const nextAnswer = useCallback(() => {
    if (focused + 1 < answers.length) setFocus(focused + 1);
    else goTo(position + 1);
  }, [focused, answers.length, goTo, position]);
  const previousAnswer = useCallback(() => {
    if (focused > 0) setFocus(focused - 1);
    else goTo(position - 1);
  }, [focused, goTo, position]);

  // Near the end of what is loaded, ask for the next page.
  useEffect(() => {
    if (position >= queue.length - 2 && hasMore && !loadingMore) onMore();
  }, [position, queue.length, hasMore, loadingMore, onMore]);

  useEffect(() => {
    if (!scrollOnFocus.current) return;
    scrollOnFocus.current = false;
    answerRefs.current[focused]?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [focused, submission]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      const key = event.key;
      scrollOnFocus.current = true;
      if (key === 'j' || key === 'J' || key === 'ArrowDown') nextAnswer();
      else if (key === 'k' || key === 'K' || key === 'ArrowUp') previousAnswer();
      else if (key === 'a' || key === 'A') editor.current?.accept();
      else if (/^[0-9]$/.test(key)) editor.current?.setScore(Number(key));
      else {
        scrollOnFocus.current = false;
        return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [nextAnswer, previousAnswer]);

  if (!ready && queue.length === 0) {
    return <Skeleton height={200} radius="md" aria-busy="true" aria-label={R.needsReview} />;
  }
  if (queue.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center" c="dimmed" role="status">
          {items.length === 0 && !hasMore ? R.queueEmpty : R.needsReview}
        </Text>
      </Paper>
    );
  }

  const shown = submission ?? current;
  return (
    <Stack gap="md" data-testid="review-queue">
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              onClick={() => goTo(position - 1)}
              disabled={position === 0}
              leftSection={<IconChevronLeft size={14} aria-hidden />}
            >
              {R.previous}
            </Button>
            <Text size="sm" fw={600} aria-live="polite" data-testid="queue-position">
              {R.queuePosition(position + 1, Math.max(total, queue.length))}
            </Text>
            <Button
              variant="default"
              size="xs"
              onClick={() => goTo(position + 1)}
              disabled={position + 1 >= queue.length && !hasMore}
              rightSection={<IconChevronRight size={14} aria-hidden />}
            >
              {R.next}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            <Kbd>J</Kbd> <Kbd>K</Kbd> <Kbd>A</Kbd> <Kbd>0-9</Kbd> · {R.queueHelp}
          </Text>
        </Group>
      </Paper>
      {shown && (
        <Stack gap={4}>
          <Text fw={700} size="lg">
            {studentName(shown)}
          </Text>
          <Text style={{ overflowWrap: 'anywhere' }}>{teacherClassName(shown)}</Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {MESSAGES.submissionsPage.submittedOn(
                formatSubmissionDate(shown.submittedAt, { hour12: false }),
              )}
            </Text>
            <ScoreBadge status={shown.status} score={shown.totalScore} outOf={shown.totalMarks} />
          </Group>
        </Stack>
      )}
      {shown?.status === 'failed' && (
        <Stack gap="xs">
          <Text size="sm">{R.failedInQueue}</Text>
          <MarkingFailedNotice submissionId={shown._id} reason={shown.failureReason} />
        </Stack>
      )}
      {!submission ? (
        <Stack gap="sm" aria-busy="true" aria-label={MESSAGES.submissionsPage.loadingDetails}>
          <Skeleton height={160} radius="md" />
        </Stack>
      ) : (
        answers.map((answer, index) => (
          <div
            key={answer._id}
            ref={(node) => {
              answerRefs.current[index] = node;
            }}
            onFocusCapture={() => setFocus(index)}
          >
            <AnswerReview
              ref={index === focused ? editor : undefined}
              answer={answer}
              index={index}
              status={submission.status}
              submittedAt={submission.submittedAt}
              showModeration
              focused={index === focused}
              showAgreement
              review={{
                submissionId: submission._id,
                onReviewed: (kind) => {
                  if (kind === 'accept') nextAnswer();
                },
              }}
              footer={
                submission.classId && answer.questionId ? (
                  // Issue 27: this question for the whole class, on the marking screen.
                  <Anchor
                    component={Link}
                    to={`/class/${submission.classId._id}/questions/${answer.questionId._id}/mark`}
                    size="sm"
                  >
                    <Group gap={4} component="span" wrap="nowrap">
                      <IconChecklist size={14} aria-hidden />
                      {MESSAGES.classMarking.openFromQueue}
                    </Group>
                  </Anchor>
                ) : undefined
              }
            />
          </div>
        ))
      )}
    </Stack>
  );
}
