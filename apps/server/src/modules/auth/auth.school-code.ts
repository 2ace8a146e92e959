import { randomInt } from 'node:crypto';
import { SCHOOL_CODE_LENGTH } from '@stem/contract/limits';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new random 16-character school code (A-Z, 0-9) from the CSPRNG: codes are join secrets. */
export function generateSchoolCode(): string {
  let code = '';
  for (let i = 0; i < SCHOOL_CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * A school code drawn from a secret seed (an HMAC under the server key), so the same seed always
 * names the same school: as unguessable as a random code to anyone without the key.
 */
export function schoolCodeFromSeed(seed: Buffer): string {
  let value = BigInt(`0x${seed.toString('hex')}`);
  const base = BigInt(ALPHABET.length);
  let code = '';
  for (let i = 0; i < SCHOOL_CODE_LENGTH; i += 1) {
    code += ALPHABET[Number(value % base)];
    value /= base;
  }
  return code;
}
