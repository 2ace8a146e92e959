import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { apiPath, AUTH_PATHS } from '@stem/contract/api';
import type { TSessionResponse } from '@stem/contract/auth';
import { TRIAL_DAYS } from '@stem/contract/limits';
import type { TPlan, TRole, TSchoolType } from '@stem/contract/roles';
import type { TDatabase } from '../../src/db/client';
import { hashPassword } from '../../src/modules/auth/auth.passwords';
import { defaultPermissionsFor } from '../../src/modules/auth/auth.policy';
import { generateSchoolCode } from '../../src/modules/auth/auth.school-code';
import { insertSchools, insertUsers } from '../../src/modules/demo/demo.queries';
import type { TOutboxMail } from './test-app';

/** Anything that carries the test database: a TTestApp works. */
type THasDatabase = { database: TDatabase };

export const DEFAULT_PASSWORD = 'correct-horse-battery';

export type TBuiltSchool = {
  id: string;
  code: string;
  name: string;
  plan: TPlan;
  schoolType: TSchoolType;
  active: boolean;
  trialExpiresAt: Date | null;
};

let sequence = 0;
const unique = () =>
  `${Date.now().toString(36)}${(sequence += 1)}${randomBytes(2).toString('hex')}`;

/**
 * A school in the test database. Defaults: an active Classroom school. `plan: 'trial'` gives a trial
 * that expires in 14 days unless `trialExpiresAt` says otherwise.
 */
export async function buildSchool(
  t: THasDatabase,
  overrides: Partial<Omit<TBuiltSchool, 'id'>> = {},
): Promise<TBuiltSchool> {
  const plan = overrides.plan ?? 'classroom';
  const [row] = await insertSchools(t.database.db, [
    {
      code: overrides.code ?? generateSchoolCode(),
      name: overrides.name ?? `Test School ${unique()}`,
      plan,
      schoolType: overrides.schoolType ?? (plan === 'personal' ? 'personal' : 'classroom'),
      active: overrides.active ?? true,
      trialExpiresAt:
        overrides.trialExpiresAt !== undefined
          ? overrides.trialExpiresAt
          : plan === 'trial'
            ? new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000)
            : null,
    },
  ]);
  if (!row) throw new Error('school not inserted');
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    plan: row.plan,
    schoolType: row.schoolType,
    active: row.active,
    trialExpiresAt: row.trialExpiresAt,
  };
}

export type TBuiltUser = {
  id: string;
  email: string;
  name: string;
  role: TRole;
  schoolId: string | null;
  password: string;
};

const hashes = new Map<string, Promise<string>>();
/** argon2id costs ~12 ms: one hash per distinct password per test file is plenty. */
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/**
 * A user in the test database. `schoolId` is required except for the owner; permissions default to the
 * role's defaults for the school type (pass `schoolType` for a personal school's teacher).
 */
export async function buildUser(
  t: THasDatabase,
  options: {
    role: TRole;
    schoolId: string | null;
    password?: string;
    email?: string;
    name?: string;
    active?: boolean;
    schoolType?: TSchoolType;
    permissions?: string[];
  },
): Promise<TBuiltUser> {
  const password = options.password ?? DEFAULT_PASSWORD;
  const email = (options.email ?? `${options.role}.${unique()}@example.com`).trim().toLowerCase();
  const name =
    options.name ?? `Test ${options.role[0]?.toUpperCase()}${options.role.slice(1)} ${unique()}`;
  const [row] = await insertUsers(t.database.db, [
    {
      schoolId: options.schoolId,
      name,
      email,
      passwordHash: await cachedHash(password),
      role: options.role,
      active: options.active ?? true,
      permissions:
        options.permissions ??
        defaultPermissionsFor(options.role, options.schoolType ?? 'classroom'),
    },
  ]);
  if (!row) throw new Error('user not inserted');
  return { id: row.id, email, name, role: options.role, schoolId: options.schoolId, password };
}

/** A school with one user of the role (the usual start of a test). */
export async function buildSchoolWithUser(
  t: THasDatabase,
  role: Exclude<TRole, 'owner'>,
  schoolOverrides: Partial<Omit<TBuiltSchool, 'id'>> = {},
): Promise<{ school: TBuiltSchool; user: TBuiltUser }> {
  const school = await buildSchool(t, schoolOverrides);
  const user = await buildUser(t, { role, schoolId: school.id, schoolType: school.schoolType });
  return { school, user };
}

let addressCounter = 0;
/** A distinct client address per call, so sign-ins in tests never share a rate-limit bucket. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Signs in through the API and returns the session reply (fails the test if sign-in fails). */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string = DEFAULT_PASSWORD,
): Promise<TSessionResponse> {
  const response = await app.inject({
    method: 'POST',
    url: apiPath(AUTH_PATHS.login),
    payload: { email, password },
    remoteAddress: nextClientAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TSessionResponse>();
}

/** `authorization` header for a signed-in user. */
export function bearer(session: { token: string }): { authorization: string } {
  return { authorization: `Bearer ${session.token}` };
}

/**
 * Mails are sent in the background (so reply times do not reveal who has an account): waits until the
 * outbox holds a mail matching `match`, or fails after `timeoutMs`. The wait ends as soon as the mail
 * is there; the deadline only bounds a mail that never comes, so it is generous: on a CI machine busy
 * with the whole suite a reset mail once took over 5 s to be written.
 */
export async function waitForMail(
  t: { outbox: () => Promise<TOutboxMail[]> },
  match: (mail: TOutboxMail) => boolean,
  timeoutMs = 30_000,
): Promise<TOutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await t.outbox()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no matching mail arrived in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The token query parameter of an e-mailed link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
