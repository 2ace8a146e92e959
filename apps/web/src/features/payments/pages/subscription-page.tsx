import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import type { TSubscription, TSubscriptionResponse } from '@stem/contract/payments';
import { formatPence } from '@stem/contract/plans';
import { LinkButton } from '../../../components/link-button';
import { LoadError } from '../../../components/load-error';
import { usePageTitle } from '../../../components/use-page-title';
import { formatLongDate } from '../../../lib/dates';
import { describeError, statusOf } from '../../../lib/http';
import { mayViewPayments, openPortal, usePaymentHistory, useSubscription } from '../api';
import { PricingPlans } from '../components/pricing-plans';

const T = MESSAGES.paymentPages;

/**
 * /payments (spec 01 §2): the management view while a paid plan is in force, otherwise the pricing
 * view (a trial counts as not active).
 */
export default function SubscriptionPage() {
  usePageTitle(T.subscriptionDocumentTitle);
  const location = useLocation();
  const notice = (location.state as { message?: string } | null)?.message;
  const query = useSubscription();

  let body;
  if (!mayViewPayments() || (query.isError && statusOf(query.error) === 403)) {
    // The link shows to every teacher of a classroom school (spec 01 §6); only those with the
    // payment permissions may read the plan, so the others are told who looks after it (without
    // asking the server, which would refuse).
    body = (
      <Alert color="blue" variant="light" role="status">
        {MESSAGES.payments.managedByAdmin}
      </Alert>
    );
  } else if (query.isPending) {
    body = (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{T.loading}</Text>
      </Group>
    );
  } else if (query.isError) {
    const status = statusOf(query.error);
    body = (
      <LoadError
        message={
          status === 403 || status === 401
            ? describeError(query.error)
            : `${MESSAGES.payments.subscriptionLoadFailed}. ${MESSAGES.payments.subscriptionDetailsFailed}`
        }
        onRetry={status === 403 ? undefined : () => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!query.data.subscription) {
    body = <Text>{query.data.message}</Text>;
  } else if (query.data.subscription.isActive) {
    body = <ManagementView reply={query.data} subscription={query.data.subscription} />;
  } else {
    body = (
      <Stack gap="lg">
        <Alert color="orange" variant="light">
          {statusNote(query.data.subscription)}
        </Alert>
        <PricingPlans canManage={query.data.canManage} isTrial={query.data.subscription.isTrial} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{T.subscriptionTitle}</Title>
      {notice && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {notice}
        </Alert>
      )}
      {body}
    </Stack>
  );
}

function statusNote(subscription: TSubscription): string {
  if (subscription.isTrial) {
    return subscription.canCreate && subscription.trialExpiresAt
      ? T.trialNote(formatLongDate(subscription.trialExpiresAt))
      : T.trialEnded;
  }
  return T.planEndedNote;
}

function ManagementView({
  reply,
  subscription,
}: {
  reply: TSubscriptionResponse;
  subscription: TSubscription;
}) {
  const [portalError, setPortalError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const history = usePaymentHistory(true);

  const manage = async () => {
    setPortalError(null);
    setOpening(true);
    try {
      window.location.assign(await openPortal());
    } catch (failure) {
      console.error(failure);
      setPortalError(`${MESSAGES.payments.portalFailed}. ${MESSAGES.payments.portalUnavailable}`);
      setOpening(false);
    }
  };

  const period = subscription.billingOption === 'annual' ? T.perYear : T.perMonth;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {T.currentPlan}
          </Text>
          <Group gap="sm">
            <Title order={2} size="h3">
              {subscription.planName}
            </Title>
            <Badge color={subscription.status === 'past_due' ? 'orange' : 'teal'}>
              {T.statusLabel(subscription.status)}
            </Badge>
          </Group>
          {subscription.amountPence !== null && (
            <Text>
              <Text span fw={700}>
                {formatPence(subscription.amountPence)}
              </Text>{' '}
              {period}
            </Text>
          )}
          {subscription.currentPeriodEnd && (
            <Text data-testid="subscription-period">
              {subscription.cancelAtPeriodEnd
                ? T.endsOn(formatLongDate(subscription.currentPeriodEnd))
                : T.renewsOn(formatLongDate(subscription.currentPeriodEnd))}
            </Text>
          )}
          {subscription.firstChargeOn && subscription.amountPence !== null && (
            <Text data-testid="subscription-first-charge">
              {T.firstCharge(
                formatPence(subscription.amountPence),
                formatLongDate(subscription.firstChargeOn),
              )}
            </Text>
          )}
          {portalError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {portalError}
            </Alert>
          )}
          {reply.canManage && (
            <Group gap="sm" mt="xs">
              {reply.hasStripeAccount && (
                <Button variant="light" onClick={() => void manage()} loading={opening}>
                  {T.manageInPortal}
                </Button>
              )}
              {reply.hasStripeAccount && !subscription.cancelAtPeriodEnd && (
                <LinkButton to="/payments/cancel" color="red" variant="outline">
                  {T.cancelSubscription}
                </LinkButton>
              )}
            </Group>
          )}
        </Stack>
      </Card>

      <section aria-labelledby="invoices-heading">
        <Title order={2} size="h4" id="invoices-heading" mb="sm">
          {T.invoices}
        </Title>
        {history.isPending ? (
          <Loader size="sm" />
        ) : history.isError ? (
          <LoadError
            message={describeError(history.error)}
            onRetry={() => void history.refetch()}
          />
        ) : history.data.payments.length === 0 ? (
          <Text c="dimmed">{T.noInvoices}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.invoiceDate}</Table.Th>
                  <Table.Th>{T.invoiceDescription}</Table.Th>
                  <Table.Th>{T.invoiceAmount}</Table.Th>
                  <Table.Th>{T.invoiceStatus}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{formatLongDate(payment.date)}</Table.Td>
                    <Table.Td>{payment.description}</Table.Td>
                    <Table.Td>{formatPence(payment.amountPence)}</Table.Td>
                    <Table.Td>
                      <Badge color={payment.status === 'paid' ? 'teal' : 'red'} variant="light">
                        {payment.status === 'paid' ? T.invoicePaid : T.invoiceFailed}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
    </Stack>
  );
}
