import { Button, Stack, Text, Title } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PAYMENT_REDIRECT_SECONDS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { usePageTitle } from '../../../components/use-page-title';
import { AuthLayout } from '../../auth/components/auth-layout';
import { useCountdown } from '../use-countdown';

const T = MESSAGES.paymentPages;

/** Where a cancelled checkout ends: the landing page, which then says nothing was charged. */
export const CANCELLED_HOME = '/?payment_status=cancelled';

/** /payment/cancel (spec 01 §2): nothing was charged; 15-second countdown to /, Return to Home. */
export default function PaymentCancelPage() {
  usePageTitle(T.cancelDocumentTitle);
  const navigate = useNavigate();
  const toHome = useCallback(() => navigate(CANCELLED_HOME, { replace: true }), [navigate]);
  const left = useCountdown(PAYMENT_REDIRECT_SECONDS, toHome);
  return (
    <AuthLayout maxWidth={520}>
      <Stack gap="md" align="center" ta="center">
        <IconCircleX size={56} color="var(--mantine-color-orange-6)" aria-hidden />
        <Title order={1} size="h2">
          {T.cancelTitle}
        </Title>
        <Text>{T.cancelText}</Text>
        <Text c="dimmed">{T.cancelHint}</Text>
        <Text c="dimmed" size="sm" role="status" aria-live="polite">
          {T.cancelCountdown(left)}
        </Text>
        <Button onClick={toHome}>{T.returnToHome}</Button>
      </Stack>
    </AuthLayout>
  );
}
