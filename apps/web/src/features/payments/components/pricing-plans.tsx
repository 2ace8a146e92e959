import { Alert, Button, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { MESSAGES } from '@stem/contract/messages';
import {
  PAID_PLANS,
  promoRefusal,
  type TBillingOption,
  type TPaidPlanId,
} from '@stem/contract/plans';
import { PlanCard } from '../../../components/plan-card/plan-card';
import { formatLongDate } from '../../../lib/dates';
import { checkoutErrorMessage, startCheckout, usePlans } from '../api';

const T = MESSAGES.paymentPages;

/**
 * The pricing view of /payments (spec 01 §2, §9): both plans, on the same cards as the landing
 * page, with their monthly/annual toggle (Personal monthly, Classroom annual first), the promo
 * code, and Buy. The Classroom plan says 'Coming Soon!' unless the server sells it; every plan says
 * 'Not on sale yet' where the server takes no payments (PAYMENTS=off).
 */
export function PricingPlans({ canManage, isTrial }: { canManage: boolean; isTrial: boolean }) {
  const plans = usePlans();
  const classroomEnabled = plans.data?.classroomEnabled ?? false;
  // Without a payment provider (PAYMENTS=off) every plan says it is not on sale yet (issue 26).
  const plansOnSale = plans.data?.plansOnSale !== false;
  const [billing, setBilling] = useState<Record<TPaidPlanId, TBillingOption>>({
    personal: PAID_PLANS.personal.defaultBilling,
    classroom: PAID_PLANS.classroom.defaultBilling,
  });
  const [promoCode, setPromoCode] = useState('');
  const [busy, setBusy] = useState<TPaidPlanId | null>(null);
  const [error, setError] = useState<string | null>(null);

  const buy = async (plan: TPaidPlanId) => {
    setError(null);
    const code = promoCode.trim();
    if (code) {
      const refusal = promoRefusal(code, plan, billing[plan]);
      if (refusal) {
        setError(
          refusal === 'unknown' ? MESSAGES.payments.promoInvalid : MESSAGES.payments.promoWrongPlan,
        );
        return;
      }
    }
    setBusy(plan);
    try {
      const url = await startCheckout({ plan, billing: billing[plan], promoCode: code, isTrial });
      window.location.assign(url);
    } catch (failure) {
      console.error(failure);
      setError(checkoutErrorMessage(failure));
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {T.choosePlan}
      </Title>
      {plans.data?.introOfferEnds && (
        <Text c="dimmed">{T.introductory(formatLongDate(plans.data.introOfferEnds))}</Text>
      )}
      {!canManage && (
        <Alert color="blue" variant="light">
          {T.noPermission}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {error}
        </Alert>
      )}
      {plansOnSale && (
        <TextInput
          label={T.promoLabel}
          description={T.promoHint}
          value={promoCode}
          onChange={(event) => setPromoCode(event.currentTarget.value)}
          maw={320}
          autoComplete="off"
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {(['personal', 'classroom'] as const).map((id) => {
          const plan = PAID_PLANS[id];
          const onSale = plansOnSale && (id === 'personal' || classroomEnabled);
          const note = plansOnSale
            ? { button: T.comingSoon, text: T.comingSoonNote, id: `${id}-coming-soon` }
            : { button: T.notOnSale, text: T.notOnSaleNote, id: `${id}-not-on-sale` };
          return (
            <PlanCard
              key={id}
              plan={plan}
              billing={billing[id]}
              onBillingChange={(value) => setBilling((current) => ({ ...current, [id]: value }))}
              action={
                onSale ? (
                  <Button
                    fullWidth
                    onClick={() => void buy(id)}
                    loading={busy === id}
                    disabled={!canManage || (busy !== null && busy !== id)}
                  >
                    {T.buy(plan.name)}
                  </Button>
                ) : (
                  <Stack gap={6}>
                    <Button fullWidth disabled aria-describedby={note.id}>
                      {note.button}
                    </Button>
                    <Text id={note.id} size="xs" c="dimmed" ta="center">
                      {note.text}
                    </Text>
                  </Stack>
                )
              }
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
