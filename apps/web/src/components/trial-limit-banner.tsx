import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { MESSAGES } from '@stem/contract/messages';

/**
 * The trial teacher's "TRIAL LIMIT REACHED" banner (spec 02 §4), with the server's reason, shown
 * while the limit is reached. An expired trial is not a limit reached, and the shell's trial banner
 * already says on every page that it has expired, with the way to upgrade: nothing more here.
 */
export function TrialLimitBanner({
  limit,
}: {
  limit: { isLimitReached: boolean; isExpired: boolean; message: string };
}) {
  if (!limit.isLimitReached || limit.isExpired) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={MESSAGES.questions.trialBanner}
      icon={<IconLock size={20} aria-hidden />}
      data-testid="trial-limit-banner"
    >
      {limit.message}
    </Alert>
  );
}
