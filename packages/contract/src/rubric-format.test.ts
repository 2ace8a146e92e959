import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanSection, combineRubric, parseRubricSections } from './rubric-format';

describe('rubric format', () => {
  it('splits a rubric the server wrote back into its two sections', () => {
    const rubric = combineRubric(
      'Names one force.',
      'Names both forces\nand explains.',
      '0-1',
      '3-4',
    );
    expect(rubric).toBe(
      'Low Mark Range (0-1):\nNames one force.\n\nHigh Mark Range (3-4):\nNames both forces\nand explains.',
    );
    expect(parseRubricSections(rubric)).toEqual({
      low: 'Names one force.',
      high: 'Names both forces\nand explains.',
    });
  });

  it('round-trips any two non-blank sections (the edit form relies on it)', () => {
    const section = fc
      .string({ minLength: 1, maxLength: 80 })
      .filter((s) => s.trim() !== '' && !/mark\s+range|middle\s+mark/i.test(s));
    fc.assert(
      fc.property(section, section, (low, high) => {
        const parsed = parseRubricSections(combineRubric(low, high, '0-2', '5-7'));
        expect(parsed).toEqual({ low: low.trim(), high: high.trim() });
      }),
    );
  });

  it('reports a missing or blank section as null', () => {
    expect(parseRubricSections('Low Mark Range (0-1):\nweak')).toEqual({ low: 'weak', high: null });
    expect(parseRubricSections('Low Mark Range (0-1):\n  \nHigh Mark Range (2-2):\nok')).toEqual({
      low: null,
      high: 'ok',
    });
    expect(parseRubricSections('just some text')).toEqual({ low: null, high: null });
  });

  it('drops a header the writer repeated inside its own section', () => {
    expect(cleanSection('**Low Mark Range (0-1):** weak answer', 'low')).toBe('weak answer');
    expect(cleanSection('High Mark Range: strong', 'low')).toBe('High Mark Range: strong');
  });
});
