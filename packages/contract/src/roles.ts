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
