import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { MESSAGES } from '@stem/contract/messages';
import { describeError } from '../../../lib/http';
import { useRetryMarking } from '../api/marking';

/** Marking failed: why, and a 'Try marking again' button that puts it back in the queue. */
export function MarkingFailedNotice({
  submissionId,
  reason,
}: {
  submissionId: string;
  reason: string | null;
}) {
  const retry = useRetryMarking();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      <Stack gap="xs">
        <Text size="sm">{MESSAGES.submissions.markingFailed}</Text>
        {reason && <Text size="sm">{reason}</Text>}
        {retry.isError && <Text size="sm">{describeError(retry.error)}</Text>}
        <Group>
          <Button
            size="xs"
            color="red"
            variant="white"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={retry.isPending}
            onClick={() => retry.mutate(submissionId)}
          >
            {MESSAGES.submissionsPage.tryMarkingAgain}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
