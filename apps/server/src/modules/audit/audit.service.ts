import { desc, eq, lt } from 'drizzle-orm';
import { RETENTION } from '@stem/contract/retention';
import type { TDb } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * What an admin or the owner changed (issue 10 §Audit): who, what, when, before and after. Records are
 * kept 12 months (spec 01 §9 activity logs) and removed by the worker's housekeeping after that.
 */
export type TAuditAction =
  | 'user.deleted'
  | 'user.promoted'
  | 'user.demoted'
  | 'class.created'
  | 'class.reassigned'
  | 'class.students-added'
  | 'school.created'
  | 'school.updated'
  | 'school.deactivated'
  | 'school.reactivated'
  | 'school.deleted'
  | 'account.created'
  // Issue 27: a class-question's release mode, deadline and releases, and each re-mark request.
  | 'marks.settings-changed'
  | 'marks.released'
  // Answers sent back to the marker: under the rubric now, or with the teacher's examples.
  | 'marks.remarked'
  | 'regrade.requested'
  | 'regrade.answered'
  // Issue 29: rosters, invitations, resets sent by the admin, deactivation.
  | 'roster.imported'
  | 'user.invited'
  | 'user.invitation-resent'
  | 'user.reset-sent'
  | 'user.deactivated'
  | 'user.reactivated'
  // Issue 29: Google / Microsoft sign-in.
  | 'user.identity-linked'
  | 'school.domain-added'
  | 'school.domain-removed'
  // Issue 29: LTI 1.3.
  | 'lti.platform-added'
  | 'lti.platform-registered'
  | 'lti.platform-changed'
  | 'lti.platform-removed'
  | 'lti.identity-linked'
  | 'lti.roster-imported'
  | 'lti.marks-sent'
  // Issue 29: Google Classroom.
  | 'classroom.linked'
  | 'classroom.unlinked'
  | 'classroom.roster-imported'
  | 'classroom.marks-pushed'
  // Issues 28 and 29: a class's tests.
  | 'test.created'
  | 'test.updated'
  | 'test.deleted';

export type TAuditEntry = {
  /** The school the change belongs to; null for platform-wide changes. */
  schoolId: string | null;
  /** Who made the change; null for the system. */
  actorId: string | null;
  action: TAuditAction;
  targetType: 'user' | 'class' | 'school' | 'answer' | 'test';
  targetId: string;
  /** Plain values only; never passwords, tokens, answers or other secrets. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Activity logs are kept 12 months (spec 01 §9). */
export const AUDIT_RETENTION_MONTHS = RETENTION.activityLogMonths;

/** Records one change. Pass the transaction that makes the change, so both commit or neither. */
export async function recordAudit(db: TDb, entry: TAuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    schoolId: entry.schoolId,
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: { before: entry.before ?? null, after: entry.after ?? null },
  });
}

export type TAuditRecord = {
  id: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  actorId: string | null;
  details: unknown;
  createdAt: Date;
};

/** A school's most recent changes, newest first (indexed by school and time). */
export async function listSchoolAudit(
  db: TDb,
  schoolId: string,
  limit = 20,
): Promise<TAuditRecord[]> {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      actorId: auditLog.actorId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.schoolId, schoolId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

/** The first moment still kept: `now` less 12 calendar months. */
export function auditCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - AUDIT_RETENTION_MONTHS);
  return cutoff;
}

/** Removes records older than 12 months; returns how many. */
export async function purgeOldAudit(db: TDb, now: Date): Promise<number> {
  const removed = await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, auditCutoff(now)))
    .returning({ id: auditLog.id });
  return removed.length;
}
