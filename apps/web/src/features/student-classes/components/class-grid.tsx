import { SimpleGrid, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';

const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;

/** Class cards side by side: one column on a phone, up to three on a wide screen. */
export function ClassGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={GRID_COLUMNS} spacing="md">
      {children}
    </SimpleGrid>
  );
}

export function ClassGridSkeleton() {
  return (
    <SimpleGrid cols={GRID_COLUMNS} spacing="md" aria-busy="true" aria-label="Loading classes">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={112} radius="md" />
      ))}
    </SimpleGrid>
  );
}
