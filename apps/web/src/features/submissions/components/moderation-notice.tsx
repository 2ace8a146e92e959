import { Alert, Group, Text } from '@mantine/core';
import { IconFlag, IconShieldCheck } from '@tabler/icons-react';
import type { TContentModeration } from '@stem/contract/marking';
import { MESSAGES } from '@stem/contract/messages';

const T = MESSAGES.submissionsPage;

/**
 * The moderation result of one answer: a flag with the reason when it was found inappropriate,
 * a quiet "no concerns" line otherwise (nothing before it is marked).
 */
export function ModerationNotice({ moderation }: { moderation: TContentModeration | null }) {
  if (!moderation) return null;
  if (moderation.isInappropriate) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconFlag aria-hidden />}
        title={T.flagged}
        data-testid="moderation-flag"
      >
        {moderation.reason || T.flagged}
      </Alert>
    );
  }
  return (
    <Group gap={6} c="dimmed">
      <IconShieldCheck size={16} aria-hidden />
      <Text size="sm">{T.notFlagged}</Text>
    </Group>
  );
}
