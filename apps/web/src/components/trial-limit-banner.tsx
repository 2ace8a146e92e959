import { Alert, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { MESSAGES } from '@stem/contract/messages';

/**
 * The trial teacher's "TRIAL LIMIT REACHED" banner (spec 02 §4), with the server's reason, shown
 * while the limit is reached. An expired trial is not a limit reached, and the shell's trial banner
 * already says on every page that it has expired, with the way to upgrade: nothing more here.
 */
type TLimitState = { isLimitReached: boolean; isExpired: boolean; message: string };

export function TrialLimitBanner({ limit }: { limit: TLimitState | TLimitState[] }) {
  // The dashboard passes both limits: at 3 classes and 3 questions it says both, not one of them.
  const reached = (Array.isArray(limit) ? limit : [limit]).filter(
    (one) => one.isLimitReached && !one.isExpired,
  );
  if (reached.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={MESSAGES.questions.trialBanner}
      icon={<IconLock size={20} aria-hidden />}
      data-testid="trial-limit-banner"
    >
      {reached.length === 1 ? (
        reached[0]?.message
      ) : (
        <Stack gap={4}>
          {reached.map((one) => (
            <Text key={one.message} size="sm">
              {one.message}
            </Text>
          ))}
        </Stack>
      )}
    </Alert>
  );
}
