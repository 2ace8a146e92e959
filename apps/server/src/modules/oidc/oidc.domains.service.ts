import type { TSchoolDomainsResponse } from '@stem/contract/oidc';
import { MESSAGES } from '@stem/contract/messages';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { findSchoolById } from '../auth/auth.queries';
import { deleteSchoolDomain, insertSchoolDomain, listSchoolDomains } from './oidc.queries';

const M = MESSAGES.oidc.schoolDomains;

/**
 * The school whose domains the caller may manage: an admin their own, the owner any existing one.
 * Another school's id from an admin is simply not found.
 */
async function managedSchoolId(
  ctx: TAppContext,
  claims: TAccessClaims,
  schoolId: string | undefined,
): Promise<string> {
  const id = claims.role === 'owner' ? schoolId : claims.schoolId;
  const school = id ? await findSchoolById(ctx.db, id) : null;
  if (!school || (claims.role !== 'owner' && school.id !== claims.schoolId)) {
    throw new AppError('NOT_FOUND', MESSAGES.server.noSchool);
  }
  return school.id;
}

async function reply(
  ctx: TAppContext,
  schoolId: string,
  message?: string,
): Promise<TSchoolDomainsResponse> {
  const rows = await listSchoolDomains(ctx.db, schoolId);
  return {
    success: true,
    ...(message ? { message } : {}),
    domains: rows.map((row) => ({ domain: row.domain, createdAt: row.createdAt.toISOString() })),
  };
}

/** The school's sign-in e-mail domains (issue 29), alphabetical. */
export async function listDomains(
  ctx: TAppContext,
  claims: TAccessClaims,
  schoolId?: string,
): Promise<TSchoolDomainsResponse> {
  return reply(ctx, await managedSchoolId(ctx, claims, schoolId));
}

/**
 * Lists a domain for the school (already validated by the contract: lower-case, not a public mail
 * service). A domain another school lists is refused with 409. Recorded in the audit log.
 */
export async function addDomain(
  ctx: TAppContext,
  claims: TAccessClaims,
  domain: string,
  schoolId?: string,
): Promise<TSchoolDomainsResponse> {
  const id = await managedSchoolId(ctx, claims, schoolId);
  await ctx.db.transaction(async (tx) => {
    if (!(await insertSchoolDomain(tx, id, domain))) {
      throw new AppError('CONFLICT', M.taken, { field: 'domain' });
    }
    await recordAudit(tx, {
      schoolId: id,
      actorId: claims.userId,
      action: 'school.domain-added',
      targetType: 'school',
      targetId: id,
      after: { domain },
    });
  });
  return reply(ctx, id, M.added(domain));
}

/** Removes a domain of the school; accounts made through it stay. Recorded in the audit log. */
export async function removeDomain(
  ctx: TAppContext,
  claims: TAccessClaims,
  domain: string,
  schoolId?: string,
): Promise<TSchoolDomainsResponse> {
  const id = await managedSchoolId(ctx, claims, schoolId);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteSchoolDomain(tx, id, domain))) throw new AppError('NOT_FOUND', M.notFound);
    await recordAudit(tx, {
      schoolId: id,
      actorId: claims.userId,
      action: 'school.domain-removed',
      targetType: 'school',
      targetId: id,
      before: { domain },
    });
  });
  return reply(ctx, id, M.removed(domain));
}
