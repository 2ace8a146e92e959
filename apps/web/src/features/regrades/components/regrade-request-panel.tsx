import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useEffect, useRef, useState, type Ref } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { MAX_REGRADE_REASON, type TRegradeRequest } from '@stem/contract/regrades';
import { formatSubmissionDate } from '../../../lib/dates';
import { describeError, serverMessageOf } from '../../../lib/http';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { useRequestRegrade, useSubmissionRegrades } from '../api/regrades';

const T = MESSAGES.regrades;

type TProps = { submissionId: string; answerId: string; marks: number };

/**
 * The student's re-mark request for one answer (issue 27): the request and the teacher's reply when
 * there is one; else, while requests are open, "Ask for a re-mark" and the reason form.
 */
export function RegradeRequestPanel({ submissionId, answerId, marks }: TProps) {
  const query = useSubmissionRegrades(submissionId);
  const request = query.data?.requests.find((r) => r.answerId === answerId);
  const state = query.data?.answers.find((a) => a.answerId === answerId);
  // Sent, the form and its button give way to the request: the cursor goes to it, not the page.
  const status = useRef<HTMLParagraphElement>(null);
  const returnFocus = useFocusReturn();
  const sent = useRef(false);
  useEffect(() => {
    if (!request || !sent.current) return;
    sent.current = false;
    returnFocus(() => status.current);
  }, [request, returnFocus]);
  if (request) return <RequestStatus request={request} marks={marks} headingRef={status} />;
  if (!state?.canRequest) return null;
  return (
    <AskForm
      submissionId={submissionId}
      answerId={answerId}
      deadline={state.deadline}
      onSent={() => {
        sent.current = true;
      }}
      key={answerId}
    />
  );
}

function RequestStatus({
  request,
  marks,
  headingRef,
}: {
  request: TRegradeRequest;
  marks: number;
  headingRef: Ref<HTMLParagraphElement>;
}) {
  const answered = request.status === 'answered';
  const before = request.scoreBefore;
  const after = request.scoreAfter;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="var(--mantine-color-gray-0)"
      data-testid="regrade-request"
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} ref={headingRef} tabIndex={-1}>
            {T.yourRequest}
          </Text>
          <Badge variant="light" color={answered ? 'teal' : 'yellow'} tt="none">
            {answered ? T.answered : T.waiting}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.reason}
        </Text>
        {answered && (
          <Stack gap={4} data-testid="regrade-reply">
            {request.reply && (
              <>
                <Text size="sm" fw={600}>
                  {T.teacherReply}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {request.reply}
                </Text>
              </>
            )}
            {before !== null && after !== null && (
              <Text size="sm" fw={500}>
                {before === after ? T.markKept(after, marks) : T.markChanged(before, after, marks)}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function AskForm({
  submissionId,
  answerId,
  deadline,
  onSent,
}: {
  submissionId: string;
  answerId: string;
  deadline: string | null;
  /** The request was sent: the panel shows it in place of the form. */
  onSent: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useRequestRegrade(submissionId);
  // The form takes the place of the button that opened it: the cursor goes to the reason (outside
  // a modal, Mantine's data-autofocus does nothing and it fell to the page).
  const reasonField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) reasonField.current?.focus();
  }, [open]);
  // Cancelled, the cursor goes back to "Ask for a re-mark".
  const askButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useFocusReturn();
  const cancel = () => {
    setOpen(false);
    returnFocus(() => askButton.current);
  };
  const trimmed = reason.trim();

  const send = () => {
    if (!trimmed) {
      setError(T.reasonRequired);
      return;
    }
    setError(null);
    mutation.mutate(
      { answerId, reason: trimmed },
      { onError: (e) => setError(serverMessageOf(e) ?? describeError(e)) },
    );
    onSent();
  };

  if (!open) {
    return (
      <Group gap="sm" justify="space-between" wrap="wrap">
        {deadline && (
          <Text size="xs" c="dimmed">
            {T.openUntil(formatSubmissionDate(deadline))}
          </Text>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMessageQuestion size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          ref={askButton}
        >
          {T.ask}
        </Button>
      </Group>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {T.askTitle}
        </Text>
        <Textarea
          label={T.reasonLabel}
          description={T.reasonHint(MAX_REGRADE_REASON)}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={MAX_REGRADE_REASON}
          autosize
          minRows={3}
          error={error ?? undefined}
          ref={reasonField}
        />
        <Text size="xs" c="dimmed" ta="right" aria-live="polite">
          {reason.length}/{MAX_REGRADE_REASON}
        </Text>
        {mutation.isError && !error && (
          <Alert color="red" role="alert">
            {describeError(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" size="xs" onClick={cancel}>
            {T.cancel}
          </Button>
          <Button size="xs" loading={mutation.isPending} onClick={send}>
            {T.send}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
