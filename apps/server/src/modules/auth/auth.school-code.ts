import { randomInt } from 'node:crypto';
import { SCHOOL_CODE_LENGTH } from '@stem/contract/limits';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new random 16-character school code (A-Z, 0-9) from the CSPRNG: codes are join secrets. */
export function generateSchoolCode(): string {
  let code = '';
  for (let i = 0; i < SCHOOL_CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
