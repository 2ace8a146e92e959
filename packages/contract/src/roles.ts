/** The four roles of the product, always stored and compared lower-case. */
export const ROLES = ['student', 'teacher', 'admin', 'owner'] as const;
export type TRole = (typeof ROLES)[number];

/** Normalises any role string (the spec compares roles case-insensitively); unknown → null. */
export function normaliseRole(value: unknown): TRole | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? (lower as TRole) : null;
}

/** Where a user lands after sign-in or when opening a page their role may not see (spec 01 §2). */
export function dashboardPathFor(role: unknown): string {
  switch (normaliseRole(role)) {
    case 'owner':
      return '/owner-dashboard';
    case 'admin':
      return '/admin-dashboard';
    case 'teacher':
    case 'student':
      return '/dashboard';
    default:
      return '/login';
  }
}

export const PERMISSIONS = ['view_payments', 'manage_payments'] as const;
export type TPermission = (typeof PERMISSIONS)[number];

export const SCHOOL_TYPES = ['classroom', 'personal'] as const;
export type TSchoolType = (typeof SCHOOL_TYPES)[number];

export const PLANS = ['trial', 'personal', 'classroom'] as const;
export type TPlan = (typeof PLANS)[number];

/** The parts of a signed-in user that decide whether they may read the school's plan and payments. */
export type TPaymentsViewer = {
  role: unknown;
  permissions: readonly string[];
  accountType: 'trial' | 'paid';
};

/**
 * Who may read the school's plan and payments (`GET /payment/subscription`, `/payment/history`): the
 * owner (who has no school to pay for), a teacher or admin holding view_payments or manage_payments,
 * and the one teacher of a trial school, who manages its upgrade. Never a student. The server decides
 * with this very function; the browser uses it only to avoid asking for what it would be refused.
 */
export function canViewPayments(user: TPaymentsViewer | null): boolean {
  if (!user) return false;
  const role = normaliseRole(user.role);
  if (role === 'owner') return true;
  if (role !== 'teacher' && role !== 'admin') return false;
  if (user.permissions.some((p) => p === 'view_payments' || p === 'manage_payments')) return true;
  return role === 'teacher' && user.accountType === 'trial';
}
