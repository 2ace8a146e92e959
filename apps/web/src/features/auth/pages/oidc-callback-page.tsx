import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OIDC_MESSAGES } from '@stem/contract/messages-oidc';
import { serverMessageOf } from '../../../lib/http';
import { saveSession } from '../../../lib/session';
import { setItem } from '../../../lib/session-core';
import { finishOidcSignIn } from '../api';
import { destinationAfterSignIn } from '../auth-messages';
import { AuthLayout } from '../components/auth-layout';
import { useDocumentTitle } from '../use-document-title';

const T = OIDC_MESSAGES;

/**
 * Where Google or Microsoft sends the browser back (issue 29): hands the query string to the server,
 * then goes to the dashboard (signed in), or to the login page with what to do next (sign in with
 * the password once to link an existing account) or why it was refused.
 */
export default function OidcCallbackPage() {
  useDocumentTitle(T.callbackTitle);
  const navigate = useNavigate();
  const { search } = useLocation();
  // The state works once: StrictMode's second effect run must not spend it again.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    finishOidcSignIn(search).then(
      (reply) => {
        if (reply.outcome === 'signedIn') {
          saveSession(reply.session);
          void navigate(destinationAfterSignIn(reply.session.role), { replace: true });
          return;
        }
        setItem('oidcLinkToken', reply.linkToken);
        void navigate('/login', { replace: true, state: { message: reply.message } });
      },
      (error: unknown) => {
        const message = serverMessageOf(error) ?? T.stateInvalid;
        void navigate('/login', { replace: true, state: { error: message } });
      },
    );
  }, [search, navigate]);

  return (
    <AuthLayout>
      <Stack align="center" ta="center" gap="md" py="md">
        <Loader size="lg" aria-hidden="true" />
        <Title order={1} size="h2">
          {T.callbackTitle}
        </Title>
        <Text c="dimmed" role="status">
          {T.callbackText}
        </Text>
      </Stack>
    </AuthLayout>
  );
}
