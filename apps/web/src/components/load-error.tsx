import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MESSAGES } from '@stem/contract/messages';

/**
 * A load failure in the spec's words, with a Retry button when trying again can help; `children`
 * (e.g. a way back) sit beside it. The spec's Retry label is the same word on every page.
 */
export function LoadError({
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
              {MESSAGES.generic.retry}
            </Button>
          )}
          {children}
        </Group>
      )}
    </Alert>
  );
}
