import type { TAdminUser } from '@stem/contract/admin';
import { ADMIN_RESET_LINK_TTL_MS, INVITATION_LINK_TTL_MS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type {
  TInviteRequest,
  TRosterImportResult,
  TRosterLimits,
  TRosterPreview,
} from '@stem/contract/roster';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashToken, randomToken, type TAccessClaims } from '../../lib/tokens';
import type { TMailMessage } from '../../adapters/mail/port';
import { userChangeRefusal } from '../admin/admin.policy';
import { presentUser } from '../admin/admin.presenter';
import { findSchoolUser } from '../admin/admin.queries';
import { recordAudit } from '../audit/audit.service';
import { deliverAllInBackground, deliverInBackground } from '../auth/auth.delivery';
import { adminResetMail, invitationMail } from '../auth/auth.mail';
import { defaultPermissionsFor, isTrialExpired } from '../auth/auth.policy';
import { countSchoolMembers, insertAuthTokens, revokeUserTokens } from '../auth/auth.queries';
import { createSingleUseToken } from '../auth/auth.service';
import type { TRawRosterRow } from './roster.csv';
import {
  countOutcomes,
  decideRows,
  limitRefusal,
  rosterLimits,
  type TDecidedRow,
  type TRosterFacts,
} from './roster.policy';
import * as queries from './roster.queries';

/**
 * Rosters (issue 29): the school admin imports people from a CSV (a preview first, then the import),
 * invites one person, resends an invitation, sends a password reset, and deactivates or reactivates an
 * account. The admin's own school only: another school's people are 404 like missing ones. New people
 * have no password until they choose one with their invitation link (7 days, once).
 */

export type TSchool = NonNullable<Awaited<ReturnType<typeof queries.findSchool>>>;

function schoolOf(user: TAccessClaims): string {
  if (user.role !== 'admin' || !user.schoolId) {
    throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  }
  return user.schoolId;
}

const userNotFound = () => new AppError('NOT_FOUND', MESSAGES.admin.userNotFound);

/** What the database knows about the file's people and class names (four queries, none per row). */
export async function factsFor(
  db: TDb,
  schoolId: string,
  raw: readonly TRawRosterRow[],
  onlyClass?: TRosterClass,
): Promise<TRosterFacts> {
  const emails = [...new Set(raw.map((r) => r.email.trim().toLowerCase()).filter(Boolean))];
  const [accounts, classRows] = await Promise.all([
    queries.selectAccountsByEmail(db, emails),
    // A class's own roster (Google Classroom) names that class alone, whatever its name's twins.
    onlyClass ? [onlyClass] : queries.selectSchoolClasses(db, schoolId),
  ]);
  const classesByName = new Map<string, string[]>();
  for (const cls of classRows) {
    const key = cls.name.trim().toLowerCase();
    classesByName.set(key, [...(classesByName.get(key) ?? []), cls.id]);
  }
  const ownStudents = accounts
    .filter((a) => a.schoolId === schoolId && a.role === 'student')
    .map((a) => a.id);
  const places = await queries.selectPlacesOf(db, ownStudents);
  return {
    schoolId,
    accounts: new Map(accounts.map((a) => [a.email, a])),
    classesByName,
    places: new Set(places.map((p) => `${p.classId}:${p.studentId}`)),
  };
}

export async function limitsFor(db: TDb, school: TSchool, rows: readonly TDecidedRow[]) {
  const current = await countSchoolMembers(db, school.id);
  const fresh = rows.filter((r) => r.outcome === 'new');
  return rosterLimits(school.plan, current, {
    students: fresh.filter((r) => r.roleValue === 'student').length,
    teachers: fresh.filter((r) => r.roleValue === 'teacher').length,
  });
}

export async function requireSchool(db: TDb, schoolId: string, options: { lock?: boolean } = {}) {
  const school = await queries.findSchool(db, schoolId, options);
  if (!school) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  return school;
}

/** A class of the school a roster is imported into as a whole (issue 29: Google Classroom). */
export type TRosterClass = { id: string; name: string };
/** One person of a class's roster from elsewhere: each becomes a student of that class. */
export type TClassPerson = { name: string; email: string };

function classRows(cls: TRosterClass, people: readonly TClassPerson[]): TRawRosterRow[] {
  return people.map((p, i) => ({
    row: i + 1,
    name: p.name.trim(),
    email: p.email,
    role: 'student',
    className: cls.name,
    yearGroup: '',
  }));
}

/** POST /admin/roster/preview: each row's outcome and the plan's limits. Nothing is written. */
export async function previewRoster(
  ctx: TAppContext,
  admin: TAccessClaims,
  raw: readonly TRawRosterRow[],
): Promise<TRosterPreview> {
  return previewFor(ctx, schoolOf(admin), raw);
}

