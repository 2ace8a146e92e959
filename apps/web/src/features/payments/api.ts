import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_PATHS } from '@stem/contract/api';
import { ZMeResponse } from '@stem/contract/auth';
import { MESSAGES } from '@stem/contract/messages';
import { canViewPayments } from '@stem/contract/roles';
import {
  PAYMENT_EXTRA_PATHS,
  ZCancelSubscriptionResponse,
  ZPaymentHistoryResponse,
  ZPlansResponse,
  ZPortalSessionResponse,
  ZSubscriptionResponse,
  ZVerifyResponse,
  type TVerifyResponse,
} from '@stem/contract/payments';
import type { TBillingOption, TPaidPlanId } from '@stem/contract/plans';
import { PAYMENT_PATHS, TRIAL_PATHS, ZCheckoutResponse } from '@stem/contract/trial';
import { api, serverMessageOf } from '../../lib/http';
import { getStoredUser, updateStoredUser } from '../../lib/session';

export const paymentKeys = {
  subscription: ['payments', 'subscription'] as const,
  history: ['payments', 'history'] as const,
  plans: ['payments', 'plans'] as const,
};

/**
 * Whether the signed-in user may read the school's plan, by the rule the server applies: a classroom
 * school's teachers without the payment permissions are not asked about it (the server would say 403).
 */
export function mayViewPayments(): boolean {
  return canViewPayments(getStoredUser());
}

/** The school's subscription; not requested at all for someone the server would refuse. */
export function useSubscription() {
  return useQuery({
    queryKey: paymentKeys.subscription,
    queryFn: async () => ZSubscriptionResponse.parse(await api.get(PAYMENT_PATHS.subscription)),
    enabled: mayViewPayments(),
    retry: false,
  });
}

export function usePaymentHistory(enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.history,
    queryFn: async () => ZPaymentHistoryResponse.parse(await api.get(PAYMENT_PATHS.history)),
    enabled,
    retry: false,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: paymentKeys.plans,
    queryFn: async () => ZPlansResponse.parse(await api.get(PAYMENT_EXTRA_PATHS.plans)),
    staleTime: 5 * 60_000,
  });
}

export type TBuyInput = {
  plan: TPaidPlanId;
  billing: TBillingOption;
  promoCode: string;
  /** A trial school upgrades in place through /trial/upgrade. */
  isTrial: boolean;
};

/** Starts a checkout for the signed-in user's school; the browser then goes to the checkout URL. */
export async function startCheckout(input: TBuyInput): Promise<string> {
  const promoCode = input.promoCode.trim() || undefined;
  const reply = ZCheckoutResponse.parse(
    input.isTrial
      ? await api.post(TRIAL_PATHS.upgrade, {
          planId: input.plan,
          billingOption: input.billing,
          promoCode,
        })
      : await api.post(PAYMENT_PATHS.createAuthenticatedCheckout, {
          planType: input.plan,
          billingOption: input.billing,
          promoCode,
        }),
  );
  if (!reply.checkoutUrl) throw new Error(reply.message || MESSAGES.payments.checkoutFailed);
  return reply.checkoutUrl;
}

export async function openPortal(): Promise<string> {
  const reply = ZPortalSessionResponse.parse(
    await api.post(PAYMENT_PATHS.createPortalSession, {
      returnUrl: `${window.location.origin}/payments`,
    }),
  );
  return reply.url;
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      ZCancelSubscriptionResponse.parse(await api.post(PAYMENT_PATHS.cancelSubscription)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.subscription }),
  });
}

export async function verifyPayment(sessionId: string): Promise<TVerifyResponse> {
  return ZVerifyResponse.parse(await api.get(PAYMENT_PATHS.verify, { session_id: sessionId }));
}

/** After a purchase the stored user (plan, account type, permissions) is read again. */
export async function refreshStoredUser(): Promise<void> {
  const reply = ZMeResponse.parse(await api.get(AUTH_PATHS.me));
  updateStoredUser(reply.user);
}

/** A failed checkout call in the spec's words (spec 01 §8 Checkout and Subscription). */
export function checkoutErrorMessage(error: unknown): string {
  const message = serverMessageOf(error);
  if (message?.includes('email already exists')) return MESSAGES.payments.emailExists;
  if (message) return message;
  return MESSAGES.payments.checkoutUnavailable;
}
