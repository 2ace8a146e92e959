import { createHash, randomBytes } from 'node:crypto';
import { API_BASE } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import type {
  ZCreateAdminRequest,
  ZCreateSchoolRequest,
  ZCreateTeacherRequest,
  ZOwnerUsersQuery,
  ZSchoolsQuery,
  ZUpdateSchoolRequest,
} from '@stem/contract/owner';
import {
  DEFAULT_TEACHER_NAME,
  defaultTeacherEmail,
  OWNER_SCHOOLS_PAGE_SIZE,
  OWNER_USERS_PAGE_SIZE,
  type TCreateAccountResponse,
  type TOwnerUsersResponse,
  type TSchool,
  type TSchoolDetails,
  type TSchoolResponse,
  type TSchoolsResponse,
  type TUserStats,
} from '@stem/contract/owner';
import type { z } from 'zod';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { decodeCursor } from '../../lib/keyset';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { generateSchoolCode } from '../auth/auth.school-code';
import {
  createStaffAccount,
  endSchoolSessions,
  isEmailTaken,
  sendStaffWelcome,
} from '../auth/auth.service';
import { getUserStats as dashboardUserStats } from '../dashboard/dashboard.service';
import { toPng } from '../school/school.service';
import { sniffLogo } from '../school/school.policy';
import { LOGO_MAX_BYTES } from '@stem/contract/limits';
import { presentAudit, presentSchool, presentUser } from './owner.presenter';
import * as queries from './owner.queries';

/** How an uploaded logo is named to the school calls that take it (spec 02 §7 "fileUrl"). */
const UPLOAD_PREFIX = 'logo-upload:';
const UPLOAD_URL = /^logo-upload:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const RECENT_CHANGES = 10;

const logoUrl = (schoolId: string, etag: string) => `${API_BASE}/school/logo/${schoolId}?v=${etag}`;

async function schoolByCode(ctx: TAppContext, code: string, lock = false) {
  const school = await queries.findSchool(ctx.db, { code }, { lock });
  if (!school) throw new AppError('NOT_FOUND', MESSAGES.owner.serverSchoolNotFound);
  return school;
}

// ------------------------------------------------------------------------------------- schools

export async function listSchools(
  ctx: TAppContext,
  query: z.output<typeof ZSchoolsQuery>,
): Promise<TSchoolsResponse> {
  const limit = query.limit ?? OWNER_SCHOOLS_PAGE_SIZE;
  const list = await queries.listSchools(ctx.db, {
    includeInactive: query.includeInactive,
    search: query.search ?? '',
    after: query.cursor ? decodeCursor(queries.SCHOOLS_ORDER, query.cursor) : null,
    limit,
  });
  return {
    success: true,
    data: list.rows.map(presentSchool),
    page: { nextCursor: list.nextCursor, total: list.total, matched: list.matched },
  };
}

export async function getSchool(
  ctx: TAppContext,
  schoolId: string,
): Promise<{ success: true; data: TSchoolDetails }> {
  const school = await queries.findSchool(ctx.db, { id: schoolId });
  if (!school) throw new AppError('NOT_FOUND', MESSAGES.owner.serverSchoolNotFound);
  const changes = await queries.recentSchoolChanges(ctx.db, schoolId, RECENT_CHANGES);
  return {
    success: true,
    data: { ...presentSchool(school), recentChanges: changes.map(presentAudit) },
  };
}

/** The upload id an `imageUrl` names, null for none, undefined to leave the logo as it is. */
function uploadOf(imageUrl: string | null | undefined, current: string | null): string | null {
  if (imageUrl === undefined || imageUrl === null || imageUrl === '' || imageUrl === current) {
    return null;
  }
  const match = UPLOAD_URL.exec(imageUrl);
  if (!match?.[1]) {
    throw new AppError('VALIDATION', MESSAGES.owner.serverUploadMissing, { field: 'imageUrl' });
  }
  return match[1];
}

