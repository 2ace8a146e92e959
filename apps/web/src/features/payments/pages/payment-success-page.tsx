import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import confetti from 'canvas-confetti';
import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PAYMENT_REDIRECT_SECONDS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { usePageTitle } from '../../../components/use-page-title';
import { isSignedIn } from '../../../lib/session';
import { AuthLayout } from '../../auth/components/auth-layout';
import { refreshStoredUser, verifyPayment } from '../api';
import { useCountdown } from '../use-countdown';

const T = MESSAGES.paymentPages;
const CONFETTI_MS = 3_000;

/** A 3-second confetti burst (spec 01 §9), skipped for people who ask for less motion. */
function burstConfetti(): () => void {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return () => undefined;
  const end = Date.now() + CONFETTI_MS;
  let frame = 0;
  const shoot = () => {
    void confetti({ particleCount: 4, angle: 60, spread: 60, origin: { x: 0, y: 0.7 } });
    void confetti({ particleCount: 4, angle: 120, spread: 60, origin: { x: 1, y: 0.7 } });
    if (Date.now() < end) frame = window.requestAnimationFrame(shoot);
  };
  shoot();
  return () => {
    window.cancelAnimationFrame(frame);
    confetti.reset();
  };
}

/**
 * /payment/success (spec 01 §2): the confirmation, a 15-second countdown to /dashboard and a button.
 * The session id only asks what the webhook recorded; it grants nothing.
 */
export default function PaymentSuccessPage() {
  usePageTitle(T.successDocumentTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const toDashboard = useCallback(() => navigate('/dashboard', { replace: true }), [navigate]);
  const left = useCountdown(PAYMENT_REDIRECT_SECONDS, toDashboard);
  const verify = useQuery({
    queryKey: ['payments', 'verify', sessionId],
    queryFn: () => verifyPayment(sessionId),
    enabled: sessionId !== '',
    retry: false,
    // The webhook may land a moment after the buyer: ask again while it is on its way.
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 2_000 : false),
  });

  // An upgrade makes no new account: no temporary password is sent. Until the reply says which,
  // a signed-in visitor is taken to be upgrading (a new buyer is not signed in).
  const isUpgrade = verify.data?.kind ? verify.data.kind === 'upgrade' : isSignedIn();

  useEffect(() => burstConfetti(), []);
  useEffect(() => {
    if (verify.data?.status === 'completed' && isSignedIn()) {
      refreshStoredUser().catch(() => undefined);
    }
  }, [verify.data?.status]);

  return (
    <AuthLayout maxWidth={520}>
      <Stack gap="md" align="center" ta="center">
        <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
        <Title order={1} size="h2">
          {T.successTitle}
        </Title>
        <Text>{isUpgrade ? T.successTextUpgrade : T.successText}</Text>
        {verify.data && (
          <Alert
            color={verify.data.success ? 'teal' : 'yellow'}
            variant="light"
            w="100%"
            data-testid="payment-verify"
          >
            {verify.data.message}
          </Alert>
        )}
        <Text c="dimmed" size="sm" role="status" aria-live="polite">
          {T.successCountdown(left)}
        </Text>
        <Button onClick={toDashboard}>{T.returnToDashboard}</Button>
      </Stack>
    </AuthLayout>
  );
}
