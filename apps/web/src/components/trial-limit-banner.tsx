import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { MESSAGES } from '@stem/contract/messages';

/** The trial teacher's "TRIAL LIMIT REACHED" banner (spec 02 §4), with the server's reason. */
export function TrialLimitBanner({ message }: { message: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      title={MESSAGES.questions.trialBanner}
      icon={<IconLock size={20} aria-hidden />}
      data-testid="trial-limit-banner"
    >
      {message}
    </Alert>
  );
}
