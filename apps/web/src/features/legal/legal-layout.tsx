import { Anchor, Container, Divider, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface LegalLayoutProps {
  title: string;
  /** Human-readable date, for example '11 March 2025'. */
  lastUpdated: string;
  children: ReactNode;
}

/** Shared frame for the public legal pages: a readable centred column with title and date. */
export function LegalLayout({ title, lastUpdated, children }: LegalLayoutProps) {
  return (
    <Container size="md" py="xl">
      <Stack gap="xs">
        <Anchor component={Link} to="/" size="sm">
          Back to home
        </Anchor>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{`Last updated: ${lastUpdated}`}</Text>
      </Stack>
      <Divider my="lg" />
      <Stack gap="xl">{children}</Stack>
    </Container>
  );
}
