import { API_BASE } from '@stem/contract/api';
import {
  LTI_PATHS,
  type TCreateLtiPlatformRequest,
  type TLtiPlatform,
  type TLtiPlatformsResponse,
  type TLtiToolSettings,
  type TUpdateLtiPlatformRequest,
} from '@stem/contract/lti';
import { MESSAGES } from '@stem/contract/messages';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { originOf, platformFrameOrigins } from './lti.frames';
import * as queries from './lti.queries';

/** The owner's LMS registrations (issue 29, LTI 1.3): add, list, change, remove. */

const P = MESSAGES.lti.platforms;

/** The `user_identities.provider` of a platform's people: one namespace per registration. */
export const identityProvider = (platformId: string) => `lti:${platformId}`;

/** The addresses the owner types into the LMS's tool registration. */
export function toolSettings(ctx: TAppContext): TLtiToolSettings {
  const base = `${ctx.config.appUrl}${API_BASE}`;
  return {
    loginUrl: `${base}${LTI_PATHS.login}`,
    launchUrl: `${base}${LTI_PATHS.launch}`,
    deepLinkUrl: `${base}${LTI_PATHS.launch}`,
    jwksUrl: `${base}${LTI_PATHS.jwks}`,
  };
}

function present(row: queries.TPlatformRow, schoolName: string): TLtiPlatform {
  return {
    id: row.id,
    name: row.name,
    schoolId: row.schoolId,
    schoolName,
    issuer: row.issuer,
    clientId: row.clientId,
    authLoginUrl: row.authLoginUrl,
    accessTokenUrl: row.accessTokenUrl,
    jwksUrl: row.jwksUrl,
    deploymentIds: row.deploymentIds,
    frameOrigins: row.frameOrigins,
    framedBy: platformFrameOrigins(row),
    registeredByLms: row.registeredByLms,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPlatforms(ctx: TAppContext): Promise<TLtiPlatformsResponse> {
  const rows = await queries.selectPlatforms(ctx.db);
  return {
    success: true,
    tool: toolSettings(ctx),
    platforms: rows.map((r) => present(r.platform, r.schoolName)),
  };
}

/**
 * An LMS's addresses must be https in production: its keys and tokens travel over them. Plain http
 * is accepted elsewhere (the tests' local platform).
 */
function assertSecure(ctx: TAppContext, input: TCreateLtiPlatformRequest): void {
  if (ctx.config.env !== 'production') return;
  for (const field of ['issuer', 'authLoginUrl', 'accessTokenUrl', 'jwksUrl'] as const) {
    if (!input[field].startsWith('https://')) {
      throw new AppError('VALIDATION', P.urlInvalid, { field });
    }
  }
  assertSecureOrigins(ctx, input.frameOrigins ?? []);
}

/** An origin allowed to frame the tool must be https in production, like the LMS's addresses. */
function assertSecureOrigins(ctx: TAppContext, origins: readonly string[]): void {
  if (ctx.config.env !== 'production') return;
  if (origins.some((origin) => !origin.startsWith('https://'))) {
    throw new AppError('VALIDATION', P.urlInvalid, { field: 'frameOrigins' });
  }
}

/** Origins as the contract normalised them, once each. */
function uniqueOrigins(origins: readonly string[] | undefined): string[] {
  return [...new Set((origins ?? []).map((o) => originOf(o)).filter((o): o is string => !!o))];
}

export async function createPlatform(
  ctx: TAppContext,
  owner: TAccessClaims,
  input: TCreateLtiPlatformRequest,
): Promise<{ success: true; message: string; platform: TLtiPlatform }> {
  assertSecure(ctx, input);
  const deploymentIds = [...new Set(input.deploymentIds)];
  const id = await ctx.db.transaction(async (tx) => {
    if (!(await queries.schoolExists(tx, input.schoolId))) {
      throw new AppError('VALIDATION', P.schoolNotFound, { field: 'schoolId' });
    }
    const made = await queries.insertPlatform(tx, {
      schoolId: input.schoolId,
      name: input.name,
      issuer: input.issuer,
      clientId: input.clientId,
      authLoginUrl: input.authLoginUrl,
      accessTokenUrl: input.accessTokenUrl,
      jwksUrl: input.jwksUrl,
      deploymentIds,
      frameOrigins: uniqueOrigins(input.frameOrigins),
      registeredByLms: false,
      createdAt: ctx.now(),
    });
    if (!made) throw new AppError('CONFLICT', P.taken, { field: 'clientId' });
    await recordAudit(tx, {
      schoolId: input.schoolId,
      actorId: owner.userId,
      action: 'lti.platform-added',
      targetType: 'school',
      targetId: input.schoolId,
      after: { name: input.name },
    });
    return made;
  });
  const row = await queries.findPlatformWithSchool(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', P.notFound);
  return {
    success: true,
    message: P.added(input.name),
    platform: present(row.platform, row.schoolName),
  };
}

/** Changes a registration's deployment ids and the extra origins that may frame its launches. */
export async function updatePlatform(
  ctx: TAppContext,
  owner: TAccessClaims,
  id: string,
  input: TUpdateLtiPlatformRequest,
): Promise<{ success: true; message: string; platform: TLtiPlatform }> {
  const frameOrigins = uniqueOrigins(input.frameOrigins);
  assertSecureOrigins(ctx, frameOrigins);
  const deploymentIds = [...new Set(input.deploymentIds)];
  await ctx.db.transaction(async (tx) => {
    const before = await queries.findPlatformById(tx, id);
    if (!before || !(await queries.updatePlatform(tx, id, { deploymentIds, frameOrigins }))) {
      throw new AppError('NOT_FOUND', P.notFound);
    }
    await recordAudit(tx, {
      schoolId: before.schoolId,
      actorId: owner.userId,
      action: 'lti.platform-changed',
      targetType: 'school',
      targetId: before.schoolId,
      before: { deploymentIds: before.deploymentIds, frameOrigins: before.frameOrigins },
      after: { deploymentIds, frameOrigins },
    });
  });
  const row = await queries.findPlatformWithSchool(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', P.notFound);
  return {
    success: true,
    message: P.updated(row.platform.name),
    platform: present(row.platform, row.schoolName),
  };
}

/** Removes a registration: its launches stop; accounts, classes and marks stay. */
export async function removePlatform(
  ctx: TAppContext,
  owner: TAccessClaims,
  id: string,
): Promise<{ success: true; message: string }> {
  const name = await ctx.db.transaction(async (tx) => {
    const row = await queries.findPlatformById(tx, id);
    if (!row || !(await queries.deletePlatform(tx, id))) {
      throw new AppError('NOT_FOUND', P.notFound);
    }
    await queries.deleteIdentitiesOf(tx, identityProvider(id));
    await recordAudit(tx, {
      schoolId: row.schoolId,
      actorId: owner.userId,
      action: 'lti.platform-removed',
      targetType: 'school',
      targetId: row.schoolId,
      before: { name: row.name },
    });
    return row.name;
  });
  return { success: true, message: P.removed(name) };
}
