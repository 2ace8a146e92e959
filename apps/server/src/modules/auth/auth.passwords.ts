import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { AppError } from '../../lib/app-error';

// `Algorithm` is an ambient const enum, which isolatedModules cannot inline: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID } as const;

/** An argon2id hash (PHC string) of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when the password matches the stored hash; a malformed hash counts as no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password, OPTIONS);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no user (or no password) to check against, so the
 * answer time does not tell whether an e-mail has an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-equal-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

let common: Set<string> | undefined;

/**
 * The commonly used passwords (zxcvbn's list of about 49,000, shipped in an npm package) that are long
 * enough to pass the length rule, lower-cased; built on first use.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(
    (dictionary['passwords-common'] ?? [])
      .map((p) => p.toLowerCase())
      .filter((p) => p.length >= MIN_PASSWORD_LENGTH),
  );
  return common;
}

/**
 * Refuses a password a person chose when it is one of the commonly used ones, or their own e-mail
 * address or name (case-insensitive). The length rule is the contract schema's.
 */
export function assertPasswordAcceptable(
  password: string,
  person: { email?: string | undefined; name?: string | undefined } = {},
): void {
  const lower = password.toLowerCase();
  const own = [person.email, person.email?.split('@')[0], person.name?.replace(/\s+/g, '')]
    .filter((v): v is string => Boolean(v))
    .map((v) => v.toLowerCase());
  if (
    commonPasswords().has(lower) ||
    own.includes(lower) ||
    own.includes(lower.replace(/\s+/g, ''))
  ) {
    throw new AppError('VALIDATION', MESSAGES.password.tooCommon, { field: 'password' });
  }
}
