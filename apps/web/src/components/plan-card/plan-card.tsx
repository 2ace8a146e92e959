import { Badge, Card, Group, SegmentedControl, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { formatPence, type TBillingOption, type TPaidPlan } from '@stem/contract/plans';
import classes from './plan-card.module.css';

const P = PUBLIC_MESSAGES.landing.pricing;

type TPlanCardProps = {
  plan: TPaidPlan;
  billing: TBillingOption;
  onBillingChange: (billing: TBillingOption) => void;
  /** Buy, or 'Coming Soon!' with its note: at the foot of the card. */
  action: ReactNode;
  /** The heading level of the plan's name (3 on the landing page, under "Simple pricing"). */
  headingOrder?: 3 | 4;
};

/**
 * One paid plan's card (spec 01 §2 pricing, §9 prices): name, audience, the monthly/annual toggle,
 * the price with its 'was' price, the saving and the monthly equivalent, the features, and an
 * action. Used by the landing page's pricing section and the pricing view of /payments, so both
 * show the shared plan table the same way.
 */
export function PlanCard({
  plan,
  billing,
  onBillingChange,
  action,
  headingOrder = 3,
}: TPlanCardProps) {
  const price = plan.prices[billing];
  const nameId = `plan-${plan.id}-name`;
  return (
    <Card
      withBorder
      radius="md"
      padding="xl"
      className={classes.card}
      data-testid={`plan-${plan.id}`}
      component="article"
      aria-labelledby={nameId}
    >
      <div>
        <Title order={headingOrder} size="h3" id={nameId}>
          {plan.name}
        </Title>
        <Text className={classes.muted}>{plan.audience}</Text>
      </div>
      <SegmentedControl
        fullWidth
        value={billing}
        onChange={(value) => onBillingChange(value as TBillingOption)}
        data={[
          { value: 'monthly', label: P.monthly },
          { value: 'annual', label: P.annual },
        ]}
        aria-label={P.billingLabel(plan.name)}
      />
      <div>
        <Group gap="xs" align="baseline">
          <span className={classes.price} data-testid="price">
            {formatPence(price.amountPence)}
          </span>
          <Text component="span" className={classes.muted}>
            {billing === 'monthly' ? P.perMonth : P.perYear}
          </Text>
          {price.saveLabel ? (
            <Badge color="green.9" variant="filled">
              {price.saveLabel}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" className={classes.muted} mt={4}>
          <s>{P.was(formatPence(price.wasPence))}</s>
          {price.perMonthPence ? ` · ${P.aboutPerMonth(formatPence(price.perMonthPence))}` : ''}
        </Text>
      </div>
      <ul className={classes.features}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className={classes.action}>{action}</div>
    </Card>
  );
}