/** POST schools: a new school (the add-school flow's second step, spec 02 §4). */
export async function createSchool(
  ctx: TAppContext,
  owner: TAccessClaims,
  body: z.output<typeof ZCreateSchoolRequest>,
): Promise<TSchoolResponse> {
  const uploadId = uploadOf(body.imageUrl, null);
  const schoolType = body.schoolType ?? 'classroom';
  const now = ctx.now();
  // Without a code the server makes one; a made code that is taken (1 in 36^16) is made again.
  const chosen = body.code;
  const created = await ctx.db.transaction(async (tx) => {
    const insert = (code: string) =>
      queries.insertSchool(tx, {
        code,
        name: body.name,
        active: body.active ?? true,
        plan: schoolType === 'personal' ? 'personal' : 'classroom',
        schoolType,
        now,
      });
    let code = chosen ?? generateSchoolCode();
    let id = await insert(code);
    for (let tries = 0; !id && !chosen && tries < 3; tries += 1) {
      code = generateSchoolCode();
      id = await insert(code);
    }
    if (!id) throw new AppError('CONFLICT', MESSAGES.owner.serverCodeTaken, { field: 'code' });
    let logo: string | null = null;
    if (uploadId) {
      const claimed = await queries.claimLogoUpload(tx, uploadId, id, now);
      if (!claimed) {
        throw new AppError('VALIDATION', MESSAGES.owner.serverUploadMissing, { field: 'imageUrl' });
      }
      logo = logoUrl(id, claimed.etag);
      await queries.updateSchool(tx, id, { logo, now });
    }
    await recordAudit(tx, {
      schoolId: id,
      actorId: owner.userId,
      action: 'school.created',
      targetType: 'school',
      targetId: id,
      after: { code, name: body.name, active: body.active ?? true, schoolType, logo },
    });
    return id;
  });
  const school = await queries.findSchool(ctx.db, { id: created });
  if (!school) throw new AppError('NOT_FOUND', MESSAGES.owner.serverSchoolNotFound);
  return { success: true, message: MESSAGES.owner.created, data: presentSchool(school) };
}

/**
 * PUT {code}: an edit (name, logo, active) or a deactivation (only `active: false`). Deactivating ends
 * the sessions of the school's people at once; nothing of the school is deleted, and reactivating
 * restores it.
 */
export async function updateSchool(
  ctx: TAppContext,
  owner: TAccessClaims,
  code: string,
  body: z.output<typeof ZUpdateSchoolRequest>,
): Promise<TSchoolResponse> {
  if (body.code !== undefined && body.code.trim().toUpperCase() !== code) {
    throw new AppError('VALIDATION', MESSAGES.owner.serverCodeChange, { field: 'code' });
  }
  const now = ctx.now();
  const onlyDeactivate =
    body.active === false && body.name === undefined && body.imageUrl === undefined;
  const outcome = await ctx.db.transaction(async (tx) => {
    const school = await queries.findSchool(tx, { code }, { lock: true });
    if (!school) throw new AppError('NOT_FOUND', MESSAGES.owner.serverSchoolNotFound);
    const uploadId = uploadOf(body.imageUrl, school.logo);
    let logo: string | null | undefined;
    if (uploadId) {
      const claimed = await queries.claimLogoUpload(tx, uploadId, school.id, now);
      if (!claimed) {
        throw new AppError('VALIDATION', MESSAGES.owner.serverUploadMissing, { field: 'imageUrl' });
      }
      logo = logoUrl(school.id, claimed.etag);
    }
    const active = body.active ?? school.active;
    await queries.updateSchool(tx, school.id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      active,
      ...(logo !== undefined ? { logo } : {}),
      now,
    });
    const before = { name: school.name, active: school.active, logo: school.logo };
    const after = { name: body.name ?? school.name, active, logo: logo ?? school.logo };
    const changedActive = active !== school.active;
    if (changedActive && !active) await endSchoolSessions(tx, school.id, now);
    const detailsChanged = after.name !== before.name || after.logo !== before.logo;
    if (changedActive) {
      await recordAudit(tx, {
        schoolId: school.id,
        actorId: owner.userId,
        action: active ? 'school.reactivated' : 'school.deactivated',
        targetType: 'school',
        targetId: school.id,
        before: { active: before.active },
        after: { active },
      });
    }
    if (detailsChanged || !changedActive) {
      await recordAudit(tx, {
        schoolId: school.id,
        actorId: owner.userId,
        action: 'school.updated',
        targetType: 'school',
        targetId: school.id,
        before: { name: before.name, logo: before.logo },
        after: { name: after.name, logo: after.logo },
      });
    }
    return { schoolId: school.id, changedActive };
  });
  if (outcome.changedActive) await ctx.accountStates.forgetSchool(outcome.schoolId);
  const school = await queries.findSchool(ctx.db, { id: outcome.schoolId });
  if (!school) throw new AppError('NOT_FOUND', MESSAGES.owner.serverSchoolNotFound);
  return {
    success: true,
    message: onlyDeactivate ? MESSAGES.owner.deactivated : MESSAGES.owner.updated,
    data: presentSchool(school),
  };
}

