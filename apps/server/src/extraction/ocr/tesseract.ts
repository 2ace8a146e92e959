import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { OcrError, plainPunctuation, tidyLines, type OcrPort, type TOcrOptions } from './port';

export type TOcrLogger = {
  debug: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

export type TTesseractOptions = {
  /** Workers kept warm; default one per core. */
  workers?: number;
  logger?: TOcrLogger;
  /**
   * Folder holding eng.traineddata(.gz). Default: the LSTM model shipped by @tesseract.js-data/eng
   * (4.0.0_best_int), so nothing is fetched from the network.
   */
  langPath?: string;
  /** Whether the model file is gzipped (true for the npm model). */
  gzip?: boolean;
  /** Page segmentation mode; default 6 (one uniform block of text: measured best). */
  pageSegMode?: string;
};

/**
 * The model from npm. tesseract.js fetches the model from a CDN when langPath is a URL and hangs
 * forever offline; with a local path, gzip and cacheMethod 'none' it reads the file and writes none.
 */
export function bundledModelPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
    '4.0.0_best_int',
  );
}

type TPool = { scheduler: Tesseract.Scheduler; workers: number };

/**
 * Local OCR with tesseract.js (WebAssembly, LSTM engine). A pool of workers, one per core, is created
 * on first use (or by `health()`) and kept warm; pages queue on the scheduler. Progress of each page
 * is forwarded to its caller. No network, no files written.
 */
export function createTesseractOcr(options: TTesseractOptions = {}): OcrPort & {
  readonly workers: number;
} {
  const workers = Math.max(1, options.workers ?? os.availableParallelism());
  const langPath = options.langPath ?? bundledModelPath();
  const gzip = options.gzip ?? options.langPath === undefined;
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
    imageStyle: 'enhanced',
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
