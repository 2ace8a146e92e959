import {
  CLASSROOM_PLAN_MAX_STUDENTS,
  PERSONAL_PLAN_MAX_STUDENTS,
  TRIAL_MAX_STUDENTS,
  TRIAL_MAX_TEACHERS,
} from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  PERMISSIONS,
  type TPermission,
  type TPlan,
  type TRole,
  type TSchoolType,
} from '@stem/contract/roles';

/** The parts of a school the access rules look at. */
export type TSchoolFacts = {
  active: boolean;
  plan: TPlan;
  schoolType: TSchoolType;
  trialExpiresAt: Date | null;
};

/** The parts of a user the access rules look at. */
export type TUserFacts = { role: TRole; active: boolean; permissions: readonly string[] };

const ALL_PAYMENT_PERMISSIONS: TPermission[] = [...PERMISSIONS];

/**
 * Permissions a new account starts with (spec 01 §6): an admin gets both payment permissions, so does
 * the teacher of a personal school; the default teacher of a classroom school and students get none.
 */
export function defaultPermissionsFor(role: TRole, schoolType: TSchoolType | null): TPermission[] {
  if (role === 'admin') return [...ALL_PAYMENT_PERMISSIONS];
  if (role === 'teacher' && schoolType === 'personal') return [...ALL_PAYMENT_PERMISSIONS];
  return [];
}

/**
 * The permissions the session reports: the role's defaults plus any stored grant (a later admin or owner
 * screen may grant payment rights to a classroom teacher). Unknown stored strings are dropped.
 */
export function permissionsFor(user: TUserFacts, school: TSchoolFacts | null): TPermission[] {
  const granted = new Set<TPermission>(
    defaultPermissionsFor(user.role, school?.schoolType ?? null),
  );
  for (const value of user.permissions) {
    if ((PERMISSIONS as readonly string[]).includes(value)) granted.add(value as TPermission);
  }
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

export function accountTypeFor(school: TSchoolFacts | null): 'trial' | 'paid' {
  return school?.plan === 'trial' ? 'trial' : 'paid';
}

export function isTrialExpired(school: TSchoolFacts, now: Date): boolean {
  return (
    school.plan === 'trial' &&
    school.trialExpiresAt !== null &&
    school.trialExpiresAt.getTime() <= now.getTime()
  );
}

/**
 * How many students a school may hold (spec 01 §1, §5 and §9): trial 1, Personal 1, Classroom 30
 * for the whole school account (issue 18's decision: "up to 30 students" per plan, not per teacher).
 */
export function studentLimitFor(school: Pick<TSchoolFacts, 'plan'>, _teacherCount = 0): number {
  switch (school.plan) {
    case 'trial':
      return TRIAL_MAX_STUDENTS;
    case 'personal':
      return PERSONAL_PLAN_MAX_STUDENTS;
    case 'classroom':
      return CLASSROOM_PLAN_MAX_STUDENTS;
  }
}

export const TRIAL_LIMITS = { maxTeachers: TRIAL_MAX_TEACHERS, maxStudents: TRIAL_MAX_STUDENTS };

/**
 * Why a user whose password (or link) checked out may still not sign in, or null when they may.
 * The owner has no school; everybody else needs an active school.
 */
export function signInRefusal(user: TUserFacts, school: TSchoolFacts | null): string | null {
  if (!user.active) return MESSAGES.server.accountInactive;
  if (user.role !== 'owner' && (!school || !school.active)) return MESSAGES.register.inactiveSchool;
  return null;
}
