import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH, RESET_REDIRECT_SECONDS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { updatePassword } from '../api';
import { resetPasswordErrorMessage } from '../auth-messages';
import { AuthLayout } from '../components/auth-layout';
import { useDocumentTitle } from '../use-document-title';

type TFieldErrors = { password?: string; confirm?: string };

/** Spec 01 §5: at least 8 characters, and the confirmation must match. */
function validate(password: string, confirm: string): TFieldErrors {
  const errors: TFieldErrors = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = MESSAGES.password.tooShort;
  if (confirm !== password) errors.confirm = MESSAGES.password.mismatch;
  return errors;
}

/** What differs between the pages that set a password with a mailed link. */
export type TSetPasswordPageConfig = {
  texts: {
    documentTitle: string;
    heading: string;
    subtitle: string;
    newPasswordLabel: string;
    confirmPasswordLabel: string;
    submit: string;
    backToLogin: string;
    countdown: (seconds: number) => string;
  };
  tokenMissing: string;
  success: string;
  send: (body: { token: string; password: string }) => Promise<unknown>;
  errorMessage: (error: unknown) => string;
};

const RESET: TSetPasswordPageConfig = {
  texts: MESSAGES.resetPasswordPage,
  tokenMissing: MESSAGES.password.tokenMissing,
  success: MESSAGES.password.success,
  send: updatePassword,
  errorMessage: resetPasswordErrorMessage,
};

/** /reset-password (spec 01 §5). */
export default function ResetPasswordPage() {
  return <SetPasswordPage config={RESET} />;
}

/**
 * A page that sets a password with a mailed link's token (the reset link of spec 01 §5, and the
 * invitation link of issue 29): the same form and rules, then back to the sign-in page.
 */
export function SetPasswordPage({ config }: { config: TSetPasswordPageConfig }) {
  const T = config.texts;
  useDocumentTitle(T.documentTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const mutation = useMutation({ mutationFn: config.send });

  useEffect(() => {
    if (secondsLeft === null) return;
    if (secondsLeft <= 0) {
      navigate('/login', { replace: true, state: { message: config.success } });
      return;
    }
    const timer = window.setTimeout(() => setSecondsLeft(secondsLeft - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft, navigate, config.success]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(password, confirm);
    setFieldErrors(errors);
    if (errors.password || errors.confirm) return;
    setError(null);
    try {
      await mutation.mutateAsync({ token, password });
      setSecondsLeft(RESET_REDIRECT_SECONDS);
    } catch (failure) {
      setError(config.errorMessage(failure));
    }
  };

  let body;
  if (!token) {
    body = (
      <>
        <Alert color="red" icon={<IconAlertCircle />}>
          {config.tokenMissing}
        </Alert>
        <Anchor component={Link} to="/login" size="sm" style={{ alignSelf: 'center' }}>
          {T.backToLogin}
        </Anchor>
      </>
    );
  } else if (secondsLeft !== null) {
    body = (
      <>
        <Alert color="teal" icon={<IconCircleCheck />}>
          {config.success}
        </Alert>
        <Text c="dimmed" size="sm" ta="center" role="status" aria-live="polite">
          {T.countdown(secondsLeft)}
        </Text>
        <Anchor
          component={Link}
          to="/login"
          state={{ message: config.success }}
          replace
          size="sm"
          style={{ alignSelf: 'center' }}
        >
          {T.backToLogin}
        </Anchor>
      </>
    );
  } else {
    body = (
      <>
        {error && (
          <Alert color="red" icon={<IconAlertCircle />}>
            {error}
          </Alert>
        )}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <PasswordInput
              label={T.newPasswordLabel}
              name="new-password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setFieldErrors((errors) => ({ ...errors, password: undefined }));
              }}
              error={fieldErrors.password}
            />
            <PasswordInput
              label={T.confirmPasswordLabel}
              name="confirm-password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(event) => {
                setConfirm(event.currentTarget.value);
                setFieldErrors((errors) => ({ ...errors, confirm: undefined }));
              }}
              error={fieldErrors.confirm}
            />
            <Button
              type="submit"
              fullWidth
              loading={mutation.isPending}
              disabled={mutation.isPending}
            >
              {T.submit}
            </Button>
          </Stack>
        </form>
        <Anchor component={Link} to="/login" size="sm" style={{ alignSelf: 'center' }}>
          {T.backToLogin}
        </Anchor>
      </>
    );
  }

  return (
    <AuthLayout>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {T.heading}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {T.subtitle}
          </Text>
        </div>
        {body}
      </Stack>
    </AuthLayout>
  );
}
