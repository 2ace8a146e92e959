import { z } from 'zod';
import { TRIAL_MAX_TEACHERS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TPlan } from '@stem/contract/roles';
import {
  rosterLimitRefusal,
  type TRosterLimits,
  type TRosterRole,
  type TRosterRow,
} from '@stem/contract/roster';
import { studentLimitFor } from '../auth/auth.policy';
import type { TRawRosterRow } from './roster.csv';

/** The pure rules of a roster import (issue 29): each row's outcome and the plan's limits. */

const E = MESSAGES.roster.rowErrors;
const ZEmailShape = z.email().max(254);
const MAX_NAME = 120;
const MAX_YEAR_GROUP = 40;

/** What the database knows about the file's e-mail addresses and class names. */
export type TRosterFacts = {
  schoolId: string;
  /** Accounts with these e-mails, any school (lower-cased e-mail → account). */
  accounts: Map<string, { id: string; schoolId: string | null; role: string }>;
  /** The school's classes by their name, trimmed and lower-cased. */
  classesByName: Map<string, string[]>;
  /** "classId:studentId" of the places already held by the file's existing students. */
  places: Set<string>;
};

/** A row with its outcome and what importing it writes. */
export type TDecidedRow = TRosterRow & {
  roleValue: TRosterRole;
  classId: string | null;
  userId: string | null;
};

function roleOf(value: string): TRosterRole | null {
  const lower = value.trim().toLowerCase();
  if (lower === '' || lower === 'student' || lower === 'pupil') return 'student';
  if (lower === 'teacher' || lower === 'staff') return 'teacher';
  return null;
}

/** Each row's outcome: new, already there (same school), or an error with its reason. */
export function decideRows(raw: readonly TRawRosterRow[], facts: TRosterFacts): TDecidedRow[] {
  const firstRowOf = new Map<string, number>();
  return raw.map((input) => {
    const email = input.email.trim().toLowerCase();
    const role = roleOf(input.role);
    const base = {
      row: input.row,
      name: input.name,
      email,
      role: input.role,
      className: input.className,
      yearGroup: input.yearGroup,
      placeInClass: false,
      roleValue: role ?? 'student',
      classId: null,
      userId: null,
    };
    const error = (reason: string): TDecidedRow => ({ ...base, outcome: 'error', reason });
    if (!input.name) return error(E.nameMissing);
    if (input.name.length > MAX_NAME) return error(E.nameTooLong);
    if (!email) return error(E.emailMissing);
    if (!ZEmailShape.safeParse(email).success) return error(E.emailInvalid(input.email));
    const earlier = firstRowOf.get(email);
    if (earlier !== undefined) return error(E.duplicate(earlier));
    firstRowOf.set(email, input.row);
    if (!role) return error(E.roleInvalid(input.role));
    if (input.yearGroup.length > MAX_YEAR_GROUP) return error(E.yearGroupTooLong);
    let classId: string | null = null;
    if (input.className) {
      const existingRole = facts.accounts.get(email)?.role ?? role;
      if (existingRole !== 'student') return error(E.classForTeacher);
      const ids = facts.classesByName.get(input.className.trim().toLowerCase()) ?? [];
      if (ids.length === 0) return error(E.classUnknown(input.className));
      if (ids.length > 1) return error(E.classAmbiguous(input.className));
      classId = ids[0] ?? null;
    }
    const account = facts.accounts.get(email);
    if (account && account.schoolId !== facts.schoolId) return error(E.otherSchool);
    if (account) {
      const placeInClass = classId !== null && !facts.places.has(`${classId}:${account.id}`);
      return {
        ...base,
        outcome: 'existing',
        reason: null,
        roleValue: account.role === 'teacher' ? 'teacher' : 'student',
        classId,
        userId: account.id,
        placeInClass,
      };
    }
    return {
      ...base,
      outcome: 'new',
      reason: null,
      roleValue: role,
      classId,
      placeInClass: classId !== null,
    };
  });
}

/**
 * The plan's limits with these new people: students by the plan (trial 1, Personal 1, Classroom 30,
 * as registration counts them), teachers only on a trial (1).
 */
export function rosterLimits(
  plan: TPlan,
  current: { studentCount: number; teacherCount: number },
  adding: { students: number; teachers: number },
): TRosterLimits {
  const studentLimit = studentLimitFor({ plan });
  const teacherLimit = plan === 'trial' ? TRIAL_MAX_TEACHERS : null;
  const studentsFit = current.studentCount + adding.students <= studentLimit;
  const teachersFit =
    teacherLimit === null || current.teacherCount + adding.teachers <= teacherLimit;
  return {
    plan,
    students: { limit: studentLimit, current: current.studentCount, adding: adding.students },
    teachers: { limit: teacherLimit, current: current.teacherCount, adding: adding.teachers },
    fits: studentsFit && teachersFit,
  };
}

/** The refusal of an import past the plan's limits, or null when it fits. */
export const limitRefusal = rosterLimitRefusal;

/** The counts of a preview. */
export function countOutcomes(rows: readonly TDecidedRow[]) {
  return {
    new: rows.filter((r) => r.outcome === 'new').length,
    existing: rows.filter((r) => r.outcome === 'existing').length,
    error: rows.filter((r) => r.outcome === 'error').length,
    placements: rows.filter((r) => r.placeInClass).length,
  };
}
