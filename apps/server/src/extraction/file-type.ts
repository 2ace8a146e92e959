import { ERROR_CODES, type TErrorCode } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';

/** The upload types of spec 02 §5 (JPEG/JPG, PNG, TIFF, PDF), decided from the bytes. */
export type TFileType = 'jpeg' | 'png' | 'tiff' | 'pdf';

export const MEDIA_TYPES: Record<TFileType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * Detects the type from the file's magic bytes; the name and the declared media type are ignored
 * (a PNG renamed .pdf is a PNG). Undefined for anything else (GIF, WebP, HEIC, text...).
 */
export function detectFileType(bytes: Uint8Array): TFileType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // Classic TIFF, little-endian "II*\0" or big-endian "MM\0*" (BigTIFF, 43, is rare and refused).
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return 'tiff';
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // "%PDF-"
  return undefined;
}

export type TExtractionErrorKind =
  | 'empty'
  | 'unsupported'
  | 'too-large'
  | 'too-many-pixels'
  | 'too-many-pages'
  | 'unreadable'
  | 'too-complex'
  | 'busy';

const CODE_OF: Record<TExtractionErrorKind, TErrorCode> = {
  empty: 'BAD_REQUEST',
  unsupported: 'UNSUPPORTED_MEDIA_TYPE',
  'too-large': 'PAYLOAD_TOO_LARGE',
  'too-many-pixels': 'UNPROCESSABLE',
  'too-many-pages': 'UNPROCESSABLE',
  unreadable: 'UNPROCESSABLE',
  'too-complex': 'UNPROCESSABLE',
  busy: 'UNAVAILABLE',
};

/**
 * Why a file cannot be read. `message` is user-facing (from MESSAGES); `code`/`status` say how the
 * HTTP layer answers (415 unsupported, 413 too large, 422 damaged, over a limit or over the drawing
 * budget, 400 empty, 503 when every file reader is busy).
 */
export class ExtractionError extends Error {
  readonly kind: TExtractionErrorKind;
  readonly code: TErrorCode;
  readonly status: number;

  constructor(kind: TExtractionErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ExtractionError';
    this.kind = kind;
    this.code = CODE_OF[kind];
    this.status = ERROR_CODES[this.code];
  }

  static unsupported() {
    return new ExtractionError('unsupported', MESSAGES.upload.unsupportedType);
  }
  static tooLarge(maxBytes: number) {
    const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
    return new ExtractionError('too-large', MESSAGES.extraction.tooLarge(mb));
  }
  static tooManyPixels(maxPixels: number, cause?: unknown) {
    const mp = Math.round(maxPixels / 1_000_000);
    return new ExtractionError('too-many-pixels', MESSAGES.extraction.tooManyPixels(mp), { cause });
  }
  static tooManyPages(maxPages: number) {
    return new ExtractionError('too-many-pages', MESSAGES.extraction.tooManyPages(maxPages));
  }
  static unreadable(cause?: unknown) {
    return new ExtractionError('unreadable', MESSAGES.extraction.unreadable, { cause });
  }
  /** A page over its drawing budget: time, operations or memory (work/budget.ts). */
  static tooComplex(cause?: unknown) {
    return new ExtractionError('too-complex', MESSAGES.extraction.tooComplex, { cause });
  }
  static busy() {
    return new ExtractionError('busy', MESSAGES.extraction.busy);
  }
}

/** Refuses empty, oversize and unsupported files before any decoding; returns the detected type. */
export function checkUpload(bytes: Uint8Array, maxBytes: number): TFileType {
  if (bytes.length === 0) throw new ExtractionError('empty', MESSAGES.extraction.emptyFile);
  if (bytes.length > maxBytes) throw ExtractionError.tooLarge(maxBytes);
  const type = detectFileType(bytes);
  if (type === undefined) throw ExtractionError.unsupported();
  return type;
}
