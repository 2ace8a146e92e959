import imageCompression, { type Options } from 'browser-image-compression';
import { UPLOAD_MAX_BYTES } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  ROOT_PATHS,
  ZCleanupResponse,
  ZStudentExtractResponse,
  ZTeacherExtractResponse,
} from '@stem/contract/submissions';
import { api, isNoResponse, serverMessageOf, statusOf } from './http';

/**
 * Image compression before extraction (spec 01 §9, spec 02 §9): at most 9.5 MB, longest side
 * 2048 px, initial quality 0.8; a result above 9,961,472 bytes is compressed again to at most 5 MB
 * at quality 0.7.
 */
export const FIRST_PASS: Readonly<Options> = {
  maxSizeMB: 9.5,
  maxWidthOrHeight: 2048,
  initialQuality: 0.8,
};
export const SECOND_PASS: Readonly<Options> = {
  maxSizeMB: 5,
  maxWidthOrHeight: 2048,
  initialQuality: 0.7,
};
export const RECOMPRESS_ABOVE_BYTES = 9_961_472;

/**
 * The options of the next compression pass: the first pass when nothing was compressed yet, the
 * second when the first result is still above 9,961,472 bytes, and null when the result is done.
 * The library must not fetch its web worker from a CDN (nothing may need the internet, and the CSP
 * forbids it), so it runs on the page.
 */
export function nextCompressionPass(previousResultBytes: number | null): Options | null {
  if (previousResultBytes === null) return { ...FIRST_PASS, useWebWorker: false };
  if (previousResultBytes > RECOMPRESS_ABOVE_BYTES) return { ...SECOND_PASS, useWebWorker: false };
  return null;
}

/** Upload types the spec allows (spec 02 §5): JPEG/JPG, PNG, TIFF, PDF. */
const ALLOWED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/tiff', 'application/pdf'];
const ALLOWED_EXTENSIONS = ['jpeg', 'jpg', 'png', 'tif', 'tiff', 'pdf'];
/** The `accept` attribute of upload pickers. */
export const UPLOAD_ACCEPT = [...ALLOWED_TYPES, ...ALLOWED_EXTENSIONS.map((e) => `.${e}`)].join(
  ',',
);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True for JPEG, PNG, TIFF and PDF files, by type or, when the browser gives none, by extension. */
export function isAllowedUpload(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return ALLOWED_TYPES.includes(file.type.toLowerCase());
  return ALLOWED_EXTENSIONS.includes(extensionOf(file.name));
}

export function isPdf(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type === 'application/pdf' || extensionOf(file.name) === 'pdf';
}

/** Browsers can draw JPEG and PNG on a canvas; TIFF and PDF are sent as they are. */
export function isCompressible(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (type) return type === 'image/jpeg' || type === 'image/jpg' || type === 'image/png';
  return ['jpeg', 'jpg', 'png'].includes(extensionOf(file.name));
}

/** Browsers can show JPEG and PNG previews; TIFF and PDF get an icon and the file name. */
export const canPreview = isCompressible;

type TCompress = (file: File, options: Options) => Promise<File>;

/** Compresses a photo with the spec's numbers; other files are returned unchanged. */
export async function compressForUpload(
  file: File,
  compress: TCompress = imageCompression,
): Promise<File> {
  if (!isCompressible(file)) return file;
  let result = file;
  let resultBytes: number | null = null;
  for (
    let options = nextCompressionPass(null);
    options;
    options = nextCompressionPass(resultBytes)
  ) {
    result = await compress(result, options);
    resultBytes = result.size;
  }
  return result;
}

/** The file's bytes as base64 without the "data:...;base64," prefix (the student route's format). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** The steps of turning a photo into text, shown to the user while they run. */
export type TExtractionStage = 'compressing' | 'reading' | 'tidying';

/** A failure worded for the user (the spec's message, or the server's for a refused file). */
export class ExtractionError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'ExtractionError';
  }
}

/** Refusals of the file itself, whose message says more than the generic text. */
const FILE_REFUSALS = [400, 413, 415, 422, 429];

/** The server's reason when it refused the file (too large, wrong type, no text, too many tries). */
function refusalMessage(error: unknown): string | undefined {
  const status = statusOf(error);
  return status !== undefined && FILE_REFUSALS.includes(status)
    ? serverMessageOf(error)
    : undefined;
}

