import { canViewPayments, type TPlan, type TRole, type TSchoolType } from '@stem/contract/roles';
import type { TConfig } from '../../config';
import { accountTypeFor, permissionsFor } from '../auth/auth.policy';

/** Plans can be bought only with a payment provider: Stripe, or the test checkout asked for by name. */
export function arePlansOnSale(config: Pick<TConfig, 'payments'>): boolean {
  return config.payments.provider !== 'off';
}

export type TPaymentsAccess = { canView: boolean; canManage: boolean };

/**
 * Who sees Payments and who may act (spec 01 §6, enforced here as in the browser): never a student;
 * admins and teachers through view_payments / manage_payments (an admin and a personal-plan teacher
 * hold both by default; the default teacher of a classroom school holds neither); the one teacher of
 * a trial school manages its upgrade. The owner sees the page but has no school to pay for.
 */
export function paymentsAccess(
  user: { role: TRole; active: boolean; permissions: readonly string[] },
  school: {
    plan: TPlan;
    schoolType: TSchoolType;
    active: boolean;
    trialExpiresAt: Date | null;
  } | null,
): TPaymentsAccess {
  if (user.role === 'student') return { canView: false, canManage: false };
  if (user.role === 'owner') return { canView: true, canManage: false };
  if (!school) return { canView: false, canManage: false };
  const granted = permissionsFor(user, school);
  const trialTeacher = user.role === 'teacher' && school.plan === 'trial';
  const canManage = granted.includes('manage_payments') || trialTeacher;
  // The browser asks only when this same rule allows it, so the two cannot drift apart.
  const canView = canViewPayments({
    role: user.role,
    permissions: granted,
    accountType: accountTypeFor(school),
  });
  return { canView, canManage };
}
