import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The code printed on an answer sheet: which class, student (none on a blank sheet), question and
 * sheet page it is, the question's printed number, and which paper layout, signed with the server's secret so a forged or edited code
 * cannot put work on another student. 59 bytes as base64url behind a "STEM1:" prefix: a version 5
 * QR code at error-correction level M, large modules that survive photocopying.
 */
export type TSheetCode = {
  classId: string;
  /** null on a blank sheet (the student writes their name in the name box). */
  studentId: string | null;
  questionId: string;
  /** 1-based page of this student's sheet for this question. */
  page: number;
  paper: TPaper;
  /**
   * The question's number as printed on the sheet ("Question 4 of 4"), 1 to 63; 0 on sheets printed
   * before it was coded. Shown to students and teachers as the answer's number.
   */
  number: number;
};

export type TPaper = 'a4' | 'letter';

const PREFIX = 'STEM1:';
const MAC_BYTES = 8;
const PAPERS: TPaper[] = ['a4', 'letter'];
const NIL = '00000000-0000-0000-0000-000000000000';
/** The last body byte holds the paper (low 2 bits) and the printed number (high 6 bits). */
const MAX_NUMBER = 63;

function uuidBytes(id: string): Buffer {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error('not a uuid');
  return Buffer.from(hex, 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(key: string, body: Buffer): Buffer {
  return createHmac('sha256', key)
    .update('answer-sheet\0')
    .update(body)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** The signed text of a sheet's code. */
export function encodeSheetCode(code: TSheetCode, key: string): string {
  const body = Buffer.concat([
    uuidBytes(code.classId),
    uuidBytes(code.studentId ?? NIL),
    uuidBytes(code.questionId),
    Buffer.from([
      Math.max(1, Math.min(255, code.page)),
      PAPERS.indexOf(code.paper) | (Math.max(0, Math.min(MAX_NUMBER, code.number)) << 2),
    ]),
  ]);
  return PREFIX + Buffer.concat([body, mac(key, body)]).toString('base64url');
}

export type TDecodedSheetCode =
  { ok: true; code: TSheetCode } | { ok: false; reason: 'not_ours' | 'forged' };

/** Reads a scanned code's text: `not_ours` for any other QR code, `forged` when the signature fails. */
export function decodeSheetCode(text: string, key: string): TDecodedSheetCode {
  if (!text.startsWith(PREFIX)) return { ok: false, reason: 'not_ours' };
  const raw = Buffer.from(text.slice(PREFIX.length), 'base64url');
  if (raw.length !== 50 + MAC_BYTES) return { ok: false, reason: 'not_ours' };
  const body = raw.subarray(0, 50);
  const expected = mac(key, body);
  if (!timingSafeEqual(expected, raw.subarray(50))) return { ok: false, reason: 'forged' };
  const student = uuidOf(body.subarray(16, 32));
  const last = body[49] ?? 0;
  const paper = PAPERS[last & 3] ?? 'a4';
  return {
    ok: true,
    code: {
      classId: uuidOf(body.subarray(0, 16)),
      studentId: student === NIL ? null : student,
      questionId: uuidOf(body.subarray(32, 48)),
      page: body[48] ?? 1,
      paper,
      number: last >> 2,
    },
  };
}

/**
 * The code printed on every page of a test booklet: which class, student, booklet (the printed test,
 * whose page layout the server keeps) and page of it. Same size and signing as a sheet's code behind
 * its own "STEM2:" prefix; the reader finds each answer box of the page from the booklet's layout.
 */
export type TBookletCode = {
  classId: string;
  studentId: string;
  bookletId: string;
  /** 1-based page of the booklet. */
  page: number;
  paper: TPaper;
};

const BOOKLET_PREFIX = 'STEM2:';

function bookletMac(key: string, body: Buffer): Buffer {
  return createHmac('sha256', key)
    .update('answer-booklet\0')
    .update(body)
    .digest()
    .subarray(0, MAC_BYTES);
}

export function encodeBookletCode(code: TBookletCode, key: string): string {
  const body = Buffer.concat([
    uuidBytes(code.classId),
    uuidBytes(code.studentId),
    uuidBytes(code.bookletId),
    Buffer.from([Math.max(1, Math.min(255, code.page)), PAPERS.indexOf(code.paper)]),
  ]);
  return BOOKLET_PREFIX + Buffer.concat([body, bookletMac(key, body)]).toString('base64url');
}

export type TDecodedPageCode =
  | { ok: true; kind: 'sheet'; code: TSheetCode }
  | { ok: true; kind: 'booklet'; code: TBookletCode }
  | { ok: false; reason: 'not_ours' | 'forged' };

/** Reads a scanned code: a one-question sheet's or a booklet page's. */
export function decodePageCode(text: string, key: string): TDecodedPageCode {
  if (!text.startsWith(BOOKLET_PREFIX)) {
    const sheet = decodeSheetCode(text, key);
    return sheet.ok ? { ok: true, kind: 'sheet', code: sheet.code } : sheet;
  }
  const raw = Buffer.from(text.slice(BOOKLET_PREFIX.length), 'base64url');
  if (raw.length !== 50 + MAC_BYTES) return { ok: false, reason: 'not_ours' };
  const body = raw.subarray(0, 50);
  if (!timingSafeEqual(bookletMac(key, body), raw.subarray(50))) {
    return { ok: false, reason: 'forged' };
  }
  return {
    ok: true,
    kind: 'booklet',
    code: {
      classId: uuidOf(body.subarray(0, 16)),
      studentId: uuidOf(body.subarray(16, 32)),
      bookletId: uuidOf(body.subarray(32, 48)),
      page: body[48] ?? 1,
      paper: PAPERS[(body[49] ?? 0) & 3] ?? 'a4',
    },
  };
}
