import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { answerPartOf, matchName, matchQuestion, printedQuestionNumber } from './match';
import { decodeSheetCode, encodeSheetCode, type TSheetCode } from './sheet-code';

/** A sheet as printed now: its code names its printing. */
const CODE: TSheetCode = {
  printId: '7e2a4c61-3b5d-4f8e-9a10-2c3d4e5f6a07',
  classId: null,
  studentId: '5d1f0f43-2b7e-4c8e-8d3c-0e5e7f1a2b03',
  questionId: 'a3c9e2d4-7f61-4b0a-9e25-6c1d2e3f4a05',
  page: 1,
  paper: 'letter',
  number: 4,
};
/** A sheet printed before printings were recorded: its code names the class. */
const LEGACY: TSheetCode = {
  ...CODE,
  printId: null,
  classId: '0b6c6f9e-1c0e-4f39-9a51-8f3f1b9f0a01',
};

describe('sheet codes', () => {
  it('round-trips a named and a blank sheet, each blank copy its own', () => {
    for (const code of [CODE, LEGACY]) {
      expect(decodeSheetCode(encodeSheetCode(code, 'key'), 'key')).toEqual({ ok: true, code });
      const blank = { ...code, studentId: null, paper: 'a4' as const };
      expect(decodeSheetCode(encodeSheetCode(blank, 'key'), 'key')).toEqual({
        ok: true,
        code: blank,
      });
    }
    const copies = [1, 2, 200, 65_535].map((copy) =>
      encodeSheetCode({ ...CODE, studentId: null, copy }, 'key'),
    );
    expect(new Set(copies).size).toBe(4);
    expect(decodeSheetCode(copies[2]!, 'key')).toEqual({
      ok: true,
      code: { ...CODE, studentId: null, copy: 200 },
    });
  });

  it('names the printing behind its own prefix, and still reads sheets naming their class', () => {
    expect(encodeSheetCode(CODE, 'key').startsWith('STEM3:')).toBe(true);
    // The code of a sheet printed before this change, as it was printed (STEM1, naming the class).
    const old = encodeSheetCode(LEGACY, 'key');
    expect(old.startsWith('STEM1:')).toBe(true);
    expect(decodeSheetCode(old, 'key')).toEqual({ ok: true, code: LEGACY });
  });

  it('keeps the printed question number, and reads sheets printed before it was coded as 0', () => {
    const last = { ...CODE, number: 20, paper: 'a4' as const };
    expect(decodeSheetCode(encodeSheetCode(last, 'key'), 'key')).toEqual({ ok: true, code: last });
    const old = { ...LEGACY, number: 0 };
    expect(decodeSheetCode(encodeSheetCode(old, 'key'), 'key')).toEqual({ ok: true, code: old });
  });

  it('refuses a code signed with another key, or edited to name another student or printing', () => {
    for (const code of [CODE, LEGACY]) {
      const text = encodeSheetCode(code, 'key');
      const prefix = text.slice(0, 'STEM1:'.length);
      expect(decodeSheetCode(text, 'other key')).toEqual({ ok: false, reason: 'forged' });
      for (const byte of [2, 20]) {
        const raw = Buffer.from(text.slice(prefix.length), 'base64url');
        raw[byte] = (raw[byte] ?? 0) ^ 1;
        expect(decodeSheetCode(`${prefix}${raw.toString('base64url')}`, 'key')).toEqual({
          ok: false,
          reason: 'forged',
        });
      }
    }
    // A printing's signature does not pass for a class's (nor the other way round).
    const printed = encodeSheetCode(CODE, 'key');
    expect(decodeSheetCode(`STEM1:${printed.slice(6)}`, 'key')).toEqual({
      ok: false,
      reason: 'forged',
    });
    const old = encodeSheetCode(LEGACY, 'key');
    expect(decodeSheetCode(`STEM3:${old.slice(6)}`, 'key')).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(decodeSheetCode('https://example.com', 'key')).toEqual({
      ok: false,
      reason: 'not_ours',
    });
  });

  it('fits a small QR code (version 5, level M: 84 bytes), printing named or not', () => {
    for (const code of [CODE, LEGACY, { ...CODE, studentId: null, copy: 200 }]) {
      const text = encodeSheetCode(code, 'key');
      expect(text.length).toBe(84);
      expect(QRCode.create(text, { errorCorrectionLevel: 'M' }).version).toBe(5);
    }
  });
});

describe('matching pages without a code', () => {
  const students = [
    { id: '1', name: 'Amara Okafor' },
    { id: '2', name: 'Ben Carter' },
    { id: '3', name: 'Bea Carter' },
  ];

  it('finds a name misread by a letter or two, but not an ambiguous one', () => {
    expect(matchName('Name\nAMARA 0KAFOR', students)?.id).toBe('1');
    expect(matchName('Class: Year 9\nBen Carter', students)?.id).toBe('2');
    expect(matchName('B?? Carter', students)).toBeNull();
    expect(matchName('nothing here', students)).toBeNull();
  });

  it('finds the printed question among the class questions', () => {
    const questions = [
      { id: 'q1', text: 'Explain how photosynthesis makes glucose in a leaf.' },
      { id: 'q2', text: 'Describe osmosis in a root hair cell.' },
    ];
    const page = 'Question 2 of 2 (4 marks)\nDescribe osmosls in a root hair cell.\nWater moves in';
    expect(matchQuestion(page, questions)?.id).toBe('q2');
    expect(matchQuestion('an unrelated page', questions)).toBeNull();
  });

  it('reads the printed question number of a page without its code', () => {
    expect(printedQuestionNumber('Year 9\nQuestion 4 of 4 (3 marks)\nExplain')).toBe(4);
    expect(printedQuestionNumber('no number here')).toBeNull();
  });

  it("keeps the answer below the box's label", () => {
    const text =
      'School\nClass: Bio\nWrite your answer inside this box.\nWater moves in\nDo not write on or fold the code. STEM@Home answer sheet.';
    expect(answerPartOf(text, [])).toBe('Water moves in');
  });
});
