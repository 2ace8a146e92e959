import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TLtiDestination } from '@stem/contract/lti';
import { LTI_MESSAGES } from '@stem/contract/messages-lti';
import { serverMessageOf } from '../../../lib/http';
import { saveSession } from '../../../lib/session';
import { AuthLayout } from '../../auth/components/auth-layout';
import { useDocumentTitle } from '../../auth/use-document-title';
import { finishLtiHandoff } from '../api';

const T = LTI_MESSAGES;

function pathOf(destination: TLtiDestination): string {
  switch (destination.kind) {
    case 'question':
      return `/start-submission/${destination.classId}/${destination.questionId}`;
    case 'test':
      return `/start-submission/${destination.classId}?test=${destination.testId}`;
    case 'class':
      return destination.testId
        ? `/class/${destination.classId}?test=${destination.testId}`
        : `/class/${destination.classId}`;
    case 'deepLink':
      return `/lti/deep-link/${destination.launchId}`;
    case 'home':
      return '/dashboard';
  }
}

/**
 * Where an LMS launch lands (issue 29): the server checked the LMS's signed launch and put a
 * single-use code in this address's fragment; the page trades it for a session and opens what the
 * launch was for (a student's question, a teacher's class, or the deep linking picker).
 */
export default function LtiLaunchPage() {
  useDocumentTitle(T.launchingTitle);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The code works once: StrictMode's second effect run must not spend it again.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    // The code leaves the address bar (and the history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (!code) {
      setError(T.handoffInvalid);
      return;
    }
    finishLtiHandoff(code).then(
      (reply) => {
        saveSession(reply.session);
        void navigate(pathOf(reply.destination), { replace: true });
      },
      (failure: unknown) => setError(serverMessageOf(failure) ?? T.handoffInvalid),
    );
  }, [navigate]);

  return (
    <AuthLayout>
      <Stack align="center" ta="center" gap="md" py="md">
        {error ? (
          <>
            <Title order={1} size="h2">
              {T.refusedTitle}
            </Title>
            <Text role="alert">{error}</Text>
          </>
        ) : (
          <>
            <Loader size="lg" aria-hidden="true" />
            <Title order={1} size="h2">
              {T.launchingTitle}
            </Title>
            <Text c="dimmed" role="status">
              {T.launchingText}
            </Text>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