/** DELETE {code}: only an inactive school without users (spec 02 §4: 400 mentioning users). */
export async function deleteSchool(
  ctx: TAppContext,
  owner: TAccessClaims,
  code: string,
): Promise<{ success: true; message: string }> {
  const schoolId = await ctx.db.transaction(async (tx) => {
    const school = await queries.findSchool(tx, { code }, { lock: true });
    if (!school) throw new AppError('NOT_FOUND', MESSAGES.owner.serverSchoolNotFound);
    if (school.active) throw new AppError('BAD_REQUEST', MESSAGES.owner.serverDeleteActive);
    if (school.userCount > 0) {
      throw new AppError('BAD_REQUEST', MESSAGES.owner.serverHasUsers(school.userCount));
    }
    await recordAudit(tx, {
      schoolId: school.id,
      actorId: owner.userId,
      action: 'school.deleted',
      targetType: 'school',
      targetId: school.id,
      before: { code: school.code, name: school.name, active: school.active },
    });
    await queries.deleteSchool(tx, school.id);
    return school.id;
  });
  await ctx.accountStates.forgetSchool(schoolId);
  return { success: true, message: MESSAGES.owner.deleted };
}

/** POST upload-logo: JPEG or PNG (spec 02 §5), re-encoded as PNG and kept until a school takes it. */
export async function uploadLogo(
  ctx: TAppContext,
  owner: TAccessClaims,
  bytes: Uint8Array,
): Promise<{ success: true; fileUrl: string }> {
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.settings.logoSize, { field: 'logo' });
  }
  const kind = sniffLogo(bytes);
  if (kind !== 'jpeg' && kind !== 'png') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.owner.logoType, { field: 'logo' });
  }
  const png = await toPng(ctx, bytes);
  const etag = createHash('sha256').update(png).digest('base64url').slice(0, 22);
  const id = await queries.insertLogoUpload(ctx.db, {
    uploadedBy: owner.userId,
    data: png.toString('base64'),
    etag,
    now: ctx.now(),
  });
  return { success: true, fileUrl: `${UPLOAD_PREFIX}${id}` };
}

// ------------------------------------------------------------------------------------ accounts

/** A password nobody knows until it is shown once: 16 characters of base64url (96 bits). */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}

async function addAccount(
  ctx: TAppContext,
  owner: TAccessClaims,
  school: queries.TSchoolListRow,
  account: { role: 'admin' | 'teacher'; name: string; email: string; password: string },
) {
  if (await isEmailTaken(ctx.db, account.email)) {
    throw new AppError('CONFLICT', MESSAGES.owner.serverEmailTaken, { field: 'email' });
  }
  return ctx.db.transaction(async (tx) => {
    const created = await createStaffAccount(tx, {
      schoolId: school.id,
      schoolType: school.schoolType,
      ...account,
    });
    if (!created) {
      throw new AppError('CONFLICT', MESSAGES.owner.serverEmailTaken, { field: 'email' });
    }
    await recordAudit(tx, {
      schoolId: school.id,
      actorId: owner.userId,
      action: 'account.created',
      targetType: 'user',
      targetId: created.id,
      after: {
        role: account.role,
        name: account.name,
        email: account.email,
        permissions: created.permissions,
      },
    });
    return created;
  });
}

/** POST create-admin: the admin of a classroom school, with both payment permissions. */
export async function createAdmin(
  ctx: TAppContext,
  owner: TAccessClaims,
  body: z.output<typeof ZCreateAdminRequest>,
): Promise<TCreateAccountResponse> {
  const school = await schoolByCode(ctx, body.schoolCode);
  if (school.schoolType !== 'classroom') {
    throw new AppError('BAD_REQUEST', MESSAGES.owner.serverAdminOnlyClassroom);
  }
  const name = body.name ?? `${school.name} Admin`;
  const created = await addAccount(ctx, owner, school, {
    role: 'admin',
    name,
    email: body.email,
    password: body.password,
  });
  await sendStaffWelcome(
    ctx,
    { id: created.id, name, email: body.email, role: 'admin' },
    school.name,
  );
  return {
    success: true,
    message: 'Admin account created',
    data: {
      _id: created.id,
      name,
      email: body.email,
      role: 'admin',
      permissions: created.permissions,
    },
  };
}

