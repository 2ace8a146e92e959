import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMail, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { LOGIN_MESSAGES } from '@stem/contract/messages-login';
import { InternalLink } from '../../../components/internal-link';
import { takeSignedOutReason } from '../../../lib/session-core';
import { useDocumentTitle } from '../use-document-title';
import { AuthLayout } from './auth-layout';
import { GeneratedSchoolCodeBox } from './generated-school-code-box';
import { OidcButtons } from './oidc-buttons';

const T = LOGIN_MESSAGES.loginPage;

/**
 * The forms' schemas, the calls and the error wording (./login-actions), fetched when a field is
 * first focused or a form sent: the page's first load carries neither zod nor axios.
 */
const loadActions = () => import('../login-actions');
const prefetchActions = () => {
  loadActions().catch(() => undefined);
};

type TTab = 'password' | 'magicLink';
/** Which form is being sent, while its call is under way. */
type TSending = 'signIn' | 'magicLink' | 'reset' | null;
type TFieldErrors = { email?: string; password?: string };
type TNotice = { kind: 'error' | 'success'; text: string };

/** A message handed over by another page through navigation state (spec 01 §2). */
function noticeFromState(state: unknown): TNotice | null {
  if (!state || typeof state !== 'object') return null;
  if ('error' in state && typeof state.error === 'string' && state.error) {
    return { kind: 'error', text: state.error };
  }
  if ('message' in state && typeof state.message === 'string' && state.message) {
    return { kind: 'success', text: state.message };
  }
  return null;
}

function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: TFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field])
      errors[field] = issue.message;
  }
  return errors;
}

export type TLoginViewProps = {
  /** The navigation state the page was opened with (a notice from another page, spec 01 §2). */
  state: unknown;
  /** Identifies that navigation, so a dismissed notice stays dismissed until the next one. */
  navigationKey: string;
  /** Goes where a signed-in user goes next (the address replaces /login in the history). */
  onSignedIn: (destination: string) => void;
};

/**
 * The login page (spec 01 §2): password and magic-link sign-in, the forgot-password form, the
 * one-time School Code box and the link to sign up. It needs neither the router nor the query
 * client, so the page's own entry (src/login-main.tsx, what a first visit to /login gets) draws it
 * with Mantine alone, and the app's route (pages/login-page.tsx) draws it with the router's
 * location and navigation.
 */
