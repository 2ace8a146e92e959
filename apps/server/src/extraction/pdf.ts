import { createRequire } from 'node:module';
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import path from 'node:path';
import { ExtractionError } from './file-type';
import { DEFAULT_MAX_PIXELS, DEFAULT_MAX_SIDE } from './normalise';

/** A PDF longer than this is refused (OCR_MAX_PDF_PAGES overrides it). */
export const DEFAULT_MAX_PAGES = 10;

/**
 * What drawing one page may cost (issue 26: a 5 KB PDF of 100,000 compressed drawing operations
 * took a minute). A page over it is refused as too complex (ExtractionError `too-complex`, 422).
 */
export type TPageBudget = {
  /** Wall time of drawing the page, checked each time pdf.js pauses (about every 15 ms of drawing). */
  ms: number;
  /** Drawing operations of the page at most (entries of pdf.js's operator list). */
  maxOperators: number;
};

/**
 * A typed page is a few hundred operations, a scanned one a handful, a page of pen strokes from a
 * tablet a few thousand; 5 s draws any of them many times over on this kind of machine.
 */
export const DEFAULT_PAGE_BUDGET: TPageBudget = { ms: 5_000, maxOperators: 30_000 };

export type TPdfOptions = {
  maxPages?: number;
  /** Longest side of each rendered page, in pixels. */
  maxSide?: number;
  /** Largest image embedded in the PDF that is drawn (larger ones are skipped, not decoded). */
  maxImagePixels?: number;
  /** What drawing each page may cost (default DEFAULT_PAGE_BUDGET). */
  budget?: TPageBudget;
};

type TPdfjs = typeof Pdfjs;
let pdfjs: Promise<TPdfjs> | undefined;
/** pdf.js is large: loaded on the first PDF only (or up front by a worker thread, work/worker.ts). */
export const loadPdfjs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** pdf.js's own data folders, read from the installed package (never fetched). */
function pdfjsAssets() {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const folder = (name: string) => path.join(root, name) + path.sep;
  return {
    standardFontDataUrl: folder('standard_fonts'),
    cMapUrl: folder('cmaps'),
    wasmUrl: folder('wasm'),
    iccUrl: folder('iccs'),
  };
}

/** The number of pages of a PDF (throws `unreadable` for a damaged file). */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  const doc = await openPdf(bytes, DEFAULT_MAX_PIXELS);
  try {
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

/**
 * Renders every page of a PDF to a PNG in memory (white background, longest side `maxSide`), with
 * pdf.js and @napi-rs/canvas: no fonts fetched, no script evaluated, nothing written to disk.
 * Pages are rendered one at a time, so only one page's pixels are held besides the results.
 * A PDF with more than `maxPages` pages is refused (`too-many-pages`), a damaged one `unreadable`.
 * Rendering every page (rather than reading a text layer) keeps handwriting on a printed worksheet.
 */
export async function renderPdfPages(bytes: Uint8Array, options: TPdfOptions = {}) {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const maxSide = options.maxSide ?? DEFAULT_MAX_SIDE;
  const doc = await openPdf(bytes, options.maxImagePixels ?? DEFAULT_MAX_PIXELS);
  try {
    if (doc.numPages > maxPages) throw ExtractionError.tooManyPages(maxPages);
    const pages: Buffer[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      pages.push(await renderPage(doc, number, maxSide, 'png', options.budget));
    }
    return pages;
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw ExtractionError.unreadable(error);
  } finally {
    await doc.destroy();
  }
}

type TPdfDocument = Awaited<ReturnType<TPdfjs['getDocument']>['promise']>;

async function openPdf(bytes: Uint8Array, maxImagePixels: number): Promise<TPdfDocument> {
  const { getDocument } = await loadPdfjs();
  // pdf.js takes ownership of (detaches) the array it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    ...pdfjsAssets(),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    stopAtErrors: false,
    maxImageSize: maxImagePixels,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw ExtractionError.unreadable(error);
  }
}