/**
 * A class's roster from elsewhere (Google Classroom), previewed as the CSV import is: the same rules
 * (matched by e-mail within the school, another school's account refused, a teacher not placed),
 * the same plan's limits, every person a student of this class. Nothing is written.
 */
export async function previewClassRoster(
  ctx: TAppContext,
  schoolId: string,
  cls: TRosterClass,
  people: readonly TClassPerson[],
): Promise<TRosterPreview> {
  return previewFor(ctx, schoolId, classRows(cls, people), cls);
}

async function previewFor(
  ctx: TAppContext,
  schoolId: string,
  raw: readonly TRawRosterRow[],
  onlyClass?: TRosterClass,
): Promise<TRosterPreview> {
  const school = await requireSchool(ctx.db, schoolId);
  const decided = decideRows(raw, await factsFor(ctx.db, schoolId, raw, onlyClass));
  const limits = await limitsFor(ctx.db, school, decided);
  return {
    rows: decided.map(({ roleValue: _r, classId: _c, userId: _u, ...row }) => row),
    counts: countOutcomes(decided),
    limits,
  };
}

/** Refuses people past the plan's limits (as registration does: trial and plan limits). */
export function assertFits(school: TSchool, limits: TRosterLimits, now: Date): void {
  if (isTrialExpired(school, now)) {
    throw new AppError('TRIAL_EXPIRED', MESSAGES.register.trialExpired);
  }
  const refusal = limitRefusal(limits);
  if (refusal) throw new AppError(school.plan === 'trial' ? 'TRIAL_LIMIT' : 'PLAN_LIMIT', refusal);
}

type TInvitation = { id: string; email: string; name: string; role: 'student' | 'teacher' };

/**
 * Makes the new people of these rows (no password: invited), places students in their classes, and
 * stores one invitation token each, in batched statements of the caller's transaction. The LMS's
 * roster (modules/lti) makes people without invitations (`invite: false`): they sign in from the LMS.
 */
export async function createPeople(
  tx: TDb,
  school: TSchool,
  rows: readonly TDecidedRow[],
  now: Date,
  options: { invite: boolean } = { invite: true },
): Promise<{
  invitations: (TInvitation & { token: string })[];
  placed: number;
  made: { id: string; email: string }[];
}> {
  const fresh = rows.filter((r) => r.outcome === 'new');
  const made = await queries.insertInvitedPeople(
    tx,
    fresh.map((r) => ({
      schoolId: school.id,
      name: r.name,
      email: r.email,
      role: r.roleValue,
      permissions: defaultPermissionsFor(r.roleValue, school.schoolType),
      yearGroup: r.yearGroup || null,
    })),
  );
  const idOf = new Map(made.map((m) => [m.email, m.id]));
  const places = rows.flatMap((r) => {
    const studentId = r.userId ?? idOf.get(r.email);
    return r.placeInClass && r.classId && studentId ? [{ classId: r.classId, studentId }] : [];
  });
  const placed = await queries.insertPlaces(tx, places, now);
  if (!options.invite) return { invitations: [], placed, made };
  const invitations = fresh.flatMap((r) => {
    const id = idOf.get(r.email);
    return id
      ? [{ id, email: r.email, name: r.name, role: r.roleValue, token: randomToken() }]
      : [];
  });
  await insertAuthTokens(
    tx,
    invitations.map((i) => ({
      userId: i.id,
      kind: 'invite' as const,
      tokenHash: hashToken(i.token),
      family: null,
      expiresAt: new Date(now.getTime() + INVITATION_LINK_TTL_MS),
      createdAt: now,
    })),
  );
  return { invitations, placed, made };
}

function invitationOf(
  ctx: TAppContext,
  schoolName: string,
  person: TInvitation,
  token: string,
): TMailMessage {
  return invitationMail({
    to: person.email,
    name: person.name,
    role: person.role,
    schoolName,
    link: `${ctx.config.appUrl}/invitation?token=${encodeURIComponent(token)}`,
    loginUrl: `${ctx.config.appUrl}/login`,
    ttlMs: INVITATION_LINK_TTL_MS,
  });
}

/**
 * POST /admin/roster/import: the file is read and decided again in one transaction (the school row
 * locked, so two imports cannot both pass the limit): past the plan's limits nothing is written (403
 * with the numbers). Rows with an error are left out. New people are made in batched inserts, placed
 * in their classes and invited; the mails go out one after another once the transaction has committed.
 */
