import { MESSAGES } from '@stem/contract/messages';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { canManageClass, canViewClassAsStudent } from './classes.policy';
import { findEnrolledClass, findTeacherClass, type TClassRow } from './classes.queries';

/**
 * Who may reach a class, for this module and for the questions and student modules. Another
 * teacher's class, another school's class and a missing class all answer the same 404, so an id
 * reveals nothing.
 */
function classNotFound(): AppError {
  return new AppError('NOT_FOUND', MESSAGES.classes.notFound);
}

/** The teacher's own class, or 404. */
export async function requireTeacherClass(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<TClassRow> {
  if (!user.schoolId) throw classNotFound();
  const cls = await findTeacherClass(db, user.schoolId, user.userId, classId);
  if (!cls || !canManageClass(user, cls)) throw classNotFound();
  return cls;
}

/** An active class the student is enrolled in, or 404 (not 403: other ids reveal nothing). */
export async function requireEnrolledClass(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<TClassRow> {
  if (!user.schoolId) throw classNotFound();
  const cls = await findEnrolledClass(db, user.schoolId, user.userId, classId);
  if (!cls || !canViewClassAsStudent(user, cls, true)) throw classNotFound();
  return cls;
}
