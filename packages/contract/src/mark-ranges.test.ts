import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  RANGE_OVERLAP_MESSAGE,
  cleanMarksInput,
  cleanRangeInput,
  defaultMarkRanges,
  highRangeMessage,
  isValidHighRange,
  isValidLowRange,
  lowRangeMessage,
  parseMarkRange,
  validateMarkRanges,
} from './mark-ranges';

const marksArb = fc.integer({ min: 1, max: 200 });

describe('mark ranges', () => {
  it('auto-fills the spec values for 1, 2 and more marks', () => {
    expect(defaultMarkRanges(1)).toEqual({ low: '0-0', high: '1-1' });
    expect(defaultMarkRanges(2)).toEqual({ low: '0-1', high: '2-2' });
    expect(defaultMarkRanges(10)).toEqual({ low: '0-3', high: '6-10' });
    expect(defaultMarkRanges(7)).toEqual({ low: '0-2', high: '5-7' });
    expect(defaultMarkRanges(0)).toBeNull();
  });

  it('always auto-fills ranges that pass every rule', () => {
    fc.assert(
      fc.property(marksArb, (marks) => {
        const ranges = defaultMarkRanges(marks);
        expect(ranges).not.toBeNull();
        expect(
          validateMarkRanges({ marks, lowMarkRange: ranges!.low, highMarkRange: ranges!.high }),
        ).toBeNull();
      }),
    );
  });

  it('follows the 30 % / 60 % rule above 2 marks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 500 }), (marks) => {
        const ranges = defaultMarkRanges(marks)!;
        expect(parseMarkRange(ranges.low)).toEqual({ start: 0, end: Math.floor(marks * 0.3) });
        expect(parseMarkRange(ranges.high)).toEqual({ start: Math.ceil(marks * 0.6), end: marks });
      }),
    );
  });

  it('refuses a low range reaching full marks, a high range starting at 0, and reversed ranges', () => {
    expect(isValidLowRange('0-5', 5)).toBe(false);
    expect(isValidLowRange('3-1', 5)).toBe(false);
    expect(isValidLowRange('0-4', 5)).toBe(true);
    expect(isValidHighRange('0-5', 5)).toBe(false);
    expect(isValidHighRange('4-6', 5)).toBe(false);
    expect(isValidHighRange('5-3', 5)).toBe(false);
    expect(isValidLowRange('abc', 5)).toBe(false);
    expect(isValidLowRange('1-2-3', 5)).toBe(false);
  });

  it("accepts a single-mark range, as the spec's own defaults need (docs/deviations.md)", () => {
    for (let marks = 1; marks <= 30; marks += 1) {
      const ranges = defaultMarkRanges(marks);
      expect(ranges && isValidLowRange(ranges.low, marks)).toBe(true);
      expect(ranges && isValidHighRange(ranges.high, marks)).toBe(true);
    }
    expect(isValidLowRange('0-0', 3)).toBe(true);
    expect(isValidHighRange('2-2', 2)).toBe(true);
  });

  it('accepts any in-bounds, ordered pair and rejects any out-of-bounds one', () => {
    fc.assert(
      fc.property(marksArb, fc.nat(300), fc.nat(300), (marks, a, b) => {
        const range = `${a}-${b}`;
        expect(isValidLowRange(range, marks)).toBe(a <= b && b <= marks - 1);
        expect(isValidHighRange(range, marks)).toBe(a >= 1 && a <= b && b <= marks);
      }),
    );
  });

  it('refuses overlapping bands with the spec message', () => {
    expect(validateMarkRanges({ marks: 10, lowMarkRange: '0-6', highMarkRange: '6-10' })).toEqual({
      field: 'highMarkRange',
      message: RANGE_OVERLAP_MESSAGE,
    });
    fc.assert(
      fc.property(marksArb, fc.nat(200), fc.nat(200), (marks, lowEnd, highStart) => {
        const result = validateMarkRanges({
          marks,
          lowMarkRange: `0-${lowEnd}`,
          highMarkRange: `${highStart}-${marks}`,
        });
        if (result === null) expect(lowEnd).toBeLessThan(highStart);
      }),
    );
  });

  it('words the range messages as the spec does', () => {
    expect(lowRangeMessage(5)).toBe(
      'Low mark range must be between 0 and 4 (for 5 marks), and start number must be less than end number.',
    );
    expect(highRangeMessage(5)).toBe(
      'High mark range must be between 1 and 5 (for 5 marks), and start number must be less than end number.',
    );
  });

  it('cleans the inputs: digits only for marks, digits and hyphens for ranges', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(cleanMarksInput(s)).toMatch(/^\d*$/);
        expect(cleanRangeInput(s)).toMatch(/^[\d-]*$/);
      }),
    );
    expect(cleanRangeInput('0 - 3a')).toBe('0-3');
  });
});
