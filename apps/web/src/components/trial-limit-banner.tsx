import { Alert, Anchor } from '@mantine/core';
import { IconClockExclamation, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';

/**
 * The trial teacher's "TRIAL LIMIT REACHED" banner (spec 02 §4), with the server's reason. An expired
 * trial is not a limit reached: it says the trial has expired, with the way to upgrade.
 */
export function TrialLimitBanner({
  message,
  expired = false,
}: {
  message: string;
  expired?: boolean;
}) {
  return (
    <Alert
      color={expired ? 'red' : 'orange'}
      variant="light"
      title={expired ? MESSAGES.register.trialExpired : MESSAGES.questions.trialBanner}
      icon={
        expired ? (
          <IconClockExclamation size={20} aria-hidden />
        ) : (
          <IconLock size={20} aria-hidden />
        )
      }
      data-testid="trial-limit-banner"
    >
      {expired ? (
        <Anchor component={Link} to="/payments" fw={600}>
          {MESSAGES.trial.upgradeToPaid}
        </Anchor>
      ) : (
        message
      )}
    </Alert>
  );
}
