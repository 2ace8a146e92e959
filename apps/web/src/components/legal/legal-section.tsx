import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface LegalSectionProps {
  /** Used both as the element id (for links into the page) and to label the section. */
  id: string;
  title: string;
  children: ReactNode;
}

/** One titled section of a legal document; the id lets tables of contents link to it. */
export function LegalSection({ id, title, children }: LegalSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} style={{ scrollMarginTop: 24 }}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </section>
  );
}
