import { MESSAGES } from '@stem/contract/messages';
import type { TStudentClass, TStudentQuestion } from '@stem/contract/teaching';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { requireEnrolledClass } from '../classes/classes.access';
import { listStudentQuestionsOfClass } from '../questions/questions.service';
import { isOwnStudentPath } from './student.policy';
import { presentStudentClass } from './student.presenter';
import { selectEnrolledClasses } from './student.queries';

function schoolOf(user: TAccessClaims): string {
  if (!user.schoolId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  return user.schoolId;
}

/** GET /student/{userId}/enrolled-classes: the caller's active classes (an empty list is fine). */
export async function listEnrolledClasses(
  db: TDb,
  user: TAccessClaims,
  userId: string,
): Promise<TStudentClass[]> {
  if (!isOwnStudentPath(user, userId)) {
    throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  }
  const rows = await selectEnrolledClasses(db, schoolOf(user), user.userId);
  return rows.map(presentStudentClass);
}

/**
 * GET /student/class/{classId}: a class the student is enrolled in, with its questions (text and
 * marks only). Any other class answers 404, so its id reveals nothing.
 */
export async function getStudentClass(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<{ class: TStudentClass; questions: TStudentQuestion[] }> {
  const cls = await requireEnrolledClass(db, user, classId);
  const [rows, questions] = await Promise.all([
    selectEnrolledClasses(db, cls.schoolId, user.userId, cls.id),
    listStudentQuestionsOfClass(db, cls),
  ]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.classes.notFound);
  return { class: presentStudentClass(row), questions };
}
