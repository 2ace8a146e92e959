import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { SUCCESS_MESSAGE_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TQuestionMarking, TReleaseMode } from '@stem/contract/regrades';
import { formatSubmissionDate } from '../../../lib/dates';
import { describeError, serverMessageOf } from '../../../lib/http';
import { useClassMarking, useReleaseMarks, useUpdateQuestionMarking } from '../api/regrades';

const T = MESSAGES.release;

type TProps = { classId: string; questionId: string; question: string };

/** The release state in a few words: what the teacher reads beside the question. */
function stateText(marking: TQuestionMarking): string {
  if (marking.releaseMode === 'instant') return T.stateInstant;
  if (marking.heldCount > 0) return T.stateHeld(marking.heldCount);
  if (marking.releasedAt) return T.stateReleased(formatSubmissionDate(marking.releasedAt));
  return T.stateNothingYet;
}

/**
 * A question of the teacher's class (issue 27): whether its marks go to students at once or when
 * the teacher releases them, the release state with "Release marks", and the re-mark deadline.
 */
export function QuestionMarkingControl({ classId, questionId, question }: TProps) {
  const query = useClassMarking(classId);
  const [opened, setOpened] = useState(false);
  const marking = query.data?.find((m) => m.questionId === questionId);
  if (!marking) return null;
  return (
    <>
      <Group gap={6} wrap="nowrap" justify="flex-end" preventGrowOverflow={false}>
        {marking.releaseMode === 'on_release' && (
          <Badge
            variant="light"
            color={marking.heldCount > 0 ? 'indigo' : 'teal'}
            tt="none"
            data-testid="release-state"
          >
            {marking.heldCount > 0 ? T.heldShort(marking.heldCount) : T.onReleaseShort}
          </Badge>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSettings size={14} aria-hidden />}
          aria-label={T.settingsButtonLabel(question)}
          onClick={() => setOpened(true)}
        >
          {T.settingsButton}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={T.settingsTitle}
        size="lg"
        closeButtonProps={{ 'aria-label': T.close }}
      >
        {opened && (
          <MarkingForm
            classId={classId}
            marking={marking}
            question={question}
            onDone={() => setOpened(false)}
          />
        )}
      </Modal>
    </>
  );
}

type TDeadlineChoice = 'default' | 'date' | 'closed';

function choiceOf(marking: TQuestionMarking, now = new Date()): TDeadlineChoice {
  if (!marking.regradeDeadline) return 'default';
  return new Date(marking.regradeDeadline) <= now ? 'closed' : 'date';
}

/** YYYY-MM-DD of a date in the browser's time zone, for the date field. */
function dayOf(iso: string | null): string {
  const date = iso ? new Date(iso) : new Date(Date.now() + 14 * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function MarkingForm({
  classId,
  marking,
  question,
  onDone,
}: {
  classId: string;
  marking: TQuestionMarking;
  question: string;
  onDone: () => void;
}) {
  const [mode, setMode] = useState<TReleaseMode>(marking.releaseMode);
  const [choice, setChoice] = useState<TDeadlineChoice>(() => choiceOf(marking));
  const [day, setDay] = useState(() => dayOf(marking.regradeDeadline));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateQuestionMarking(classId);
  const release = useReleaseMarks(classId);

  const deadline = (): string | null => {
    if (choice === 'default') return null;
    if (choice === 'closed') return new Date().toISOString();
    // The end of the chosen day, in the teacher's time zone.
    return new Date(`${day}T23:59:59`).toISOString();
  };

  const save = () => {
    setError(null);
    if (choice === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setError(T.badDeadline);
      return;
    }
    const unchangedDeadline = choice === choiceOf(marking) && choice !== 'date';
    update.mutate(
      {
        questionId: marking.questionId,
        body: {
          releaseMode: mode,
          ...(unchangedDeadline ? {} : { regradeDeadline: deadline() }),
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: T.saved, autoClose: SUCCESS_MESSAGE_MS });
          onDone();
        },
        onError: (e) => setError(serverMessageOf(e) ?? T.saveFailed),
      },
    );
  };

  const releaseNow = () => {
    setError(null);
    release.mutate(marking.questionId, {
      onSuccess: (reply) =>
        notifications.show({
          color: 'green',
          message: reply.message,
          autoClose: SUCCESS_MESSAGE_MS,
        }),
      onError: (e) => setError(serverMessageOf(e) ?? describeError(e) ?? T.releaseFailed),
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm" fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {question}
      </Text>
      <Radio.Group
        label={T.modeLabel}
        value={mode}
        onChange={(value) => setMode(value === 'on_release' ? 'on_release' : 'instant')}
      >
        <Stack gap={6} mt={6}>
          <Radio value="instant" label={T.modeInstant} />
          <Radio value="on_release" label={T.modeOnRelease} />
        </Stack>
      </Radio.Group>
      {marking.releaseMode === 'on_release' && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" data-testid="release-state-text">
            {stateText(marking)}
          </Text>
          <Button
            color="indigo"
            onClick={releaseNow}
            loading={release.isPending}
            disabled={marking.heldCount === 0}
          >
            {marking.heldCount > 0 ? T.releaseButtonCount(marking.heldCount) : T.releaseButton}
          </Button>
        </Group>
      )}
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {T.deadlineLabel}
        </Text>
        <SegmentedControl
          value={choice}
          onChange={(value) =>
            setChoice(value === 'date' ? 'date' : value === 'closed' ? 'closed' : 'default')
          }
          data={[
            { value: 'default', label: T.deadlineChoice.default },
            { value: 'date', label: T.deadlineChoice.date },
            { value: 'closed', label: T.deadlineChoice.closed },
          ]}
          fullWidth
        />
        {choice === 'default' && (
          <Text size="xs" c="dimmed">
            {T.deadlineDefault}
          </Text>
        )}
        {choice === 'closed' && (
          <Text size="xs" c="dimmed">
            {T.deadlineClosed}
          </Text>
        )}
        {choice === 'date' && (
          <TextInput
            type="date"
            aria-label={T.deadlineLabel}
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
            w={{ base: '100%', sm: 220 }}
          />
        )}
      </Stack>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending}>
          {T.save}
        </Button>
      </Group>
    </Stack>
  );
}
