import type { TAccessClaims } from '../../lib/tokens';

/** A student's own pages: the path's user id must be the caller's (spec 02 §6). */
export function isOwnStudentPath(user: TAccessClaims, userId: string): boolean {
  return user.role === 'student' && user.userId === userId;
}
