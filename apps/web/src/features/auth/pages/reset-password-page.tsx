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

const T = MESSAGES.resetPasswordPage;

type TFieldErrors = { password?: string; confirm?: string };

/** Spec 01 §5: at least 8 characters, and the confirmation must match. */
function validate(password: string, confirm: string): TFieldErrors {
  const errors: TFieldErrors = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = MESSAGES.password.tooShort;
  if (confirm !== password) errors.confirm = MESSAGES.password.mismatch;
  return errors;
}

export default function ResetPasswordPage() {
  useDocumentTitle(T.documentTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const mutation = useMutation({ mutationFn: updatePassword });

  useEffect(() => {
    if (secondsLeft === null) return;
    if (secondsLeft <= 0) {
      navigate('/login', { replace: true, state: { message: MESSAGES.password.success } });
      return;
    }
    const timer = window.setTimeout(() => setSecondsLeft(secondsLeft - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft, navigate]);

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
      setError(resetPasswordErrorMessage(failure));
    }
  };

  let body;
  if (!token) {
    body = (
      <>
        <Alert color="red" icon={<IconAlertCircle />}>
          {MESSAGES.password.tokenMissing}
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
          {MESSAGES.password.success}
        </Alert>
        <Text c="dimmed" size="sm" ta="center" role="status" aria-live="polite">
          {T.countdown(secondsLeft)}
        </Text>
        <Anchor
          component={Link}
          to="/login"
          state={{ message: MESSAGES.password.success }}
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
