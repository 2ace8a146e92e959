import { MESSAGES } from '@stem/contract/messages';
import { MAX_ATTEMPTS_PER_QUESTION } from '@stem/contract/limits';
import type {
  TAssessmentAllowance,
  TStudentClass,
  TStudentQuestion,
} from '@stem/contract/teaching';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { requireEnrolledClass } from '../classes/classes.access';
import { listStudentQuestionsOfClass } from '../questions/questions.service';
import { findSchoolById } from '../auth/auth.queries';
import { assessmentAllowance } from '../limits/limits.service';
import { countStudentAnswers } from '../submissions/submissions.queries';
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
  now: Date = new Date(),
): Promise<{
  class: TStudentClass;
  questions: TStudentQuestion[];
  allowance?: TAssessmentAllowance;
}> {
  const cls = await requireEnrolledClass(db, user, classId);
  const [rows, questions, school] = await Promise.all([
    selectEnrolledClasses(db, cls.schoolId, user.userId, cls.id),
    listStudentQuestionsOfClass(db, cls),
    findSchoolById(db, cls.schoolId),
  ]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.classes.notFound);
  // Attempts used per question (spec 01 §9: 3 per question per student), counted per question.
  const used = await countStudentAnswers(
    db,
    cls.schoolId,
    user.userId,
    questions.map((q) => q.id),
  );
  return {
    class: presentStudentClass(row),
    questions: questions.map((q) => ({
      ...q,
      attemptsUsed: used.get(q.id) ?? 0,
      attemptLimit: MAX_ATTEMPTS_PER_QUESTION,
    })),
    ...(school ? { allowance: await assessmentAllowance(db, school, cls.id, now) } : {}),
  };
}
