import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { serverMessageOf } from '../../../lib/http';
import { usePageTitle } from '../../classes/use-page-title';
import { finishConnect } from '../api';

const T = MESSAGES.classroom;

/**
 * Where Google sends the teacher back after the Classroom consent (issue 29): hands the query string
 * to the server, then goes back to the class page to choose the course; or says why it failed.
 */
export default function ClassroomCallbackPage() {
  usePageTitle(T.callbackTitle);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [error, setError] = useState<string | null>(null);
  // The state works once: StrictMode's second effect run must not spend it again.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    finishConnect(search).then(
      (reply) =>
        void navigate(`/class/${reply.classId}`, {
          replace: true,
          state: { classroomMessage: reply.message },
        }),
      (failure: unknown) => setError(serverMessageOf(failure) ?? T.stateInvalid),
    );
  }, [search, navigate]);

  if (error) {
    return (
      <Stack align="flex-start" gap="md">
        <Title order={1}>{T.callbackFailedTitle}</Title>
        <Text role="alert">{error}</Text>
        <Button component={Link} to="/classes" variant="default">
          {T.backToClasses}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" ta="center" gap="md" py="xl">
      <Loader size="lg" aria-hidden="true" />
      <Title order={1} size="h2">
        {T.callbackTitle}
      </Title>
      <Text c="dimmed" role="status">
        {T.callbackText}
      </Text>
    </Stack>
  );
}
