import { UPLOAD_MAX_BYTES } from '@stem/contract/limits';
import { checkUpload, ExtractionError, type TFileType } from './file-type';
import { countImagePages, DEFAULT_MAX_PIXELS, normaliseImage } from './normalise';
import type { OcrPort, TOcrResult } from './ocr/port';
import { DEFAULT_MAX_PAGES, renderPdfPages } from './pdf';

export type TExtractOptions = {
  ocr: OcrPort;
  /** Largest file accepted (default UPLOAD_MAX_BYTES, 10 MB). */
  maxBytes?: number;
  /** Most pages of a PDF or multi-page TIFF (default 10). */
  maxPages?: number;
  /** Most pixels of a decoded image (default 40 MP). */
  maxPixels?: number;
  /** Straighten tilted pages (default on). */
  deskew?: boolean;
  /** Overall progress 0..1 over all pages. */
  onProgress?: (progress: number) => void;
};

export type TExtractResult = {
  /** The pages' text joined by a blank line. */
  text: string;
  pages: number;
  type: TFileType;
  /** Mean OCR confidence 0..100 over the pages, when the engine gives one. */
  confidence: number | undefined;
  ms: number;
};

/**
 * Reads the text of an uploaded JPEG, PNG, TIFF or PDF. The type is decided from the bytes; PDF and
 * multi-page TIFF pages are read in order. Everything happens in memory: the file and its pages are
 * never written to disk, database or log, and are dropped when this returns. Refusals are
 * ExtractionErrors (unsupported 415, too large 413, damaged or over a page/pixel limit 422); an
 * engine failure is an OcrError.
 */
export async function extractText(
  bytes: Buffer,
  options: TExtractOptions,
): Promise<TExtractResult> {
  const started = performance.now();
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const type = checkUpload(bytes, options.maxBytes ?? UPLOAD_MAX_BYTES);

  const pageImages = await pagesOf(bytes, type, maxPages, maxPixels);
  const progress = new Array<number>(pageImages.length).fill(0);
  const report = () =>
    options.onProgress?.(progress.reduce((sum, p) => sum + p, 0) / progress.length);

  // Each page is normalised then queued for OCR at once, so normalising the next page overlaps
  // with recognising this one (the OCR pool reads several pages at a time).
  const reads: Promise<TOcrResult>[] = [];
  for (const [index, image] of pageImages.entries()) {
    const page = await normaliseImage(image.bytes, {
      maxPixels,
      page: image.page,
      deskew: options.deskew,
      style: options.ocr.imageStyle,
      xHeight: options.ocr.xHeight,
      compress: options.ocr.name === 'textract' || options.ocr.name === 'vision',
    });
    const read = options.ocr.recognize(page.png, {
      onProgress: (p) => {
        progress[index] = p;
        report();
      },
    });
    // Keep a rejected read from being reported as unhandled before it is awaited below.
    read.catch(() => undefined);
    reads.push(read);
  }
  const results = await Promise.all(reads);
  const confidences = results.flatMap((r) => (r.confidence === undefined ? [] : [r.confidence]));
  return {
    text: results
      .map((r) => r.text.trim())
      .filter((t) => t.length > 0)
      .join('\n\n'),
    pages: results.length,
    type,
    confidence:
      confidences.length > 0
        ? confidences.reduce((sum, c) => sum + c, 0) / confidences.length
        : undefined,
    ms: Math.round(performance.now() - started),
  };
}

type TPageImage = { bytes: Buffer; page: number | undefined };

async function pagesOf(
  bytes: Buffer,
  type: TFileType,
  maxPages: number,
  maxPixels: number,
): Promise<TPageImage[]> {
  if (type === 'pdf') {
    const rendered = await renderPdfPages(bytes, { maxPages, maxImagePixels: maxPixels });
    return rendered.map((png) => ({ bytes: png, page: undefined }));
  }
  if (type === 'tiff') {
    const count = await countImagePages(bytes, maxPixels);
    if (count > maxPages) throw ExtractionError.tooManyPages(maxPages);
    return Array.from({ length: count }, (_, page) => ({ bytes, page }));
  }
  return [{ bytes, page: undefined }];
}