export async function importRoster(
  ctx: TAppContext,
  admin: TAccessClaims,
  raw: readonly TRawRosterRow[],
): Promise<TRosterImportResult> {
  return importFor(ctx, admin.userId, schoolOf(admin), raw, undefined);
}

/**
 * A class's roster from elsewhere (Google Classroom), imported as the CSV import is (the preview's
 * rules decided again, the school locked for the plan's limits, new students invited by mail). The
 * caller has checked that the actor may manage the class.
 */
export async function importClassRoster(
  ctx: TAppContext,
  actorId: string,
  schoolId: string,
  cls: TRosterClass,
  people: readonly TClassPerson[],
): Promise<TRosterImportResult> {
  return importFor(ctx, actorId, schoolId, classRows(cls, people), cls);
}

async function importFor(
  ctx: TAppContext,
  actorId: string,
  schoolId: string,
  raw: readonly TRawRosterRow[],
  onlyClass: TRosterClass | undefined,
): Promise<TRosterImportResult> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const school = await requireSchool(tx, schoolId, { lock: true });
    const decided = decideRows(raw, await factsFor(tx, schoolId, raw, onlyClass));
    assertFits(school, await limitsFor(tx, school, decided), now);
    const { invitations, placed } = await createPeople(tx, school, decided, now);
    const counts = countOutcomes(decided);
    const result: TRosterImportResult = {
      created: invitations.length,
      existing: counts.existing,
      placed,
      invited: invitations.length,
      skipped: counts.error,
    };
    await recordAudit(tx, {
      schoolId,
      actorId,
      action: onlyClass ? 'classroom.roster-imported' : 'roster.imported',
      targetType: onlyClass ? 'class' : 'school',
      targetId: onlyClass ? onlyClass.id : schoolId,
      before: null,
      after: { ...result, rows: raw.length },
    });
    return { result, invitations, schoolName: school.name };
  });
  deliverAllInBackground(
    ctx,
    outcome.invitations.map((i) => invitationOf(ctx, outcome.schoolName, i, i.token)),
  );
  return outcome.result;
}

async function presentPerson(db: TDb, schoolId: string, userId: string): Promise<TAdminUser> {
  const row = await findSchoolUser(db, schoolId, userId);
  if (!row) throw userNotFound();
  return presentUser(row);
}

/**
 * POST /admin/users/invite: one person (student or teacher), placed in a class of the school when
 * given, with an invitation mail. The plan's limits apply; a taken e-mail is 409.
 */
export async function invitePerson(
  ctx: TAppContext,
  admin: TAccessClaims,
  input: TInviteRequest,
): Promise<TAdminUser> {
  const schoolId = schoolOf(admin);
  const now = ctx.now();
  const I = MESSAGES.roster.invite;
  const outcome = await ctx.db.transaction(async (tx) => {
    const school = await requireSchool(tx, schoolId, { lock: true });
    const [taken] = await queries.selectAccountsByEmail(tx, [input.email]);
    if (taken) throw new AppError('CONFLICT', I.emailTaken, { field: 'email' });
    let classId: string | null = null;
    if (input.classId) {
      if (input.role !== 'student') {
        throw new AppError('VALIDATION', MESSAGES.roster.rowErrors.classForTeacher, {
          field: 'classId',
        });
      }
      const own = await queries.selectSchoolClasses(tx, schoolId);
      if (!own.some((c) => c.id === input.classId)) {
        throw new AppError('VALIDATION', I.classNotInSchool, { field: 'classId' });
      }
      classId = input.classId;
    }
    const row: TDecidedRow = {
      row: 1,
      name: input.name,
      email: input.email,
      role: input.role,
      className: '',
      yearGroup: input.yearGroup ?? '',
      outcome: 'new',
      reason: null,
      placeInClass: classId !== null,
      roleValue: input.role,
      classId,
      userId: null,
    };
    assertFits(school, await limitsFor(tx, school, [row]), now);
    const { invitations } = await createPeople(tx, school, [row], now);
    const [made] = invitations;
    if (!made) throw new AppError('CONFLICT', I.emailTaken, { field: 'email' });
    await recordAudit(tx, {
      schoolId,
      actorId: admin.userId,
      action: 'user.invited',
      targetType: 'user',
      targetId: made.id,
      before: null,
      after: { name: made.name, email: made.email, role: made.role },
    });
    return { made, schoolName: school.name };
  });
  deliverInBackground(ctx, invitationOf(ctx, outcome.schoolName, outcome.made, outcome.made.token));
  return presentPerson(ctx.db, schoolId, outcome.made.id);
}

type TPerson = NonNullable<Awaited<ReturnType<typeof queries.lockPerson>>>;

