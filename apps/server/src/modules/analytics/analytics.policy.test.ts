import { describe, expect, it } from 'vitest';
import {
  attachmentHeader,
  bandCounts,
  canViewAnalytics,
  csvCell,
  csvRow,
} from './analytics.policy';

describe('canViewAnalytics', () => {
  const owned = { schoolId: 's1', teacherId: 't1' };
  it('lets the owning teacher and the school admin in, no one else', () => {
    expect(canViewAnalytics({ userId: 't1', role: 'teacher', schoolId: 's1' }, owned)).toBe(true);
    expect(canViewAnalytics({ userId: 'a1', role: 'admin', schoolId: 's1' }, owned)).toBe(true);
    expect(canViewAnalytics({ userId: 't2', role: 'teacher', schoolId: 's1' }, owned)).toBe(false);
    expect(canViewAnalytics({ userId: 'a2', role: 'admin', schoolId: 's2' }, owned)).toBe(false);
    expect(canViewAnalytics({ userId: 't1', role: 'teacher', schoolId: 's2' }, owned)).toBe(false);
    expect(canViewAnalytics({ userId: 'st', role: 'student', schoolId: 's1' }, owned)).toBe(false);
    expect(canViewAnalytics({ userId: 'o', role: 'owner', schoolId: null }, owned)).toBe(false);
  });
});

describe('bandCounts', () => {
  it('puts each score in its band, the gap between the ranges on its own', () => {
    // 6 marks, low 0-1, high 4-6: scores 2 and 3 are between.
    expect(bandCounts([1, 2, 3, 4, 5, 6, 7], '0-1', '4-6')).toEqual({
      low: 3,
      between: 7,
      high: 18,
      other: 0,
    });
  });
  it('counts scores outside both ranges, or ranges it cannot read, as other', () => {
    expect(bandCounts([2, 1, 1], '1-1', '2-2')).toEqual({ low: 1, between: 0, high: 1, other: 2 });
    expect(bandCounts([1, 1], 'none', 'x')).toEqual({ low: 0, between: 0, high: 0, other: 2 });
  });
});

describe('CSV cells', () => {
  it('neutralises cells that would start a formula', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${lead}SUM(A1)`).replace(/^"/, '').startsWith(`'${lead}`)).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
  it('quotes commas, quotes and line breaks (RFC 4180) and keeps accents', () => {
    expect(csvCell('Zoë, "Z"')).toBe('"Zoë, ""Z"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Ångström')).toBe('Ångström');
    expect(csvCell(null)).toBe('');
    expect(csvCell(-1)).toBe('-1');
    expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
  it('names the file after the class and the date, accents kept in filename*', () => {
    const header = attachmentHeader('Física / 10"A"', '2026-11-26');
    expect(header).toBe(
      `attachment; filename="Fisica - 10-A- 2026-11-26.csv"; filename*=UTF-8''F%C3%ADsica%20-%2010-A-%202026-11-26.csv`,
    );
  });
});
