import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { LinkButton } from '../../../components/link-button';
import { usePageTitle } from '../../../components/use-page-title';
import { formatLongDate } from '../../../lib/dates';
import { describeError } from '../../../lib/http';
import { mayViewPayments, useCancelSubscription, useSubscription } from '../api';

const T = MESSAGES.paymentPages;

type TSubscriptionReply = NonNullable<ReturnType<typeof useSubscription>['data']>;

/**
 * Why this person has nothing to cancel here, or null when they may cancel. The page is reached by
 * its address too, so it does not offer 'Yes' to someone whose 'Yes' could only fail (an owner, a
 * teacher without the payment permissions, a plan not bought here, one already ending).
 */
function nothingToCancel(reply: TSubscriptionReply): string | null {
  const { subscription } = reply;
  if (!subscription) return reply.message || MESSAGES.payments.noSubscription;
  if (!reply.canManage) return T.noPermission;
  if (subscription.cancelAtPeriodEnd) return MESSAGES.payments.alreadyCancelled;
  if (!reply.hasStripeAccount || !subscription.isActive || subscription.isTrial) {
    return MESSAGES.payments.noSubscription;
  }
  return null;
}

/**
 * /payments/cancel (spec 01 §2): cancelling ends the subscription at the end of the billing period.
 * 'Yes, Cancel Subscription' goes to /payments (which then says until when access continues);
 * 'No, Keep Subscription' goes to /dashboard.
 */
export default function CancelSubscriptionPage() {
  usePageTitle(T.cancelDocumentTitlePage);
  const navigate = useNavigate();
  const subscription = useSubscription();
  const cancel = useCancelSubscription();
  const [error, setError] = useState<string | null>(null);
  const periodEnd = subscription.data?.subscription?.currentPeriodEnd ?? null;
  const refusal = !mayViewPayments()
    ? MESSAGES.payments.managedByAdmin
    : subscription.data
      ? nothingToCancel(subscription.data)
      : null;

  const confirm = async () => {
    setError(null);
    try {
      const reply = await cancel.mutateAsync();
      navigate('/payments', { state: { message: reply.message } });
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{T.cancelSubscription}</Title>
      {refusal ? (
        <Stack gap="md" align="flex-start">
          <Alert color="blue" variant="light" role="status">
            {refusal}
          </Alert>
          <LinkButton to="/payments" variant="default">
            {T.backToSubscription}
          </LinkButton>
        </Stack>
      ) : (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Text fw={600} size="lg">
              {T.cancelQuestion}
            </Text>
            <Text>{T.cancelAccess}</Text>
            {periodEnd && <Text c="dimmed">{T.cancelAccessUntil(formatLongDate(periodEnd))}</Text>}
            {error && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                role="alert"
              >
                {error}
              </Alert>
            )}
            <Group gap="sm">
              <Button
                color="red"
                onClick={() => void confirm()}
                loading={cancel.isPending}
                disabled={subscription.isPending}
              >
                {T.confirmCancel}
              </Button>
              <Button variant="default" onClick={() => navigate('/dashboard')}>
                {T.keepSubscription}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
