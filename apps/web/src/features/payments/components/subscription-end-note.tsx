import { Text } from '@mantine/core';
import { MESSAGES } from '@stem/contract/messages';
import { formatLongDate } from '../../../lib/dates';
import { useSubscription } from '../api';

const T = MESSAGES.paymentPages;

/**
 * For the Settings popup: until when access continues once a subscription is cancelled, or that the
 * plan has ended. Nothing while the plan simply renews (or for someone who may not see payments).
 */
export function SubscriptionEndNote() {
  const query = useSubscription();
  const subscription = query.data?.subscription;
  if (!subscription || subscription.isTrial) return null;
  if (!subscription.isActive) {
    return (
      <Text size="sm" c="orange.8">
        {T.planEndedNote}
      </Text>
    );
  }
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd) {
    return (
      <Text size="sm" c="orange.8" data-testid="settings-access-until">
        {T.endsOn(formatLongDate(subscription.currentPeriodEnd))}
      </Text>
    );
  }
  return null;
}
