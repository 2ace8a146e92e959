import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A load failure in words the spec gives, with a Retry button when trying again can help. */
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
              Retry
            </Button>
          )}
          {children}
        </Group>
      )}
    </Alert>
  );
}
