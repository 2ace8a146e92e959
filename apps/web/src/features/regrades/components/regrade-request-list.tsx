import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { MAX_REGRADE_REPLY, type TRegradeRequest } from '@stem/contract/regrades';
import { LoadError } from '../../../components/load-error';
import { formatSubmissionDate } from '../../../lib/dates';
import { describeError, serverMessageOf } from '../../../lib/http';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { useRegradeList, useReplyToRegrade } from '../api/regrades';

const T = MESSAGES.regrades;

/**
 * The teacher's re-mark requests (issue 27): open ones first, oldest first, each with the student's
 * reason, the answer and its mark, and a reply form (a new mark, a comment, or both).
 */
export function RegradeRequestList({
  onOpenSubmission,
}: {
  onOpenSubmission?: (id: string) => void;
}) {
  const [all, setAll] = useState(false);
  const query = useRegradeList(all);
  // A reply sent, its form is gone (and, among open requests only, its card): the cursor goes to
  // that card if it stays, else to the card now in its place (the next request to answer), else
  // to the count, so a keyboard user carries on from there rather than from the top of the page.
  const list = useRef<HTMLDivElement>(null);
  const count = useRef<HTMLParagraphElement>(null);
  const returnFocus = useFocusReturn();
  const titles = () =>
    Array.from(list.current?.querySelectorAll<HTMLElement>('[data-request-title]') ?? []);
  const onReplied = (requestId: string, index: number) =>
    returnFocus(
      () => list.current?.querySelector<HTMLElement>(`[data-request-title="${requestId}"]`),
      () => titles()[index],
      () => titles().at(-1),
      () => count.current,
    );
  let body;
  if (query.isPending) {
    body = <Skeleton height={160} radius="md" />;
  } else if (query.isError) {
    body = (
      <LoadError
        message={T.loadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.data.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed" ta="center">
          {T.none}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="md">
        {query.data.data.map((request, index) => (
          <RequestCard
            key={request._id}
            request={request}
            onOpenSubmission={onOpenSubmission}
            onReplied={(id) => onReplied(id, index)}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="regrade-list" ref={list}>
      <Group justify="space-between" gap="sm">
        <Text fw={600} ref={count} tabIndex={-1}>
          {T.openCount(query.data?.counts.open ?? 0)}
        </Text>
        <Switch
          label={T.showAnswered}
          checked={all}
          onChange={(e) => setAll(e.currentTarget.checked)}
        />
      </Group>
      {body}
    </Stack>
  );
}

function RequestCard({
  request,
  onOpenSubmission,
  onReplied,
}: {
  request: TRegradeRequest;
  onOpenSubmission?: ((id: string) => void) | undefined;
  onReplied: (requestId: string) => void;
}) {
  const marks = request.marks ?? 0;
  const open = request.status === 'open';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={`${T.listTitle}: ${request.student?.name ?? ''}`}
      data-testid="regrade-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
              tabIndex={-1}
              data-request-title={request._id}
            >
              {request.student?.name}
              {request.className ? ` · ${request.className}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              {T.askedOn(formatSubmissionDate(request.createdAt, { hour12: false }))}
            </Text>
          </Stack>
          <Badge
            variant="light"
            color={open ? 'yellow' : 'teal'}
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {open ? T.open : T.answered}
          </Badge>
        </Group>
        <Text size="sm" fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.question}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={6}>
          {request.answer}
        </Text>
        {request.score !== null && request.score !== undefined && (
          <Text size="sm">{T.currentMark(request.score, marks)}</Text>
        )}
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {T.studentReason}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.reason}
          </Text>
        </Stack>
        {open ? (
          <ReplyForm request={request} marks={marks} onReplied={onReplied} />
        ) : (
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {T.answeredBy(
                request.answeredBy ?? MESSAGES.review.someone,
                request.answeredAt
                  ? formatSubmissionDate(request.answeredAt, { hour12: false })
                  : '',
              )}
            </Text>
            {request.reply && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {request.reply}
              </Text>
            )}
          </Stack>
        )}
        {onOpenSubmission && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              px={0}
              onClick={() => onOpenSubmission(request.submissionId)}
            >
              {T.openSubmission}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function ReplyForm({
  request,
  marks,
  onReplied,
}: {
  request: TRegradeRequest;
  marks: number;
  /** Called once the reply is saved, when this form is gone (or about to go). */
  onReplied: (requestId: string) => void;
}) {
  const [score, setScore] = useState<number | ''>('');
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useReplyToRegrade();

  const send = () => {
    if (score === '' && !reply.trim()) {
      setError(T.replyRequired);
      return;
    }
    setError(null);
    // Awaited rather than per-call callbacks: the answered request leaves the open list when the
    // lists refresh, and a form no longer shown would never hear of its own success.
    mutation
      .mutateAsync({
        requestId: request._id,
        body: {
          ...(score === '' ? {} : { score }),
          ...(reply.trim() ? { reply: reply.trim() } : {}),
        },
      })
      .then(
        () => {
          notifications.show({
            color: 'green',
            message: T.replySent,
            autoClose: SUCCESS_MESSAGE_MS,
          });
          onReplied(request._id);
        },
        (e: unknown) => setError(serverMessageOf(e) ?? describeError(e)),
      );
  };

  return (
    <Stack gap="xs">
      <NumberInput
        label={T.newMarkLabel(marks)}
        description={T.newMarkHint}
        value={score}
        onChange={(value) => setScore(typeof value === 'number' ? value : '')}
        min={0}
        max={marks}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        w={{ base: '100%', sm: 260 }}
      />
      <Textarea
        label={T.replyLabel}
        value={reply}
        onChange={(e) => setReply(e.currentTarget.value)}
        maxLength={MAX_REGRADE_REPLY}
        autosize
        minRows={2}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button size="sm" loading={mutation.isPending} onClick={send}>
          {T.sendReply}
        </Button>
      </Group>
    </Stack>
  );
}