/**
 * POST create-teacher. A personal school's teacher is given by the owner (name, e-mail, password; both
 * payment permissions). A classroom school's default teacher gets the address made from the code and a
 * random password returned once (docs/deviations.md: never a fixed password), and no permissions.
 */
export async function createTeacher(
  ctx: TAppContext,
  owner: TAccessClaims,
  body: z.output<typeof ZCreateTeacherRequest>,
): Promise<TCreateAccountResponse> {
  const school = await schoolByCode(ctx, body.schoolCode);
  if (school.schoolType === 'personal') {
    if (!body.name) {
      throw new AppError('VALIDATION', MESSAGES.owner.teacherNameRequired, { field: 'name' });
    }
    if (!body.email) {
      throw new AppError('VALIDATION', MESSAGES.owner.teacherEmailRequired, { field: 'email' });
    }
    if (!body.password) {
      throw new AppError('VALIDATION', MESSAGES.owner.teacherPasswordShort, {
        field: 'password',
      });
    }
    const created = await addAccount(ctx, owner, school, {
      role: 'teacher',
      name: body.name,
      email: body.email,
      password: body.password,
    });
    await sendStaffWelcome(
      ctx,
      { id: created.id, name: body.name, email: body.email, role: 'teacher' },
      school.name,
    );
    return {
      success: true,
      message: 'Teacher account created',
      data: {
        _id: created.id,
        name: body.name,
        email: body.email,
        role: 'teacher',
        permissions: created.permissions,
      },
    };
  }
  const email = defaultTeacherEmail(school.code);
  if (await isEmailTaken(ctx.db, email)) {
    throw new AppError('CONFLICT', MESSAGES.owner.serverTeacherExists, { field: 'email' });
  }
  const name = body.name ?? DEFAULT_TEACHER_NAME;
  const password = randomPassword();
  const created = await addAccount(ctx, owner, school, { role: 'teacher', name, email, password });
  return {
    success: true,
    message: 'Default teacher account created',
    data: {
      _id: created.id,
      name,
      email,
      role: 'teacher',
      permissions: created.permissions,
      temporaryPassword: password,
    },
  };
}

// --------------------------------------------------------------------------------------- users

export async function listUsers(
  ctx: TAppContext,
  query: z.output<typeof ZOwnerUsersQuery>,
  schoolId?: string,
): Promise<TOwnerUsersResponse> {
  const order = queries.userOrder(query.sort ?? 'createdAt', query.order ?? 'desc');
  const role = query.role && query.role !== 'all' ? query.role : null;
  const limit = query.limit ?? OWNER_USERS_PAGE_SIZE;
  const list = await queries.listUsers(ctx.db, {
    filter: {
      search: query.search ?? '',
      role,
      school: schoolId ?? (query.school && query.school !== 'all' ? query.school : null),
    },
    order,
    after: query.cursor ? decodeCursor(order, query.cursor) : null,
    limit,
    scopeSchoolId: schoolId,
  });
  return {
    success: true,
    users: list.rows.map(presentUser),
    page: { nextCursor: list.nextCursor, total: list.total, matched: list.matched },
  };
}

/** "schools/{id}/users" (defined only in the spec): one school's people, paged like the users list. */
export async function listSchoolUsers(
  ctx: TAppContext,
  schoolId: string,
  query: z.output<typeof ZOwnerUsersQuery>,
): Promise<TOwnerUsersResponse> {
  const school = await queries.findSchool(ctx.db, { id: schoolId });
  if (!school) throw new AppError('NOT_FOUND', MESSAGES.owner.serverSchoolNotFound);
  return listUsers(ctx, query, schoolId);
}

export async function getUserStats(
  ctx: TAppContext,
  userId: string,
): Promise<{ success: true; stats: TUserStats }> {
  const user = await queries.findUser(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', MESSAGES.owner.userNotFound);
  return { success: true, stats: await dashboardUserStats(ctx.db, user) };
}

export type { TSchool };
