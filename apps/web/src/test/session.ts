import type { TSessionUser } from '@stem/contract/auth';
import type { TRole } from '@stem/contract/roles';
import { saveSession } from '../lib/session';

/** A valid v4-shaped UUID numbered n, so tests can name ids by number. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A user of `role` at a classroom school, as the server describes one; `extra` overrides fields. */
export function sessionUser(
  role: TRole,
  extra: Partial<TSessionUser> = {},
  userId = uuid(900),
): TSessionUser {
  return {
    userId,
    name: 'Ada Lovelace',
    email: `${role}@example.com`,
    role,
    school: { name: 'Hilltop', code: 'ABCD1234EFGH5678' },
    schoolCode: 'ABCD1234EFGH5678',
    schoolType: 'classroom',
    plan: 'classroom',
    permissions: [],
    accountType: 'paid',
    ...extra,
  };
}

/** Stores a signed-in session for a user of `role` at a classroom school; `extra` overrides fields. */
export function signIn(role: TRole, extra: Partial<TSessionUser> = {}) {
  saveSession({ token: `${role}-token`, refreshToken: 'refresh', user: sessionUser(role, extra) });
}

export const TEACHER_ID = '6f1c2b0e-8a52-4c1e-9d35-1b2a3c4d5e6f';

/** Signs in the teacher the class and question tests use. */
export function signInTeacher(extra: Partial<TSessionUser> = {}) {
  signIn('teacher', {
    userId: TEACHER_ID,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    ...extra,
  });
}

/** The trial-limit check's reply: a paid school may proceed, a trial one is at its limit of 3. */
export const trialReply = (limitType: 'classes' | 'questions', canProceed: boolean, count = 0) => ({
  status: 200,
  body: {
    success: true,
    canProceed,
    isTrial: !canProceed,
    limitType,
    count,
    limit: canProceed ? null : 3,
    message: canProceed
      ? 'Paid plans have no class or question limit.'
      : `Trial accounts are limited to 3 ${limitType}. Upgrade to a paid plan to create more.`,
  },
});
