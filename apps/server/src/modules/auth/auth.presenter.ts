import type { TSchoolDetails, TSessionResponse, TSessionUser } from '@stem/contract/auth';
import { accountTypeFor, permissionsFor, TRIAL_LIMITS } from './auth.policy';
import type { TSchoolRow, TUserWithSchool } from './auth.queries';

/** The stored-user record of spec 01 §3, as the browser keeps it under `user`. */
export function presentSessionUser({ user, school }: TUserWithSchool): TSessionUser {
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    school: school ? { name: school.name, code: school.code } : null,
    schoolCode: school?.code ?? null,
    schoolType: school?.schoolType ?? null,
    plan: school?.plan ?? null,
    permissions: permissionsFor(user, school),
    accountType: accountTypeFor(school),
  };
}

/** The login / magic-link reply: tokens plus the user (spec 01 §3 "Login response"). */
export function presentSession(
  row: TUserWithSchool,
  tokens: { token: string; refreshToken: string },
  message: string,
): TSessionResponse {
  const user = presentSessionUser(row);
  return {
    success: true,
    message,
    token: tokens.token,
    refreshToken: tokens.refreshToken,
    role: user.role,
    userId: user.userId,
    name: user.name,
    school: user.school,
    user,
  };
}

export function presentSchoolDetails(
  school: TSchoolRow,
  counts: { teacherCount: number; studentCount: number },
): TSchoolDetails {
  const isTrial = school.plan === 'trial';
  return {
    schoolCode: school.code,
    schoolName: school.name,
    isTrial,
    plan: school.plan,
    schoolType: school.schoolType,
    totalStudents: counts.studentCount,
    logo: school.logo,
    trialDetails: isTrial
      ? {
          expiresAt: school.trialExpiresAt?.toISOString() ?? null,
          usage: counts,
          limits: { ...TRIAL_LIMITS },
        }
      : null,
  };
}