type TRenderParameters = Parameters<Awaited<ReturnType<TPdfDocument['getPage']>>['render']>[0];
type TCanvasPair = {
  canvas: {
    width: number;
    height: number;
    toBuffer(mime: 'image/png'): Buffer;
    toBuffer(mime: 'image/jpeg', quality?: number): Buffer;
  };
  context: NonNullable<TRenderParameters['canvasContext']>;
};
type TCanvasFactory = {
  create(width: number, height: number): TCanvasPair;
  destroy(pair: TCanvasPair): void;
};

async function renderPage(
  doc: TPdfDocument,
  number: number,
  maxSide: number,
  format: 'png' | 'jpeg' = 'png',
  budget: TPageBudget = DEFAULT_PAGE_BUDGET,
): Promise<Buffer> {
  const started = performance.now();
  const page = await doc.getPage(number);
  try {
    const base = page.getViewport({ scale: 1 });
    const scale = maxSide / Math.max(base.width, base.height, 1);
    const viewport = page.getViewport({ scale });
    // The document's own factory: the canvas module pdf.js was built against (@napi-rs/canvas).
    const factory = doc.canvasFactory as TCanvasFactory;
    const pair = factory.create(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
    try {
      pair.context.fillStyle = '#ffffff';
      pair.context.fillRect(0, 0, pair.canvas.width, pair.canvas.height);
      // The budget is kept by pdf.js's own hooks: each operation passes the filter (counted), and
      // drawing pauses every ~15 ms to ask whether to go on (timed). Over either, the task is
      // cancelled, which also stops pdf.js building the rest of the page's operator list.
      let over: 'operators' | 'time' | undefined;
      const task = page.render({
        canvasContext: pair.context,
        canvas: pair.canvas as unknown as TRenderParameters['canvas'],
        viewport,
        operationsFilter: (index: number) => {
          if (over !== undefined) return false;
          if (index >= budget.maxOperators) over = 'operators';
          // The clock is read every 256 operations too, not only at pauses.
          else if ((index & 255) === 0 && performance.now() - started > budget.ms) over = 'time';
          else return true;
          task.cancel();
          return false;
        },
      });
      task.onContinue = (next: () => void) => {
        if (performance.now() - started > budget.ms) {
          over = 'time';
          task.cancel();
          return;
        }
        next();
      };
      try {
        await task.promise;
      } catch (error) {
        if (over !== undefined)
          throw ExtractionError.tooComplex(new Error(`page ${number}: ${over}`));
        throw error;
      }
      // JPEG encodes a scanned page several times faster than PNG; the reader tolerates its loss.
      return format === 'jpeg'
        ? pair.canvas.toBuffer('image/jpeg', 92)
        : pair.canvas.toBuffer('image/png');
    } finally {
      factory.destroy(pair);
    }
  } finally {
    page.cleanup();
  }
}

/** A PDF opened to render its pages one at a time (a long scan never sits in memory as pixels). */
export type TPdfPages = {
  count: number;
  /** Renders page `number` (1-based) to a PNG (or JPEG), longest side `maxSide`, within `budget`. */
  render(
    number: number,
    maxSide: number,
    format?: 'png' | 'jpeg',
    budget?: TPageBudget,
  ): Promise<Buffer>;
  close(): Promise<void>;
};

/** Whether a PDF that failed to open is protected by a password (pdf.js's PasswordException). */
export function isEncryptedPdfError(error: unknown, bytes: Uint8Array): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && cause.name === 'PasswordException') return true;
  // A damaged encryption dictionary fails differently: the trailer still names it.
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 4096))).toString('latin1');
  return /\/Encrypt\s/.test(tail);
}

/**
 * Opens a PDF for page-by-page rendering. Throws `unreadable` (check isEncryptedPdfError for a
 * password-protected file); rendering a damaged page throws `unreadable` too.
 */
export async function openPdfPages(
  bytes: Uint8Array,
  maxImagePixels = DEFAULT_MAX_PIXELS,
): Promise<TPdfPages> {
  const doc = await openPdf(bytes, maxImagePixels);
  return {
    count: doc.numPages,
    render: async (number, maxSide, format, budget) => {
      try {
        return await renderPage(doc, number, maxSide, format, budget);
      } catch (error) {
        if (error instanceof ExtractionError) throw error;
        throw ExtractionError.unreadable(error);
      }
    },
    close: () => doc.destroy(),
  };
}
