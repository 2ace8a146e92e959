import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { COPIED_LABEL_MS } from '@stem/contract/limits';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { formatSchoolCode } from '@stem/contract/school-code';
import type { TTrialCreateData } from '@stem/contract/trial';
import { formatLongDate } from '../../../lib/dates';
import { setItem } from '../../../lib/session-core';
import { createTrial } from '../api';
import { trialCreateErrorOf } from '../landing-errors';
import { useAction } from '../use-action';
import { InternalLink } from '../../../components/internal-link';
import classes from '../landing.module.css';
import { TrialIncludes } from './trial-includes';

const T = PUBLIC_MESSAGES.trialModal;

/** Where Register Now goes: the registration page in trial mode with the new school's code. */
export function registerPathFor(schoolCode: string): string {
  return `/register?${new URLSearchParams({ showTrial: 'true', code: schoolCode }).toString()}`;
}

type TTrialModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The e-mail-first trial: the 'Enter Your Email' modal takes over. */
  onUseEmail: () => void;
};

/**
 * 'Try STEM@Home for Free' (spec 01 §2): intro, 'Creating your trial account...', an error with Try
 * Again, and the new school with its code, expiry, what the trial includes and Register Now.
 */
export function TrialModal({ opened, onClose, onUseEmail }: TTrialModalProps) {
  const trial = useAction(createTrial, {
    onSuccess: (data) => {
      // The login page shows the code again for five minutes (spec 01 §2 One-time School Code box).
      setItem('generatedSchoolCode', data.schoolCode);
      setItem('trialSchoolName', data.schoolName);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={T.title} size="lg" centered>
      {trial.isPending ? (
        <Stack align="center" py="xl" role="status" aria-live="polite">
          <Loader />
          <Text>{T.creating}</Text>
        </Stack>
      ) : trial.isError ? (
        <Stack>
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={T.failed}
            role="alert"
          >
            {trialCreateErrorOf(trial.error)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {T.close}
            </Button>
            <Button onClick={() => trial.mutate()}>{T.tryAgain}</Button>
          </Group>
        </Stack>
      ) : trial.data ? (
        <TrialCreated data={trial.data} />
      ) : (
        <Stack>
          <Text>{T.intro}</Text>
          <TrialIncludes />
          <Button size="md" onClick={() => trial.mutate()}>
            {T.start}
          </Button>
          <Anchor component="button" type="button" onClick={onUseEmail} ta="center">
            {T.byEmail}
          </Anchor>
        </Stack>
      )}
    </Modal>
  );
}

function TrialCreated({ data }: { data: TTrialCreateData }) {
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_LABEL_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(data.schoolCode);
      setCopyFailed(false);
      setCopied(true);
    } catch {
      setCopied(false);
      setCopyFailed(true);
    }
  };

  return (
    <Stack data-testid="trial-created">
      <Alert color="green" icon={<IconCheck aria-hidden="true" />} title={T.successTitle}>
        {T.expires(formatLongDate(data.expirationDate), data.trialDays)}
      </Alert>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" fw={600}>
          {T.schoolName}
        </Text>
        <Text data-testid="trial-school-name">{data.schoolName}</Text>
        <Text size="sm" fw={600} mt="sm">
          {T.schoolCode}
        </Text>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <span className={classes.codeBox} data-testid="trial-school-code">
            {formatSchoolCode(data.schoolCode)}
          </span>
          <Button
            variant="light"
            leftSection={
              copied ? (
                <IconCheck size={16} aria-hidden="true" />
              ) : (
                <IconCopy size={16} aria-hidden="true" />
              )
            }
            onClick={() => void copy()}
            aria-label={copied ? PUBLIC_MESSAGES.settings.copiedLabel : T.copyCode}
          >
            {copied ? PUBLIC_MESSAGES.settings.copiedLabel : T.copy}
          </Button>
        </Group>
        {copyFailed ? (
          <Text size="sm" c="red.8" mt={4} role="alert">
            {PUBLIC_MESSAGES.settings.copyFailed}
          </Text>
        ) : null}
      </Paper>
      <div>
        <Title order={3} size="h5" mb={6}>
          {T.includesTitle}
        </Title>
        <TrialIncludes />
      </div>
      <div>
        <Title order={3} size="h5" mb={6}>
          {T.nextStepsTitle}
        </Title>
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          {T.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <Button component={InternalLink} to={registerPathFor(data.schoolCode)} size="md">
        {T.registerNow}
      </Button>
    </Stack>
  );
}
