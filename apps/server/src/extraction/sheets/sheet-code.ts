import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whose paper a code is. Every page printed since printings were recorded names its printing
 * (`printId`, a row of `paper_prints` that says which class printed it): the same page scanned twice
 * is a re-scan, a page of another printing is new work. A page printed before names its class
 * instead (`classId`) and is read as it always was.
 */
export type TCodeOrigin = { printId: string; classId: null } | { printId: null; classId: string };

/**
 * The code printed on an answer sheet: which printing (or, printed before printings were recorded,
 * which class), student (none on a blank sheet), question and sheet page it is, the question's printed
 * number, and which paper layout, signed with the server's secret so a forged or edited code cannot
 * put work on another student. 58 bytes as base64url behind a "STEM3:" prefix ("STEM1:" on sheets
 * naming their class): a version 5 QR code at error-correction level M, large modules that survive
 * photocopying. The printing's id takes the place of the class's, so the code does not grow.
 */
export type TSheetCode = TCodeOrigin & {
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
  /**
   * Which copy of its printing a blank sheet is (1 to 65,535), so two blank copies of one printing
   * are two papers; absent on named sheets and on blank sheets printed before.
   */
  copy?: number;
};

export type TPaper = 'a4' | 'letter';

/** Sheets naming their class (printed before printings were recorded) and naming their printing. */
const PREFIX = 'STEM1:';
const PRINT_PREFIX = 'STEM3:';
const MAC_BYTES = 8;
const BODY_BYTES = 50;
const PAPERS: TPaper[] = ['a4', 'letter'];
/** The last body byte holds the paper (low 2 bits) and the printed number (high 6 bits). */
const MAX_NUMBER = 63;
/** A blank sheet's student field: 14 zero bytes, then its copy number (0: none recorded). */
const BLANK_ZEROS = 14;
const MAX_COPY = 0xffff;

