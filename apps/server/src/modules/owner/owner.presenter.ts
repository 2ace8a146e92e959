import type { TAuditItem, TOwnerUser, TSchool } from '@stem/contract/owner';
import type { TSchoolListRow, TUserListRow } from './owner.queries';

export function presentSchool(row: TSchoolListRow): TSchool {
  return {
    _id: row.id,
    code: row.code,
    name: row.name,
    imageUrl: row.logo,
    active: row.active,
    isTrial: row.plan === 'trial',
    plan: row.plan,
    schoolType: row.schoolType,
    createdAt: row.createdAt.toISOString(),
    trialExpiresAt: row.trialExpiresAt ? row.trialExpiresAt.toISOString() : null,
    userCount: row.userCount,
  };
}

export function presentUser(row: TUserListRow): TOwnerUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    school:
      row.schoolId && row.schoolName !== null
        ? { _id: row.schoolId, name: row.schoolName, code: row.schoolCode ?? '' }
        : null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    active: row.active,
  };
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

export function presentAudit(row: {
  id: string;
  action: string;
  details: unknown;
  createdAt: Date;
  actorName: string | null;
}): TAuditItem {
  const details = record(row.details);
  return {
    _id: row.id,
    action: row.action,
    actorName: row.actorName,
    createdAt: row.createdAt.toISOString(),
    before: record(details?.before),
    after: record(details?.after),
  };
}
