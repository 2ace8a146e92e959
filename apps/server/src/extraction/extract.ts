import { UPLOAD_MAX_BYTES } from '@stem/contract/limits';
import { checkUpload, ExtractionError, type TFileType } from './file-type';
import { DEFAULT_MAX_PIXELS } from './normalise';
import { pagePreparation, type OcrPort, type TOcrResult } from './ocr/port';
import { DEFAULT_MAX_PAGES, DEFAULT_PAGE_BUDGET, type TPageBudget } from './pdf';
import { fileRef, inProcessWork, type ImageWork } from './work/tasks';

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
  /** What drawing one page of a PDF may cost (default DEFAULT_PAGE_BUDGET). */
  pageBudget?: TPageBudget;
  /**
   * Where pages are drawn and prepared: the server's worker threads; by default this thread (the
   * CLI and engine tests).
   */
  work?: ImageWork;
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

  const work = options.work ?? inProcessWork;
  const file = fileRef(bytes);
  const count = await work.run('pageCount', { file, type, maxPixels });
  if (count > maxPages) throw ExtractionError.tooManyPages(maxPages);
  const progress = new Array<number>(count).fill(0);
  const report = () =>
    options.onProgress?.(progress.reduce((sum, p) => sum + p, 0) / progress.length);

  // Each page is drawn and prepared (in a worker thread on the server) then queued for OCR at
  // once, so preparing the next page overlaps with recognising this one.
  const reads: Promise<TOcrResult>[] = [];
  for (let index = 0; index < count; index++) {
    const page = await work.run('ocrPage', {
      file,
      type,
      index,
      maxPixels,
      budget: options.pageBudget ?? DEFAULT_PAGE_BUDGET,
      deskew: options.deskew,
      preparation: pagePreparation(options.ocr),
    });
    const png = Buffer.from(page.png.buffer, page.png.byteOffset, page.png.byteLength);
    const read = options.ocr.recognize(png, {
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
