import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MESSAGES } from './messages';
import {
  cleanSchoolCodeInput,
  generateSchoolCode,
  formatSchoolCode,
  isValidSchoolCode,
  schoolCodeError,
  splitSchoolCode,
} from './school-code';

const codeChar = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));
const validCode = fc.array(codeChar, { minLength: 16, maxLength: 16 }).map((c) => c.join(''));

describe('school code', () => {
  it('generates valid, different codes over the whole alphabet', () => {
    const codes = Array.from({ length: 400 }, () => generateSchoolCode());
    for (const code of codes) expect(isValidSchoolCode(code)).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    const seen = new Set(codes.join(''));
    expect(seen.size).toBe(36);
  });

  it('cleans any input to upper-case A-Z0-9 of at most the given length', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 16 }), (input, max) => {
        const clean = cleanSchoolCodeInput(input, max);
        expect(clean).toMatch(/^[A-Z0-9]*$/);
        expect(clean.length).toBeLessThanOrEqual(max);
      }),
    );
    expect(cleanSchoolCodeInput('ab-cd 12!')).toBe('ABCD12');
  });

  it('accepts exactly 16 upper-case letters and digits', () => {
    fc.assert(
      fc.property(validCode, (code) => {
        expect(isValidSchoolCode(code)).toBe(true);
      }),
    );
    expect(isValidSchoolCode('ABCD1234ABCD123')).toBe(false);
    expect(isValidSchoolCode('abcd1234abcd1234')).toBe(false);
    expect(isValidSchoolCode('ABCD-1234-ABCD-1')).toBe(false);
  });

  it('says what is wrong with a partly typed code', () => {
    expect(schoolCodeError('')).toBeNull();
    expect(schoolCodeError('ABC')).toBe(MESSAGES.register.codeLength);
    expect(schoolCodeError('abcd1234abcd1234')).toBe(MESSAGES.register.codeFormat);
    fc.assert(
      fc.property(validCode, (code) => {
        expect(schoolCodeError(code)).toBeNull();
      }),
    );
  });

  it('formats a 16-character code as four groups and splits it back into boxes', () => {
    fc.assert(
      fc.property(validCode, (code) => {
        const formatted = formatSchoolCode(code);
        expect(formatted).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
        expect(splitSchoolCode(formatted).join('')).toBe(code);
      }),
    );
    expect(formatSchoolCode('SHORT')).toBe('SHORT');
  });
});
