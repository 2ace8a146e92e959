import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useMatches } from 'react-router';

/** A public page whose feature arrives with a later issue (payments); says so plainly. */
export default function PublicPendingPage() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'Page';
  useEffect(() => {
    document.title = `${title} · STEM@Home`;
  }, [title]);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" maw={480}>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">This page is not available yet.</Text>
          <Anchor component={Link} to="/login">
            Go to sign-in
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
