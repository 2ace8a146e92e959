import { Alert, Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ZSessionResponse } from '@stem/contract/auth';
import { MAGIC_LINK_SUCCESS_REDIRECT_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { serverCodeOf, serverMessageOf } from '../../../lib/http';
import { saveSession } from '../../../lib/session';
import { verifyMagicLink } from '../api';
import { destinationAfterSignIn, magicLinkErrorMessage } from '../auth-messages';
import { AuthLayout } from '../components/auth-layout';
import { useDocumentTitle } from '../use-document-title';

const T = MESSAGES.magicLinkPage;

type TVerification =
  | { status: 'verifying' }
  | { status: 'success'; destination: string }
  | { status: 'error'; message: string };

/** Turns the reply into the page's outcome: success only when the success flag is true (spec 01 §5). */
function outcomeOf(reply: unknown): TVerification {
  const record = reply && typeof reply === 'object' ? (reply as Record<string, unknown>) : {};
  if (record.success === true) {
    const session = ZSessionResponse.safeParse(reply);
    if (session.success) {
      saveSession(session.data);
      return { status: 'success', destination: destinationAfterSignIn(session.data.role) };
    }
  }
  const text =
    typeof record.message === 'string' && record.success !== true
      ? record.message
      : MESSAGES.magicLink.verificationFailed;
  return { status: 'error', message: magicLinkErrorMessage(text) };
}

export default function VerifyMagicLinkPage() {
  useDocumentTitle(T.documentTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [verification, setVerification] = useState<TVerification>(() =>
    token ? { status: 'verifying' } : { status: 'error', message: MESSAGES.magicLink.missingToken },
  );
  // The token works once: StrictMode's second effect run must not spend it again.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    verifyMagicLink(token).then(
      (reply) => setVerification(outcomeOf(reply)),
      (error: unknown) =>
        setVerification({
          status: 'error',
          message: magicLinkErrorMessage(serverMessageOf(error), serverCodeOf(error)),
        }),
    );
  }, [token]);

  useEffect(() => {
    if (verification.status !== 'success') return;
    const timer = window.setTimeout(
      () => navigate(verification.destination, { replace: true }),
      MAGIC_LINK_SUCCESS_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [verification, navigate]);

  return (
    <AuthLayout>
      <Stack align="center" ta="center" gap="md" py="md">
        {verification.status === 'verifying' && (
          <>
            <Loader size="lg" aria-hidden="true" />
            <Title order={1} size="h2">
              {T.verifyingTitle}
            </Title>
            <Text c="dimmed" role="status">
              {T.verifyingText}
            </Text>
          </>
        )}
        {verification.status === 'success' && (
          <>
            <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden="true">
              <IconCircleCheck size={36} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {T.successTitle}
            </Title>
            <Text role="status">{T.successText}</Text>
          </>
        )}
        {verification.status === 'error' && (
          <>
            <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden="true">
              <IconCircleX size={36} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {T.errorTitle}
            </Title>
            <Alert color="red" icon={<IconAlertCircle />} ta="left" w="100%">
              {verification.message}
            </Alert>
            <Button
              fullWidth
              onClick={() => navigate('/login', { state: { error: verification.message } })}
            >
              {T.backToLogin}
            </Button>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
