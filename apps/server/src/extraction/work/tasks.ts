import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { PDFPage } from 'pdf-lib';
import { detectFileType, ExtractionError, type TFileType } from '../file-type';
import { logoPng } from '../logo';
import {
  countImagePages,
  DEFAULT_MAX_PIXELS,
  DEFAULT_MAX_SIDE,
  normaliseImage,
  type TNormalised,
} from '../normalise';
import type { TPagePreparation } from '../ocr/port';
import { isEncryptedPdfError, openPdfPages, type TPageBudget, type TPdfPages } from '../pdf';
import { embeddedJpeg, openForImages } from '../sheets/page-image';
import type { TBookletLayout } from '../sheets/booklet-layout';
import {
  buildAnswerBooklets,
  buildAnswerSheets,
  type TBookletRequest,
  type TSheetRequest,
} from '../sheets/sheet-pdf';
import { prepareSheetPage, type TSheetPrepared } from '../sheets/read-sheet';

/**
 * The image work of text extraction, answer-sheet reading and logos, as tasks of plain data: the
 * server runs them in worker threads (adapters/image-work), never on its event loop; the CLI and
 * engine tests call them in process (inProcessWork). Nothing here touches a database or the network.
 */

/**
 * An uploaded file shared by the tasks reading its pages: its bytes sit in shared memory, so a page
 * task copies nothing, and a worker keeps the file's PDF open between pages (by `key`).
 */
export type TFileRef = { key: string; bytes: Uint8Array };

