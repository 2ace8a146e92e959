import type { TAccessClaims } from '../../lib/tokens';

/** The parts of a class the access rules look at. */
export type TClassFacts = { schoolId: string; teacherId: string | null; active: boolean };

/** A teacher manages only their own classes, in their own school (spec 02 §6). */
export function canManageClass(user: TAccessClaims, cls: TClassFacts): boolean {
  return (
    user.role === 'teacher' &&
    user.schoolId !== null &&
    cls.schoolId === user.schoolId &&
    cls.teacherId === user.userId
  );
}

/**
 * A student sees a class only while it is active, in their school, and they are enrolled in it
 * (`isEnrolled` comes from the enrolment table).
 */
export function canViewClassAsStudent(
  user: TAccessClaims,
  cls: TClassFacts,
  isEnrolled: boolean,
): boolean {
  return (
    user.role === 'student' &&
    user.schoolId !== null &&
    cls.schoolId === user.schoolId &&
    cls.active &&
    isEnrolled
  );
}

/** The requested ids that are not students of the school (empty when all are). */
export function studentsOutsideSchool(requested: string[], found: string[]): string[] {
  const known = new Set(found);
  return requested.filter((id) => !known.has(id));
}
