import { SCHOOL_CODE_LENGTH } from '@stem/contract/limits';

/** The school code generator is shared with the web app (the owner's Add New School form offers one). */
export { generateSchoolCode } from '@stem/contract/school-code';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

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
