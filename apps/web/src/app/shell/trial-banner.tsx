import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconClockExclamation, IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import type { TRole } from '@stem/contract/roles';
import { useTrialStatus } from '../../features/trial-account/api';

/**
 * For trial users on signed-in pages (spec 01 §4): the trial status is fetched, and a banner shows the
 * days left with a way to upgrade, or that the trial has expired.
 */
export function TrialBanner({ isTrial, role }: { isTrial: boolean; role: TRole | null }) {
  const status = useTrialStatus(isTrial);
  const data = status.data;
  if (!isTrial || !data?.isTrial) return null;
  const canUpgrade = role === 'teacher' || role === 'admin';
  const upgrade = canUpgrade ? (
    <Anchor component={Link} to="/payments" fw={600} size="sm">
      {MESSAGES.trial.upgradeToPaid}
    </Anchor>
  ) : null;
  if (data.isExpired) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconClockExclamation size={20} aria-hidden />}
        mb="md"
        data-testid="trial-banner"
        role="alert"
      >
        <Group gap="sm" justify="space-between">
          <Text size="sm" fw={600}>
            {MESSAGES.register.trialExpired}
          </Text>
          {upgrade}
        </Group>
      </Alert>
    );
  }
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHourglass size={20} aria-hidden />}
      mb="md"
      data-testid="trial-banner"
    >
      <Group gap="sm" justify="space-between">
        <Text size="sm">
          {data.daysRemaining === 0
            ? MESSAGES.trial.lastDay
            : MESSAGES.trial.daysLeft(data.daysRemaining)}
        </Text>
        {upgrade}
      </Group>
    </Alert>
  );
}
