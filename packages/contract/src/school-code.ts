import { SCHOOL_CODE_LENGTH } from './limits';
import { MESSAGES } from './messages';

export const SCHOOL_CODE_PATTERN = /^[A-Z0-9]{16}$/;

/** Upper-cases and strips anything that is not A-Z or 0-9 (spec 01 §5: each box is cleaned like this). */
export function cleanSchoolCodeInput(
  value: string,
  maxLength: number = SCHOOL_CODE_LENGTH,
): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, maxLength);
}

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A new random 16-character school code (A-Z, 0-9) from the platform's CSPRNG (Web Crypto, in the
 * browser and in Node alike): codes are join secrets. Each character is drawn without bias (bytes of
 * 252 and over, which would favour the first letters, are drawn again).
 */
export function generateSchoolCode(): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let code = '';
  while (code.length < SCHOOL_CODE_LENGTH) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(SCHOOL_CODE_LENGTH * 2))) {
      if (byte < limit && code.length < SCHOOL_CODE_LENGTH) {
        code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
      }
    }
  }
  return code;
}

export function isValidSchoolCode(value: string): boolean {
  return SCHOOL_CODE_PATTERN.test(value);
}

/**
 * The message the registration form shows for a partly typed code, or null when there is nothing to say
 * (empty, or a complete valid code).
 */
export function schoolCodeError(value: string): string | null {
  if (value.length === 0) return null;
  if (value.length < SCHOOL_CODE_LENGTH) return MESSAGES.register.codeLength;
  if (!isValidSchoolCode(value)) return MESSAGES.register.codeFormat;
  return null;
}

export { formatSchoolCode } from './school-code-format';

/** Splits a code into the four boxes of the registration form. */
export function splitSchoolCode(code: string): [string, string, string, string] {
  const clean = cleanSchoolCodeInput(code);
  return [clean.slice(0, 4), clean.slice(4, 8), clean.slice(8, 12), clean.slice(12, 16)];
}
