import { MAX_ATTEMPTS_PER_QUESTION } from '@stem/contract/limits';
import type { TAccessClaims } from '../../lib/tokens';

/** Pure rules of the submissions module: who may see or act on a submission, and attempt limits. */

export type TSubmissionAccess = {
  schoolId: string;
  studentId: string;
  classTeacherId: string | null;
  uploadedBy: string | null;
  /** The teacher whose list holds it (stays when its class is deleted). */
  teacherId?: string | null;
};

/**
 * The student who submitted, or a teacher it belongs to (the class's teacher, the uploader, or the
 * teacher whose list holds it).
 */
export function canActOnSubmission(user: TAccessClaims, row: TSubmissionAccess): boolean {
  if (user.schoolId === null || user.schoolId !== row.schoolId) return false;
  if (user.role === 'student') return row.studentId === user.userId;
  if (user.role === 'teacher') {
    return (
      row.classTeacherId === user.userId ||
      row.uploadedBy === user.userId ||
      (row.teacherId != null && row.teacherId === user.userId)
    );
  }
  return false;
}

/** Who may read a submission: whoever may act on it, and the admin of its school. */
export function canViewSubmission(user: TAccessClaims, row: TSubmissionAccess): boolean {
  if (user.role === 'admin') return user.schoolId !== null && user.schoolId === row.schoolId;
  return canActOnSubmission(user, row);
}

/**
 * Who may review a submission's marks (issue 11): the teacher it belongs to, or an admin of its school.
 * Students never; another school's users never (they get 404).
 */
export function canReviewSubmission(user: TAccessClaims, row: TSubmissionAccess): boolean {
  if (user.schoolId === null || user.schoolId !== row.schoolId) return false;
  if (user.role === 'admin') return true;
  return user.role === 'teacher' && canActOnSubmission(user, row);
}

/**
 * The index in `requested` (one question id per answer, repeats allowed) of the first answer that
 * would go past the per-question attempt limit given the attempts already made; -1 when all fit.
 */
export function answerOverAttemptLimit(
  previous: ReadonlyMap<string, number>,
  requested: readonly string[],
  limit: number = MAX_ATTEMPTS_PER_QUESTION,
): number {
  const used = new Map(previous);
  for (const [index, questionId] of requested.entries()) {
    const next = (used.get(questionId) ?? 0) + 1;
    if (next > limit) return index;
    used.set(questionId, next);
  }
  return -1;
}

/** A submission is flagged when any of its answers was found inappropriate (spec 02 §3). */
export function isFlagged(
  answers: readonly { contentModeration: { isInappropriate: boolean } | null }[],
): boolean {
  return answers.some((a) => a.contentModeration?.isInappropriate === true);
}