/** Locks one person of the school the admin may act on (not themselves, an admin or the owner). */
async function lockActionable(tx: TDb, admin: TAccessClaims, schoolId: string, userId: string) {
  const person = await queries.lockPerson(tx, schoolId, userId);
  if (!person || person.role === 'owner') throw userNotFound();
  const refusal = userChangeRefusal(admin.userId, person, 'account');
  if (refusal) throw new AppError(refusal.code, refusal.message);
  return person;
}

function assertActive(person: TPerson): void {
  if (!person.active) {
    throw new AppError('CONFLICT', MESSAGES.roster.inactiveAccount(person.name));
  }
}

/**
 * POST /admin/users/{id}/resend-invitation: a new 7-day link for a person who has not chosen a
 * password yet. The earlier links are revoked: only the newest invitation works.
 */
export async function resendInvitation(
  ctx: TAppContext,
  admin: TAccessClaims,
  userId: string,
): Promise<{ name: string }> {
  const schoolId = schoolOf(admin);
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const person = await lockActionable(tx, admin, schoolId, userId);
    assertActive(person);
    if (person.hasPassword) {
      throw new AppError('CONFLICT', MESSAGES.roster.notInvited(person.name));
    }
    await revokeUserTokens(tx, person.id, ['invite'], now);
    const token = await createSingleUseToken(ctx, person.id, 'invite', INVITATION_LINK_TTL_MS, tx);
    await recordAudit(tx, {
      schoolId,
      actorId: admin.userId,
      action: 'user.invitation-resent',
      targetType: 'user',
      targetId: person.id,
      before: null,
      after: null,
    });
    const school = await requireSchool(tx, schoolId);
    return { person, token, schoolName: school.name };
  });
  const { person } = outcome;
  deliverInBackground(
    ctx,
    invitationOf(
      ctx,
      outcome.schoolName,
      {
        id: person.id,
        email: person.email,
        name: person.name,
        role: person.role === 'teacher' ? 'teacher' : 'student',
      },
      outcome.token,
    ),
  );
  return { name: person.name };
}

/**
 * POST /admin/users/{id}/reset-password: mails the person a single-use link (a day) to choose a new
 * password. No password is ever shown; the current one works until the link is used. Someone still
 * invited gets their invitation resent instead (409 says so).
 */
export async function sendPasswordReset(
  ctx: TAppContext,
  admin: TAccessClaims,
  userId: string,
): Promise<{ name: string }> {
  const schoolId = schoolOf(admin);
  const outcome = await ctx.db.transaction(async (tx) => {
    const person = await lockActionable(tx, admin, schoolId, userId);
    assertActive(person);
    if (!person.hasPassword) {
      throw new AppError('CONFLICT', MESSAGES.roster.stillInvited(person.name));
    }
    const token = await createSingleUseToken(ctx, person.id, 'reset', ADMIN_RESET_LINK_TTL_MS, tx);
    await recordAudit(tx, {
      schoolId,
      actorId: admin.userId,
      action: 'user.reset-sent',
      targetType: 'user',
      targetId: person.id,
      before: null,
      after: null,
    });
    const school = await requireSchool(tx, schoolId);
    return { person, token, schoolName: school.name };
  });
  deliverInBackground(
    ctx,
    adminResetMail({
      to: outcome.person.email,
      name: outcome.person.name,
      schoolName: outcome.schoolName,
      link: `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(outcome.token)}`,
      ttlMs: ADMIN_RESET_LINK_TTL_MS,
    }),
  );
  return { name: outcome.person.name };
}

/**
 * PUT /admin/users/{id}/deactivate and /reactivate: the account stays with everything of it; a
 * deactivated one cannot sign in (password, magic link, refresh: "This account is not active"), its
 * sessions and outstanding links end at once. Reactivating lets it sign in again (no link revives).
 */
export async function setAccountActive(
  ctx: TAppContext,
  admin: TAccessClaims,
  userId: string,
  active: boolean,
): Promise<TAdminUser> {
  const schoolId = schoolOf(admin);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const person = await lockActionable(tx, admin, schoolId, userId);
    if (person.active === active) return;
    await queries.setActive(tx, person.id, active, now);
    if (!active) {
      await revokeUserTokens(tx, person.id, ['refresh', 'magic', 'reset', 'invite'], now);
    }
    await recordAudit(tx, {
      schoolId,
      actorId: admin.userId,
      action: active ? 'user.reactivated' : 'user.deactivated',
      targetType: 'user',
      targetId: person.id,
      before: { active: !active },
      after: { active },
    });
  });
  await ctx.accountStates.forgetUsers([userId]);
  return presentPerson(ctx.db, schoolId, userId);
}
