import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { bookletLayout, contentBand } from './booklet-layout';
import {
  decodePageCode,
  encodeBookletCode,
  encodeSheetCode,
  type TBookletCode,
} from './sheet-code';
import { buildAnswerBooklets } from './sheet-pdf';

const ids = ['q1', 'q2', 'q3', 'q4'];
const questions = (marks: number[], textLines = 2) =>
  marks.map((m, i) => ({ id: ids[i] ?? `q${i + 1}`, marks: m, textLines }));

describe('test booklet layout', () => {
  it('puts several questions on a page, in order, each box sized by its marks, none across pages', () => {
    const layout = bookletLayout('a4', questions([2, 3, 4, 2]), { continuation: false });
    const regions = layout.pages.flatMap((p) => p.regions);
    expect(regions.map((r) => r.number)).toEqual([1, 2, 3, 4]);
    expect(layout.pages.length).toBeLessThan(4);
    expect(layout.pages.some((p) => p.regions.length >= 2)).toBe(true);
    const [q1, q2, q3] = regions;
    expect(q2!.answer.height).toBeGreaterThan(q1!.answer.height);
    expect(q3!.answer.height).toBeGreaterThan(q2!.answer.height);
    const band = contentBand('a4');
    for (const page of layout.pages) {
      let bottom = band.top;
      for (const r of page.regions) {
        expect(r.top).toBeGreaterThanOrEqual(bottom);
        expect(r.answer.y).toBeGreaterThan(r.top);
        bottom = r.answer.y + r.answer.height;
        expect(bottom).toBeLessThanOrEqual(band.bottom);
      }
    }
  });

  it('ends each booklet with a continuation page holding a box per question', () => {
    const layout = bookletLayout('a4', questions([2, 3, 4, 2]), { continuation: true });
    const last = layout.pages.at(-1)!;
    expect(last.regions.map((r) => [r.number, r.continuation, r.questionId])).toEqual([
      [1, true, 'q1'],
      [2, true, 'q2'],
      [3, true, 'q3'],
      [4, true, 'q4'],
    ]);
    // Six questions: two continuation pages (four boxes at most on each).
    const six = bookletLayout('letter', questions([1, 1, 1, 1, 1, 1]), { continuation: true });
    const cont = six.pages.filter((p) => p.regions.every((r) => r.continuation));
    expect(cont.map((p) => p.regions.length)).toEqual([4, 2]);
  });

  it('fits Letter (shorter) as well as A4, and caps a question bigger than a page', () => {
    const marks = [4, 4, 4, 4];
    const a4 = bookletLayout('a4', questions(marks), { continuation: false });
    const letter = bookletLayout('letter', questions(marks), { continuation: false });
    const band = contentBand('letter');
    expect(band.bottom).toBeLessThan(contentBand('a4').bottom);
    for (const r of letter.pages.flatMap((p) => p.regions))
      expect(r.answer.y + r.answer.height).toBeLessThanOrEqual(band.bottom);
    expect(letter.pages.length).toBeGreaterThanOrEqual(a4.pages.length);
    const huge = bookletLayout('letter', questions([40]), { continuation: false });
    expect(huge.pages).toHaveLength(1);
    expect(huge.pages[0]!.regions[0]!.answer.y + huge.pages[0]!.regions[0]!.answer.height).toBe(
      band.bottom,
    );
  });

  it('prints a booklet per student with its layout, A4 and Letter', async () => {
    const request = {
      schoolName: 'School',
      className: 'Year 9',
      classId: '0b6c6f9e-1c0e-4f39-9a51-8f3f1b9f0a01',
      printId: '7e2a4c61-3b5d-4f8e-9a10-2c3d4e5f6a07',
      bookletId: 'a3c9e2d4-7f61-4b0a-9e25-6c1d2e3f4a05',
      students: [
        { id: '5d1f0f43-2b7e-4c8e-8d3c-0e5e7f1a2b03', name: 'Amara Okafor' },
        { id: '5d1f0f43-2b7e-4c8e-8d3c-0e5e7f1a2b04', name: 'Ben Carter' },
      ],
      questions: ids.map((id, i) => ({ id, text: `Question text ${i + 1}`, marks: 2 + i })),
      key: 'key',
      continuation: true,
    };
    for (const paper of ['a4', 'letter'] as const) {
      const { pdf, layout } = await buildAnswerBooklets({ ...request, paper });
      const doc = await PDFDocument.load(pdf);
      expect(doc.getPageCount()).toBe(2 * layout.pages.length);
      expect(Math.round(doc.getPage(0).getHeight())).toBe(paper === 'a4' ? 842 : 792);
      expect(layout.paper).toBe(paper);
    }
  });
});

