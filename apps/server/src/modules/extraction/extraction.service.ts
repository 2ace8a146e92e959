import { MESSAGES } from '@stem/contract/messages';
import { UPLOAD_MAX_BYTES } from '@stem/contract/limits';
import { stripUnstorableCharacters } from '@stem/contract/text';
import type { TAppContext } from '../../context';
import { extractText } from '../../extraction/extract';
import { ExtractionError } from '../../extraction/file-type';
import { OcrError } from '../../extraction/ocr/port';
import { AppError } from '../../lib/app-error';
import { cleanupText } from '../cleanup/cleanup.service';

export type TExtracted = {
  text: string;
  pages: number;
  /** Mean OCR confidence 0..100, when the engine gives one (none for text read from a PDF's text). */
  confidence?: number;
};

/**
 * The reply for a file that cannot be read: the extraction layer already chose the code (415
 * unsupported, 413 too large, 422 damaged, over a limit or too complex to draw, 400 empty, 503 when
 * every file reader is busy) and the user-facing message.
 */
function refusalOf(error: ExtractionError): AppError {
  return new AppError(error.code, error.message, { field: 'file' });
}

/**
 * Reads the text of an uploaded image or PDF. The bytes stay in memory (never written to disk or the
 * database) and are dropped when this returns; the type is decided from the bytes, not the name.
 * Neither the file nor its text is logged above debug level.
 */
export async function extractUpload(ctx: TAppContext, bytes: Buffer): Promise<TExtracted> {
  try {
    const result = await extractText(bytes, {
      ocr: ctx.ocr,
      maxBytes: UPLOAD_MAX_BYTES,
      maxPages: ctx.config.ocr.maxPdfPages,
      pageBudget: ctx.config.imageWork.pageBudget,
      work: ctx.imageWork,
    });
    ctx.logger.debug(
      { bytes: bytes.length, type: result.type, pages: result.pages, ms: result.ms },
      'text extracted',
    );
    // OCR engines can read noise as control characters: they cannot be stored, so they go.
    return {
      text: stripUnstorableCharacters(result.text),
      pages: result.pages,
      ...(result.confidence === undefined
        ? {}
        : { confidence: Math.round(Math.min(100, Math.max(0, result.confidence)) * 10) / 10 }),
    };
  } catch (error) {
    if (error instanceof ExtractionError) throw refusalOf(error);
    if (error instanceof OcrError) {
      ctx.logger.warn({ err: error, kind: error.kind }, 'OCR engine failed');
      throw new AppError('UNAVAILABLE', MESSAGES.upload.extractFailed);
    }
    throw error;
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The student's image arrives as base64 text (spec 02 §7: "no prefix"; a data-URL prefix is
 * tolerated). 400 when it is not base64.
 */
export function decodeBase64Image(image: string): Buffer {
  const body = image.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 === 1 || !BASE64.test(body)) {
    throw new AppError('VALIDATION', MESSAGES.upload.invalidImage, { field: 'image' });
  }
  return Buffer.from(body, 'base64');
}

/**
 * Cleans extracted text. If cleanup fails for any reason the raw text is used (spec 02 §4), and the
 * reply says so with engine "none".
 */
export async function cleanExtractedText(
  ctx: TAppContext,
  text: string,
): Promise<{ cleanedText: string; engine: string }> {
  try {
    const result = await cleanupText(text, ctx.ai);
    return { cleanedText: stripUnstorableCharacters(result.cleanedText), engine: result.engine };
  } catch (err) {
    ctx.logger.warn({ err }, 'text cleanup failed; the raw text is used');
    return { cleanedText: text, engine: 'none' };
  }
}