export function fileRef(bytes: Uint8Array): TFileRef {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return { key: randomUUID(), bytes: shared };
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/** Longest side a scanned PDF page is rendered at (about 145 dpi on A4: 6 px a code module). */
export const SCAN_RENDER_SIDE = 1700;

type TOpenFile = {
  pdf: Promise<TPdfPages>;
  /** pdf-lib's pages, for taking a scanner's page JPEG as it is (only for answer sheets). */
  images?: Promise<PDFPage[]>;
  timer?: NodeJS.Timeout;
};

/** Files kept open in this thread, most recent last; closed when idle or pushed out. */
const openFiles = new Map<string, TOpenFile>();
const KEEP_OPEN = 2;
const IDLE_MS = 20_000;

function closeFile(key: string) {
  const file = openFiles.get(key);
  if (!file) return;
  openFiles.delete(key);
  clearTimeout(file.timer);
  void file.pdf.then((pdf) => pdf.close()).catch(() => undefined);
}

function openFile(ref: TFileRef, maxPixels: number): TOpenFile {
  let file = openFiles.get(ref.key);
  if (!file) {
    file = { pdf: openPdfPages(asBuffer(ref.bytes), maxPixels) };
    // A failed open is not kept.
    file.pdf.catch(() => closeFile(ref.key));
    openFiles.set(ref.key, file);
    for (const key of openFiles.keys()) if (openFiles.size > KEEP_OPEN) closeFile(key);
  }
  clearTimeout(file.timer);
  file.timer = setTimeout(() => closeFile(ref.key), IDLE_MS);
  file.timer.unref();
  return file;
}

export type TScanFileInfo =
  | { ok: true; type: TFileType; pages: number }
  | { ok: false; reason: 'unsupported' | 'encrypted' | 'broken' };

export const TASKS = {
  /** Pages of an upload to read: a PDF's pages, a TIFF's frames, or 1. */
  async pageCount(input: { file: TFileRef; type: TFileType; maxPixels: number }) {
    if (input.type === 'pdf') return (await openFile(input.file, input.maxPixels).pdf).count;
    if (input.type === 'tiff') return countImagePages(asBuffer(input.file.bytes), input.maxPixels);
    return 1;
  },

  /** Page `index` (0-based) of an upload, drawn if a PDF and prepared for the OCR engine. */
  async ocrPage(input: {
    file: TFileRef;
    type: TFileType;
    index: number;
    maxPixels: number;
    budget: TPageBudget;
    deskew: boolean | undefined;
    preparation: TPagePreparation;
  }): Promise<TNormalised> {
    const image =
      input.type === 'pdf'
        ? await (
            await openFile(input.file, input.maxPixels).pdf
          ).render(input.index + 1, DEFAULT_MAX_SIDE, 'png', input.budget)
        : asBuffer(input.file.bytes);
    return normaliseImage(image, {
      maxPixels: input.maxPixels,
      page: input.type === 'tiff' ? input.index : undefined,
      deskew: input.deskew,
      ...input.preparation,
    });
  },

  /** A file of a stack of answer sheets: its type and pages, or why it cannot be read. */
  async scanFile(input: { file: TFileRef }): Promise<TScanFileInfo> {
    const bytes = asBuffer(input.file.bytes);
    const type = bytes.length > 0 ? detectFileType(bytes) : undefined;
    if (!type) return { ok: false, reason: 'unsupported' };
    try {
      if (type === 'pdf') {
        return {
          ok: true,
          type,
          pages: (await openFile(input.file, DEFAULT_MAX_PIXELS).pdf).count,
        };
      }
      if (type === 'tiff') {
        return { ok: true, type, pages: await countImagePages(bytes, DEFAULT_MAX_PIXELS) };
      }
      await sharp(bytes, { limitInputPixels: DEFAULT_MAX_PIXELS }).metadata();
      return { ok: true, type, pages: 1 };
    } catch (error) {
      if (type === 'pdf' && isEncryptedPdfError(error, bytes)) {
        return { ok: false, reason: 'encrypted' };
      }
      return { ok: false, reason: 'broken' };
    }
  },

  /** Page `index` of a stack's file: its code found and its boxes cut and prepared (no OCR). */
  async sheetPage(input: {
    file: TFileRef;
    type: TFileType;
    index: number;
    key: string;
    budget: TPageBudget;
    preparation: TPagePreparation;
    /** The layouts of the class's test booklets, by id: a booklet page's boxes are cut from them. */
    booklets?: Record<string, TBookletLayout>;
  }): Promise<TSheetPrepared> {
    const bytes = asBuffer(input.file.bytes);
    let image: Buffer;
    if (input.type === 'pdf') {
      const file = openFile(input.file, DEFAULT_MAX_PIXELS);
      file.images ??= openForImages(bytes).then((doc) => (doc ? doc.getPages() : []));
      const [pdf, fast] = await Promise.all([file.pdf, file.images]);
      const page = fast.length === pdf.count ? fast[input.index] : undefined;
      image =
        (page ? embeddedJpeg(page) : null) ??
        (await pdf.render(input.index + 1, SCAN_RENDER_SIDE, 'jpeg', input.budget));
    } else if (input.type === 'tiff') {
      image = await sharp(bytes, { page: input.index, limitInputPixels: DEFAULT_MAX_PIXELS })
        .png()
        .toBuffer();
    } else {
      image = bytes;
    }
    return prepareSheetPage(image, {
      key: input.key,
      maxPixels: DEFAULT_MAX_PIXELS,
      preparation: input.preparation,
      ...(input.booklets ? { booklets: input.booklets } : {}),
    });
  },

  /** A pack of one-question answer sheets as a PDF (a class's pack is seconds of drawing). */
  answerSheets: (input: TSheetRequest) => buildAnswerSheets(input),

  /** Test booklets as a PDF, with the layout they were printed with. */
  answerBooklets: (input: TBookletRequest) => buildAnswerBooklets(input),

  /** A JPEG, PNG or GIF school logo as a PNG (logo.ts; an SVG is drawn by svg-process.ts). */
  async logo(input: { bytes: Uint8Array; timeoutSeconds: number }) {
    return logoPng(input.bytes, { svg: false, timeoutSeconds: input.timeoutSeconds });
  },
};

export type TTasks = typeof TASKS;
export type TTaskName = keyof TTasks;
export type TTaskInput<N extends TTaskName> = Parameters<TTasks[N]>[0];
export type TTaskOutput<N extends TTaskName> = Awaited<ReturnType<TTasks[N]>>;

/** A task's own limit: printing a class's pack may take longer than a page's budget. */
export type TTaskOptions = { taskMs?: number };

/**
 * Runs the tasks above: in worker threads with a time budget and a memory limit on the server
 * (adapters/image-work/pool.ts), in this thread for the CLI and engine tests. Refusals are
 * ExtractionErrors either way; a task over its budget is `too-complex`, a full queue `busy`.
 */
export interface ImageWork {
  run<N extends TTaskName>(
    name: N,
    input: TTaskInput<N>,
    options?: TTaskOptions,
  ): Promise<TTaskOutput<N>>;
  close(): Promise<void>;
}

/** The tasks in this thread: for the CLI and engine tests, never for the server's requests. */
export const inProcessWork: ImageWork = {
  run: <N extends TTaskName>(name: N, input: TTaskInput<N>) =>
    (TASKS[name] as (input: TTaskInput<N>) => Promise<TTaskOutput<N>>)(input),
  close: async () => {
    for (const key of [...openFiles.keys()]) closeFile(key);
  },
};

/** A task's reply across the thread boundary: an ExtractionError keeps its kind and message. */
export type TTaskReply =
  { ok: true; value: unknown } | { ok: false; kind: ExtractionError['kind']; message: string };

export type TTaskRequest = { name: TTaskName; input: unknown };

/** The worker thread's side: runs one task and folds a refusal into the reply. */
export async function runTask(request: TTaskRequest): Promise<TTaskReply> {
  try {
    const task = TASKS[request.name] as (input: unknown) => Promise<unknown>;
    return { ok: true, value: await task(request.input) };
  } catch (error) {
    if (error instanceof ExtractionError) {
      return { ok: false, kind: error.kind, message: error.message };
    }
    throw error;
  }
}
