import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PUBLIC_MESSAGES } from '@stem/contract/messages-public';
import { formatPence, PAID_PLANS, PROMO, type TBillingOption } from '@stem/contract/plans';
import { browser, checkEmail, createCheckout, requestEmailTrial } from '../api';
import {
  checkoutErrorOf,
  checkoutRefusalOf,
  emailExistsMessage,
  emailTrialErrorOf,
} from '../landing-errors';
import { useAction } from '../use-action';

const E = PUBLIC_MESSAGES.emailModal;
const P = PUBLIC_MESSAGES.landing.pricing;
/** The modal's "simple e-mail pattern" (spec 01 §5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type TEmailPurpose = { kind: 'trial' } | { kind: 'purchase'; billing: TBillingOption };

type TEmailModalProps = { purpose: TEmailPurpose | null; onClose: () => void };

/** 'Enter Your Email', for the e-mail trial and for buying the Personal plan (spec 01 §2, §4). */
export function EmailModal({ purpose, onClose }: TEmailModalProps) {
  return (
    <Modal opened={purpose !== null} onClose={onClose} title={E.title} centered>
      {purpose ? <EmailForm key={purposeKey(purpose)} purpose={purpose} onClose={onClose} /> : null}
    </Modal>
  );
}

function purposeKey(purpose: TEmailPurpose): string {
  return purpose.kind === 'trial' ? 'trial' : `purchase-${purpose.billing}`;
}

function EmailForm({ purpose, onClose }: { purpose: TEmailPurpose; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [promoCode, setPromoCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const emailTrial = useAction(
    async (address: string) => {
      const check = await checkEmail(address);
      if (check.exists) return { exists: true as const, message: check.message };
      await requestEmailTrial(address);
      return { exists: false as const };
    },
    {
      onSuccess: (result, address) => {
        // An address already in use: the alert, and the modal stays for another address (spec 01 §8).
        if (result.exists) setAlert(emailExistsMessage(result.message));
        else setSentTo(address);
      },
      onError: (error) => setAlert(emailTrialErrorOf(error)),
    },
  );

  const checkout = useAction(createCheckout, {
    onSuccess: (reply) => {
      if (reply.success && reply.checkoutUrl) browser.go(reply.checkoutUrl);
      else setAlert(checkoutRefusalOf(reply.message));
    },
    onError: (error) => setAlert(checkoutErrorOf(error)),
  });

  const isPromoAllowed =
    purpose.kind === 'purchase' && purpose.billing === PROMO.billing && PROMO.plan === 'personal';
  const isBusy = emailTrial.isPending || checkout.isPending || (checkout.isSuccess && !alert);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) {
      setFieldError(PUBLIC_MESSAGES.register.emailInvalid);
      return;
    }
    setFieldError(null);
    setAlert(null);
    if (purpose.kind === 'trial') {
      emailTrial.mutate(address);
      return;
    }
    const promo = promoCode.trim();
    checkout.mutate({
      planType: 'personal',
      billingOption: purpose.billing,
      customer_email: address,
      ...(isPromoAllowed && promo !== '' ? { promoCode: promo } : {}),
    });
  };

  if (sentTo) {
    return (
      <Stack>
        <Alert
          color="green"
          icon={<IconMailCheck aria-hidden="true" />}
          title={E.trialSentTitle}
          role="status"
        >
          {E.trialSent(sentTo)}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>{PUBLIC_MESSAGES.trialModal.close}</Button>
        </Group>
      </Stack>
    );
  }

  const plan = PAID_PLANS.personal;
  const price = purpose.kind === 'purchase' ? plan.prices[purpose.billing] : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>
          {purpose.kind === 'trial'
            ? E.trialText
            : `${E.purchaseText(plan.name)} ${formatPence(price?.amountPence ?? 0)} ${
                purpose.billing === 'monthly' ? P.perMonth : P.perYear
              }.`}
        </Text>
        {alert ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {alert}
          </Alert>
        ) : null}
        <TextInput
          label={E.label}
          type="email"
          autoComplete="email"
          required
          data-autofocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldError}
        />
        {isPromoAllowed ? (
          <TextInput
            label={E.promoLabel}
            description={E.promoHint(PROMO.code, PROMO.freeMonths)}
            value={promoCode}
            onChange={(event) => setPromoCode(event.currentTarget.value.toUpperCase())}
            autoComplete="off"
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {E.cancel}
          </Button>
          <Button type="submit" loading={isBusy}>
            {purpose.kind === 'trial' ? E.trialSubmit : E.purchaseSubmit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