describe('booklet page codes', () => {
  const code: TBookletCode = {
    printId: '7e2a4c61-3b5d-4f8e-9a10-2c3d4e5f6a07',
    classId: null,
    studentId: '5d1f0f43-2b7e-4c8e-8d3c-0e5e7f1a2b03',
    bookletId: 'a3c9e2d4-7f61-4b0a-9e25-6c1d2e3f4a05',
    page: 3,
    paper: 'letter',
  };

  /** A booklet printed before printings were recorded: its code names the class. */
  const legacy: TBookletCode = {
    ...code,
    printId: null,
    classId: '0b6c6f9e-1c0e-4f39-9a51-8f3f1b9f0a01',
  };

  it('round-trips, fits the same small QR code, and tells a sheet from a booklet page', () => {
    const text = encodeBookletCode(code, 'key');
    expect(text.startsWith('STEM4:')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(84);
    expect(QRCode.create(text, { errorCorrectionLevel: 'M' }).version).toBe(5);
    expect(decodePageCode(text, 'key')).toEqual({ ok: true, kind: 'booklet', code });
    const sheet = encodeSheetCode(
      { ...code, questionId: code.bookletId, number: 2, page: 1 },
      'key',
    );
    expect(decodePageCode(sheet, 'key')).toMatchObject({ ok: true, kind: 'sheet' });
  });

  it('still reads a booklet page printed before printings were recorded, naming its class', () => {
    const text = encodeBookletCode(legacy, 'key');
    expect(text.startsWith('STEM2:')).toBe(true);
    expect(decodePageCode(text, 'key')).toEqual({ ok: true, kind: 'booklet', code: legacy });
  });

  it('refuses a booklet code signed with another key, or edited', () => {
    for (const signed of [code, legacy]) {
      const text = encodeBookletCode(signed, 'key');
      const prefix = text.slice(0, 'STEM2:'.length);
      expect(decodePageCode(text, 'other')).toEqual({ ok: false, reason: 'forged' });
      const raw = Buffer.from(text.slice(prefix.length), 'base64url');
      raw[48] = 1;
      expect(decodePageCode(`${prefix}${raw.toString('base64url')}`, 'key')).toEqual({
        ok: false,
        reason: 'forged',
      });
      // The printing (or class) edited: another printing's page cannot be made from this one.
      const edited = Buffer.from(text.slice(prefix.length), 'base64url');
      edited[3] = (edited[3] ?? 0) ^ 1;
      expect(decodePageCode(`${prefix}${edited.toString('base64url')}`, 'key')).toEqual({
        ok: false,
        reason: 'forged',
      });
    }
    // A printing's signature does not pass for a class's, nor the other way round.
    const printed = encodeBookletCode(code, 'key');
    expect(decodePageCode(`STEM2:${printed.slice(6)}`, 'key')).toEqual({
      ok: false,
      reason: 'forged',
    });
    const old = encodeBookletCode(legacy, 'key');
    expect(decodePageCode(`STEM4:${old.slice(6)}`, 'key')).toEqual({ ok: false, reason: 'forged' });
  });
});
