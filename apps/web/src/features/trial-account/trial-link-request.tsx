import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import { serverMessageOf, statusOf } from '../../lib/http';
import { sendTrialLink } from './api';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Trial mode without a sign-up link: a trial belongs to an address its owner controls (issue 18), so
 * the page asks for the address and mails the link.
 */
export function TrialLinkRequest({ initialEmail, code }: { initialEmail: string; code: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (address: string) => sendTrialLink(address, code) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) {
      setError(MESSAGES.register.emailInvalid);
      return;
    }
    setError(null);
    send.mutate(address);
  };

  const failure = send.error
    ? statusOf(send.error) === 429
      ? MESSAGES.generic.rateLimited
      : (serverMessageOf(send.error) ?? MESSAGES.trial.createError)
    : null;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {MESSAGES.registerPage.heading}
      </Title>
      {send.data ? (
        <Alert color="teal" icon={<IconMailCheck />} role="status">
          {send.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{MESSAGES.trial.needLink}</Text>
            {failure && (
              <Alert color="red" icon={<IconAlertCircle />}>
                {failure}
              </Alert>
            )}
            <TextInput
              label={MESSAGES.registerPage.emailLabel}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={error}
            />
            <Button type="submit" loading={send.isPending}>
              {MESSAGES.trial.sendLink}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
