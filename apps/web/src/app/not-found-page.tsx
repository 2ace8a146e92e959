import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';

export default function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found · STEM@Home';
  }, []);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you were looking for does not exist.</Text>
        <Button component={Link} to="/dashboard">
          Go to your dashboard
        </Button>
      </Stack>
    </Center>
  );
}
