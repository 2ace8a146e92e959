import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MESSAGES } from '@stem/contract/messages';

/** A load failure in the spec's words, with Retry when trying again can help. */
export function LoadProblem({
  message,
  onRetry,
  retrying = false,
  children,
}: {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}
      {(onRetry || children) && (
        <Group mt="sm" gap="sm">
          {onRetry && (
            <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
              {MESSAGES.submissionsPage.retry}
            </Button>
          )}
          {children}
        </Group>
      )}
    </Alert>
  );
}
