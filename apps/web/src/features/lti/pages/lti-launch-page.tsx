import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TLtiDestination } from '@stem/contract/lti';
import { LTI_MESSAGES } from '@stem/contract/messages-lti';
import { serverMessageOf } from '../../../lib/http';
import { saveSession } from '../../../lib/session';
import { read, write } from '../../../lib/session-core';
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

const PROBE_KEY = 'stem-lti-probe';

/** Whether this page can keep a session: a frame's storage may be blocked by the browser. */
function canKeepSession(): boolean {
  write(PROBE_KEY, '1');
  const kept = read(PROBE_KEY) === '1';
  write(PROBE_KEY, null);
  return kept;
}

function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent may refuse even the comparison: framed.
    return true;
  }
}

/**
 * Where an LMS launch lands (issue 29): the server checked the LMS's signed launch and put a
 * single-use code in this address's fragment; the page trades it for a session and opens what the
 * launch was for (a student's question, a teacher's class, or the deep linking picker). Inside the
 * LMS's frame, when the browser lets the frame keep nothing, the code is not spent here: one button
 * opens this page in a new tab, which spends it there (once, within its 5 minutes).
 */
export default function LtiLaunchPage() {
  useDocumentTitle(T.launchingTitle);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [newTab, setNewTab] = useState<{ href: string; opened: boolean } | null>(null);
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
    if (isFramed() && !canKeepSession()) {
      setNewTab({
        href: `${window.location.pathname}#code=${encodeURIComponent(code)}`,
        opened: false,
      });
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
        {newTab ? (
          <>
            <Title order={1} size="h2">
              {T.newTabTitle}
            </Title>
            {newTab.opened ? (
              <Text role="status">{T.newTabOpened}</Text>
            ) : (
              <>
                <Text>{T.newTabText}</Text>
                <Button
                  component="a"
                  href={newTab.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  rightSection={<IconExternalLink size={16} aria-hidden="true" />}
                  onClick={() => setNewTab({ ...newTab, opened: true })}
                >
                  {T.newTabButton}
                </Button>
              </>
            )}
          </>
        ) : error ? (
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