export function LoginView({ state, navigationKey, onSignedIn }: TLoginViewProps) {
  useDocumentTitle(T.documentTitle);
  const [dismissedNoticeKey, setDismissedNoticeKey] = useState<string | null>(null);
  const [tab, setTab] = useState<TTab>('password');
  const [isForgotMode, setForgotMode] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [sending, setSending] = useState<TSending>(null);

  // Why the server ended the session (a deactivated school), kept by lib/http.ts: read after the
  // first render, so the page drawn at build time hydrates unchanged.
  const [signedOutReason, setSignedOutReason] = useState<string | null>(null);
  useEffect(() => {
    const reason = takeSignedOutReason();
    if (reason) setSignedOutReason(reason);
  }, []);

  const handedOver = dismissedNoticeKey === navigationKey ? null : noticeFromState(state);
  const notice: TNotice | null =
    handedOver ?? (signedOutReason ? { kind: 'error', text: signedOutReason } : null);

  const startOver = () => {
    setError(null);
    setFieldErrors({});
  };

  /** The actions module; when it cannot be fetched (offline), the network message instead. */
  const loadActionsOrSay = async () => {
    try {
      return await loadActions();
    } catch {
      setError(LOGIN_MESSAGES.generic.network);
      return null;
    }
  };

  const beforeSend = () => {
    startOver();
    setDismissedNoticeKey(navigationKey);
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const actions = await loadActionsOrSay();
    if (!actions) return;
    const parsed = actions.checkLogin({ email, password });
    if (!parsed.ok) {
      setFieldErrors(fieldErrorsOf(parsed.issues));
      return;
    }
    beforeSend();
    setSending('signIn');
    let destination: string;
    try {
      destination = await actions.signInAndStore(parsed.data);
    } catch (failure) {
      setSending(null);
      setError(actions.loginErrorMessage(failure, 'password'));
      return;
    }
    // The button stays busy while the next page loads (on the page's own entry, a full page load).
    onSignedIn(destination);
  };

  const submitEmailOnly = async (event: FormEvent) => {
    event.preventDefault();
    const actions = await loadActionsOrSay();
    if (!actions) return;
    const parsed = actions.checkEmail({ email });
    if (!parsed.ok) {
      setFieldErrors(fieldErrorsOf(parsed.issues));
      return;
    }
    beforeSend();
    const forgot = isForgotMode;
    setSending(forgot ? 'reset' : 'magicLink');
    try {
      if (forgot) await actions.requestPasswordReset(parsed.data.email);
      else await actions.requestMagicLink(parsed.data.email);
      setSentMessage(forgot ? LOGIN_MESSAGES.login.resetSent : LOGIN_MESSAGES.login.magicLinkSent);
    } catch (failure) {
      setError(actions.loginErrorMessage(failure, forgot ? 'forgotPassword' : 'magicLink'));
    } finally {
      setSending(null);
    }
  };

  const changeEmail = (value: string) => {
    setEmail(value);
    setFieldErrors((errors) => ({ ...errors, email: undefined }));
  };

  const emailField = (
    <TextInput
      label={T.emailLabel}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      value={email}
      onChange={(event) => changeEmail(event.currentTarget.value)}
      error={fieldErrors.email}
      leftSection={<IconMail size={16} aria-hidden="true" />}
    />
  );

  const alerts = (
    <>
      {/* A failed sign-in that says the same (a deactivated school) is said once. */}
      {notice && notice.text !== error && (
        <Alert
          color={notice.kind === 'error' ? 'red' : 'teal'}
          icon={notice.kind === 'error' ? <IconAlertCircle /> : <IconCircleCheck />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => {
            setDismissedNoticeKey(navigationKey);
            setSignedOutReason(null);
          }}
        >
          {notice.text}
        </Alert>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {error}
        </Alert>
      )}
    </>
  );

  let body: ReactNode;
  if (sentMessage) {
    body = (
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden="true">
          <IconMailCheck size={34} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {T.checkEmail}
        </Title>
        <Text role="status">{sentMessage}</Text>
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {email.trim().toLowerCase()}
        </Text>
        <Button variant="light" fullWidth onClick={() => setSentMessage(null)}>
          {T.sendAgain}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setSentMessage(null);
            setForgotMode(false);
          }}
        >
          {T.backToLogin}
        </Anchor>
      </Stack>
    );
  } else if (isForgotMode) {
    body = (
      <>
        <div>
          <Title order={1} size="h2">
            {T.resetHeading}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {T.resetSubtitle}
          </Text>
        </div>
        {alerts}
        <form onSubmit={(event) => void submitEmailOnly(event)} noValidate>
          <Stack gap="md">
            {emailField}
            <Button
              type="submit"
              fullWidth
              loading={sending === 'reset'}
              disabled={sending === 'reset'}
            >
              {T.sendResetInstructions}
            </Button>
          </Stack>
        </form>
        <Anchor
          component="button"
          type="button"
          size="sm"
          style={{ alignSelf: 'center' }}
          onClick={() => {
            startOver();
            setForgotMode(false);
          }}
        >
          {T.backToLogin}
        </Anchor>
      </>
    );
  } else {
    body = (
      <>
        <div>
          <Title order={1} size="h2">
            {T.heading}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {T.subtitle}
          </Text>
        </div>
        {alerts}
        <Tabs
          keepMounted={false}
          value={tab}
          onChange={(value) => {
            if (value !== 'password' && value !== 'magicLink') return;
            startOver();
            setTab(value);
          }}
        >
          <Tabs.List grow mb="md">
            <Tabs.Tab value="password">{T.passwordTab}</Tabs.Tab>
            <Tabs.Tab value="magicLink">{T.magicLinkTab}</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="password">
            <form onSubmit={(event) => void submitPassword(event)} noValidate>
              <Stack gap="md">
                {emailField}
                <div>
                  <PasswordInput
                    label={T.passwordLabel}
                    name="password"
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(event) => {
                      setPassword(event.currentTarget.value);
                      setFieldErrors((errors) => ({ ...errors, password: undefined }));
                    }}
                    error={fieldErrors.password}
                  />
                  <Group justify="flex-end" mt={6}>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => {
                        startOver();
                        setForgotMode(true);
                      }}
                    >
                      {T.forgotPassword}
                    </Anchor>
                  </Group>
                </div>
                <Button
                  type="submit"
                  fullWidth
                  loading={sending === 'signIn'}
                  disabled={sending === 'signIn'}
                >
                  {T.signIn}
                </Button>
              </Stack>
            </form>
          </Tabs.Panel>

          <Tabs.Panel value="magicLink">
            <form onSubmit={(event) => void submitEmailOnly(event)} noValidate>
              <Stack gap="md">
                {emailField}
                <Text size="sm" c="dimmed">
                  {T.magicLinkHint}
                </Text>
                <Button
                  type="submit"
                  fullWidth
                  loading={sending === 'magicLink'}
                  disabled={sending === 'magicLink'}
                >
                  {T.sendMagicLink}
                </Button>
              </Stack>
            </form>
          </Tabs.Panel>
        </Tabs>
        <OidcButtons />
        <Text size="sm" ta="center">
          {T.noAccount}{' '}
          <Anchor component={InternalLink} to="/register" fw={600}>
            {T.signUp}
          </Anchor>
        </Text>
      </>
    );
  }

  return (
    <AuthLayout>
      {/* The first focus on a field fetches what sending needs, while the visitor types. */}
      <Stack gap="md" onFocusCapture={prefetchActions}>
        {/* Always first, so switching modes keeps its five-minute timer running. */}
        <GeneratedSchoolCodeBox />
        {body}
      </Stack>
    </AuthLayout>
  );
}
