import { MESSAGES } from '@stem/contract/messages';
import type { TRole } from '@stem/contract/roles';

/** Pure rules of user management (spec 02 §4 Role change, §6 admin; issue 10). */

/** 'account': invitations, password resets, deactivation (issue 29). */
export type TUserChange = 'delete' | 'promote' | 'demote' | 'account';
export type TRefusal = { code: 'FORBIDDEN' | 'BAD_REQUEST'; message: string };

/**
 * Why the admin may not make this change to this person, or null when they may. Nobody changes their
 * own account, an admin or the owner here; only a student is promoted and only a teacher demoted.
 */
export function userChangeRefusal(
  actorId: string,
  target: { id: string; role: TRole },
  change: TUserChange,
): TRefusal | null {
  if (target.id === actorId) return { code: 'FORBIDDEN', message: MESSAGES.admin.cannotChangeSelf };
  if (target.role === 'admin' || target.role === 'owner') {
    return { code: 'FORBIDDEN', message: MESSAGES.admin.cannotChangeAdmin };
  }
  if (change === 'promote' && target.role !== 'student') {
    return { code: 'BAD_REQUEST', message: MESSAGES.admin.onlyStudentsPromoted };
  }
  if (change === 'demote' && target.role !== 'teacher') {
    return { code: 'BAD_REQUEST', message: MESSAGES.admin.onlyTeachersDemoted };
  }
  return null;
}