function uuidBytes(id: string): Buffer {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error('not a uuid');
  return Buffer.from(hex, 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The student field of a sheet: the student's id, or a blank sheet's zeros and copy number. */
function studentBytes(studentId: string | null, copy: number | undefined): Buffer {
  if (studentId !== null) return uuidBytes(studentId);
  const bytes = Buffer.alloc(16);
  bytes.writeUInt16BE(Math.max(0, Math.min(MAX_COPY, Math.round(copy ?? 0))), BLANK_ZEROS);
  return bytes;
}

function studentOf(bytes: Buffer): { studentId: string | null; copy?: number } {
  if (!bytes.subarray(0, BLANK_ZEROS).every((b) => b === 0)) {
    return { studentId: uuidOf(bytes) };
  }
  const copy = bytes.readUInt16BE(BLANK_ZEROS);
  return copy === 0 ? { studentId: null } : { studentId: null, copy };
}

/**
 * The code's signature. The tag tells a code naming its printing from one naming its class, so a
 * signature of one kind never passes for the other.
 */
function sign(key: string, tag: string, body: Buffer): Buffer {
  return createHmac('sha256', key).update(`${tag}\0`).update(body).digest().subarray(0, MAC_BYTES);
}

function originBytes(origin: TCodeOrigin): Buffer {
  return uuidBytes(origin.printId ?? origin.classId);
}

function originOf(printed: boolean, bytes: Buffer): TCodeOrigin {
  return printed
    ? { printId: uuidOf(bytes), classId: null }
    : { printId: null, classId: uuidOf(bytes) };
}

/** A code's signed body, or why it is refused: another QR code, or a signature that fails. */
function verified(
  text: string,
  key: string,
  kinds: Record<string, string>,
): { ok: true; prefix: string; body: Buffer } | { ok: false; reason: 'not_ours' | 'forged' } {
  const prefix = Object.keys(kinds).find((p) => text.startsWith(p));
  const tag = prefix === undefined ? undefined : kinds[prefix];
  if (prefix === undefined || tag === undefined) return { ok: false, reason: 'not_ours' };
  const raw = Buffer.from(text.slice(prefix.length), 'base64url');
  if (raw.length !== BODY_BYTES + MAC_BYTES) return { ok: false, reason: 'not_ours' };
  const body = raw.subarray(0, BODY_BYTES);
  if (!timingSafeEqual(sign(key, tag, body), raw.subarray(BODY_BYTES))) {
    return { ok: false, reason: 'forged' };
  }
  return { ok: true, prefix, body };
}

const SHEET_KINDS: Record<string, string> = {
  [PREFIX]: 'answer-sheet',
  [PRINT_PREFIX]: 'answer-sheet-print',
};

/** The signed text of a sheet's code (naming its printing when it has one). */
export function encodeSheetCode(code: TSheetCode, key: string): string {
  const body = Buffer.concat([
    originBytes(code),
    studentBytes(code.studentId, code.copy),
    uuidBytes(code.questionId),
    Buffer.from([
      Math.max(1, Math.min(255, code.page)),
      PAPERS.indexOf(code.paper) | (Math.max(0, Math.min(MAX_NUMBER, code.number)) << 2),
    ]),
  ]);
  const prefix = code.printId === null ? PREFIX : PRINT_PREFIX;
  const tag = SHEET_KINDS[prefix] ?? '';
  return prefix + Buffer.concat([body, sign(key, tag, body)]).toString('base64url');
}

export type TDecodedSheetCode =
  { ok: true; code: TSheetCode } | { ok: false; reason: 'not_ours' | 'forged' };

/** Reads a scanned code's text: `not_ours` for any other QR code, `forged` when the signature fails. */
export function decodeSheetCode(text: string, key: string): TDecodedSheetCode {
  const checked = verified(text, key, SHEET_KINDS);
  if (!checked.ok) return checked;
  const { body } = checked;
  const last = body[49] ?? 0;
  return {
    ok: true,
    code: {
      ...originOf(checked.prefix === PRINT_PREFIX, body.subarray(0, 16)),
      ...studentOf(body.subarray(16, 32)),
      questionId: uuidOf(body.subarray(32, 48)),
      page: body[48] ?? 1,
      paper: PAPERS[last & 3] ?? 'a4',
      number: last >> 2,
    },
  };
}

/**
 * The code printed on every page of a test booklet: which printing (or, printed before printings
 * were recorded, which class), student, booklet (the printed test, whose page layout the server
 * keeps) and page of it. Same size and signing as a sheet's code behind its own prefix ("STEM4:",
 * "STEM2:" naming the class); the reader finds each answer box of the page from the booklet's layout.
 */
export type TBookletCode = TCodeOrigin & {
  studentId: string;
  bookletId: string;
  /** 1-based page of the booklet. */
  page: number;
  paper: TPaper;
};

const BOOKLET_PREFIX = 'STEM2:';
const BOOKLET_PRINT_PREFIX = 'STEM4:';
const BOOKLET_KINDS: Record<string, string> = {
  [BOOKLET_PREFIX]: 'answer-booklet',
  [BOOKLET_PRINT_PREFIX]: 'answer-booklet-print',
};

export function encodeBookletCode(code: TBookletCode, key: string): string {
  const body = Buffer.concat([
    originBytes(code),
    uuidBytes(code.studentId),
    uuidBytes(code.bookletId),
    Buffer.from([Math.max(1, Math.min(255, code.page)), PAPERS.indexOf(code.paper)]),
  ]);
  const prefix = code.printId === null ? BOOKLET_PREFIX : BOOKLET_PRINT_PREFIX;
  const tag = BOOKLET_KINDS[prefix] ?? '';
  return prefix + Buffer.concat([body, sign(key, tag, body)]).toString('base64url');
}

export type TDecodedPageCode =
  | { ok: true; kind: 'sheet'; code: TSheetCode }
  | { ok: true; kind: 'booklet'; code: TBookletCode }
  | { ok: false; reason: 'not_ours' | 'forged' };

/** Reads a scanned code: a one-question sheet's or a booklet page's. */
export function decodePageCode(text: string, key: string): TDecodedPageCode {
  if (!Object.keys(BOOKLET_KINDS).some((p) => text.startsWith(p))) {
    const sheet = decodeSheetCode(text, key);
    return sheet.ok ? { ok: true, kind: 'sheet', code: sheet.code } : sheet;
  }
  const checked = verified(text, key, BOOKLET_KINDS);
  if (!checked.ok) return checked;
  const { body } = checked;
  return {
    ok: true,
    kind: 'booklet',
    code: {
      ...originOf(checked.prefix === BOOKLET_PRINT_PREFIX, body.subarray(0, 16)),
      studentId: uuidOf(body.subarray(16, 32)),
      bookletId: uuidOf(body.subarray(32, 48)),
      page: body[48] ?? 1,
      paper: PAPERS[(body[49] ?? 0) & 3] ?? 'a4',
    },
  };
}
