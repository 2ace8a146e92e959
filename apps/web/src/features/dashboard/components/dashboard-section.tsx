import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type TDashboardSectionProps = {
  id: string;
  title: string;
  /** A 'View All' link to the full list, when there is one. */
  viewAllTo?: string;
  children: ReactNode;
};

/** A titled part of a dashboard, labelled for screen readers by its heading. */
export function DashboardSection({ id, title, viewAllTo, children }: TDashboardSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          {viewAllTo && (
            <Anchor component={Link} to={viewAllTo} fw={600} aria-label={`View All ${title}`}>
              View All
            </Anchor>
          )}
        </Group>
        {children}
      </Stack>
    </section>
  );
}
