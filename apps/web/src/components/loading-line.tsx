import { Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small spinner with the spec's loading text, announced politely to screen readers. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text c="dimmed">{children}</Text>
    </Group>
  );
}