/**
 * Tidies OCR damage through /api/claude/cleanup-text. If cleanup fails the raw text is used
 * (spec 02 §4), so this never throws.
 */
export async function cleanupText(text: string): Promise<string> {
  if (!text.trim()) return text;
  try {
    const parsed = ZCleanupResponse.safeParse(await api.rawPost(ROOT_PATHS.cleanupText, { text }));
    return parsed.success && parsed.data.data.cleanedText.trim()
      ? parsed.data.data.cleanedText
      : text;
  } catch (error) {
    console.error(error);
    return text;
  }
}

type TOnStage = (stage: TExtractionStage) => void;

/**
 * The student's photo or upload to text (spec 02 §4 Student answering): compress, send as base64
 * to the student image-to-text route, then clean. Failures throw an ExtractionError worded
 * "Failed to process image. Please try again." (or the server's refusal of the file).
 */
/**
 * Extracted text and the OCR engine's mean confidence (0..100) when the reply gave one: the answer is
 * sent with it, so only text the engine read poorly is told it "could not be read" (issue 17).
 */
export type TExtracted = { text: string; confidence: number | undefined };

export async function extractStudentAnswer(
  file: File,
  onStage: TOnStage = () => {},
): Promise<TExtracted> {
  try {
    onStage('compressing');
    const compressed = await compressForUpload(file);
    if (compressed.size > UPLOAD_MAX_BYTES) throw new ExtractionError(MESSAGES.upload.tooLarge);
    onStage('reading');
    const image = await fileToBase64(compressed);
    const parsed = ZStudentExtractResponse.safeParse(
      await api.rawPost(ROOT_PATHS.studentExtractText, { image }),
    );
    if (!parsed.success) throw new Error('unexpected extraction reply');
    // A blank page or a blurred photo: say so, and leave what is in the answer box as it was.
    if (!parsed.data.data.formData.trim()) {
      throw new ExtractionError(MESSAGES.imageCapture.noTextFound);
    }
    onStage('tidying');
    return {
      text: await cleanupText(parsed.data.data.formData),
      confidence: parsed.data.data.confidence,
    };
  } catch (error) {
    console.error(error);
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(
      refusalMessage(error) ?? MESSAGES.submissions.processImageFailed,
      error,
    );
  }
}

/**
 * The teacher's upload to text (spec 02 §4 Teacher upload): compress, send multipart `file` to the
 * teacher extraction route, then clean. Messages: "Error processing image. Please try again." when
 * the file cannot be prepared or sent, "Failed to extract text from image" when the server says no,
 * "Text extraction failed" when it finds no text.
 */
export async function extractTeacherUpload(
  file: File,
  onStage: TOnStage = () => {},
): Promise<TExtracted> {
  let compressed: File;
  try {
    onStage('compressing');
    compressed = await compressForUpload(file);
  } catch (error) {
    console.error(error);
    throw new ExtractionError(MESSAGES.upload.processingError, error);
  }
  // Refused here rather than after sending 10 MB over a school's connection.
  if (compressed.size > UPLOAD_MAX_BYTES) throw new ExtractionError(MESSAGES.upload.tooLarge);
  onStage('reading');
  let reply: unknown;
  try {
    const form = new FormData();
    form.append('file', compressed, compressed.name || file.name);
    reply = await api.rawPost(ROOT_PATHS.teacherExtractText, form);
  } catch (error) {
    console.error(error);
    const refused = refusalMessage(error);
    if (refused) throw new ExtractionError(refused, error);
    if (isNoResponse(error) || statusOf(error) === undefined) {
      throw new ExtractionError(MESSAGES.upload.processingError, error);
    }
    throw new ExtractionError(MESSAGES.upload.extractFailed, error);
  }
  const parsed = ZTeacherExtractResponse.safeParse(reply);
  if (!parsed.success) throw new ExtractionError(MESSAGES.upload.extractFailed);
  if (!parsed.data.data.extractedText.trim()) {
    throw new ExtractionError(MESSAGES.upload.extractionFailed);
  }
  onStage('tidying');
  return {
    text: await cleanupText(parsed.data.data.extractedText),
    confidence: parsed.data.data.confidence,
  };
}
