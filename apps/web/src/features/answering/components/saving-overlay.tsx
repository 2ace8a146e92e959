import { Loader, Overlay, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';

/** Covers the screen while the submission is saved and during the 2 s before the next page. */
export function SavingOverlay() {
  return (
    <Overlay fixed center blur={2} backgroundOpacity={0.45} zIndex={400}>
      <Paper p="xl" radius="md" shadow="md" role="status" aria-live="assertive">
        <Stack align="center" gap="md">
          <Loader aria-hidden />
          <Text fw={600}>{MESSAGES.submissions.saving}</Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
