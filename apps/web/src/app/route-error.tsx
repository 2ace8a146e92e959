import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';

/** Any unhandled routing error (spec 01 §2). */
export function RouteError() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={560}>
        <Title order={1} size="h2">
          {MESSAGES.routing.unexpected}
        </Title>
        <Code block>{text}</Code>
        <Text c="dimmed" ta="center">
          Reloading the page usually helps. If it keeps happening, please tell your school.
        </Text>
        <Button component="a" href="/">
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}
