import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useMatches } from 'react-router';

/**
 * A page whose feature arrives with a later issue: it shows its name inside the shell and says
 * plainly that it is not available yet, so nobody mistakes it for a working screen.
 */
export default function PendingPage() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: string } | undefined;
  const title = handle?.title ?? 'Page';
  useEffect(() => {
    document.title = `${title} · STEM@Home`;
  }, [title]);
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Paper withBorder p="lg">
        <Text c="dimmed">This page is not available yet.</Text>
      </Paper>
    </Stack>
  );
}
