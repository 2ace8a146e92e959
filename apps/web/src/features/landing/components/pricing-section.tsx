import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { PAID_PLANS, TRIAL_PLAN, type TBillingOption } from '@stem/contract/plans';
import { PlanCard } from '../../../components/plan-card/plan-card';
import classes from '../landing.module.css';

const P = PUBLIC_MESSAGES.landing.pricing;

type TPricingProps = {
  /** The formatted last day of the introductory prices, or null when no offer runs. */
  introOfferEnds: string | null;
  /** False without a payment provider (PAYMENTS=off): Buy says plans are not on sale yet. */
  plansOnSale: boolean;
  onBuy: (billing: TBillingOption) => void;
  onStartTrial: () => void;
  /** The Personal plan's toggle, shared with the navbar's Buy Plan. */
  personalBilling: TBillingOption;
  onPersonalBillingChange: (billing: TBillingOption) => void;
};

/** A plan's button where nothing can be bought (issue 26): disabled, with the reason beside it. */
function NotOnSale({ id }: { id: string }) {
  return (
    <Stack gap={6}>
      <Button fullWidth size="md" disabled aria-describedby={id}>
        {P.notOnSale}
      </Button>
      <Text id={id} size="sm" ta="center" className={classes.muted}>
        {P.notOnSaleNote}
      </Text>
    </Stack>
  );
}

/**
 * Pricing (spec 01 §2, §9): Personal on sale, Classroom 'Coming Soon!', each with its own toggle;
 * both 'Not on sale yet' where this deployment takes no payments.
 */
export function PricingSection(props: TPricingProps) {
  const [classroomBilling, setClassroomBilling] = useState<TBillingOption>(
    PAID_PLANS.classroom.defaultBilling,
  );
  return (
    <section
      id="pricing"
      className={`${classes.section} ${classes.sectionAlt}`}
      aria-labelledby="pricing-title"
    >
      <Container size="lg">
        <Stack gap="xs" align="center" mb={40} ta="center">
          <Title id="pricing-title" order={2}>
            {P.title}
          </Title>
          <Text className={classes.lead}>{P.text}</Text>
          {props.introOfferEnds ? (
            <Text fw={600} c="blue.9" data-testid="intro-offer">
              {P.introductory(props.introOfferEnds)}
            </Text>
          ) : null}
        </Stack>
        <div className={classes.pricingGrid}>
          <PlanCard
            plan={PAID_PLANS.personal}
            billing={props.personalBilling}
            onBillingChange={props.onPersonalBillingChange}
            action={
              props.plansOnSale ? (
                <Button fullWidth size="md" onClick={() => props.onBuy(props.personalBilling)}>
                  {P.buy}
                </Button>
              ) : (
                <NotOnSale id="personal-not-on-sale" />
              )
            }
          />
          <PlanCard
            plan={PAID_PLANS.classroom}
            billing={classroomBilling}
            onBillingChange={setClassroomBilling}
            action={
              props.plansOnSale ? (
                <Stack gap={6}>
                  <Button size="md" disabled aria-describedby="classroom-note">
                    {P.comingSoon}
                  </Button>
                  <Text id="classroom-note" size="sm" ta="center" className={classes.muted}>
                    {P.classroomNote}
                  </Text>
                </Stack>
              ) : (
                <NotOnSale id="classroom-not-on-sale" />
              )
            }
          />
          <Card withBorder radius="md" padding="xl" className={classes.planCard}>
            <Title order={3}>{TRIAL_PLAN.name}</Title>
            <Text fw={600}>{P.trialTitle}</Text>
            <Text className={classes.muted}>{P.trialText}</Text>
            <Button
              variant="light"
              size="md"
              className={classes.planButton}
              onClick={props.onStartTrial}
            >
              {PUBLIC_MESSAGES.landing.hero.getStarted}
            </Button>
          </Card>
        </div>
      </Container>
    </section>
  );
}
