/**
 * The entry of PaddleOCR's threads (`paddle.ts`): one engine a thread, created before the thread
 * takes its first page. The engine's image work (opencv.js: resizing, the detection's boxes, the
 * crops) is JavaScript and held the server's event loop for over a second a page; here it holds only
 * this thread. Built to dist/paddle-worker.js by build.mjs; run from source under tsx.
 */

/** What @gutenye/ocr-node returns for one detected line (its typings say `any`). */
export type TPaddleLine = { text: string; mean: number };
type TPaddleEngine = { detect: (image: Buffer) => Promise<TPaddleLine[]> };

/** A page to read, or nothing: a health check that the engine started. */
export type TPaddleTask = { png: Uint8Array } | { ping: true };

async function start(): Promise<(task: TPaddleTask) => Promise<TPaddleLine[]>> {
  const { default: Ocr } = await import('@gutenye/ocr-node');
  // The package types the engine as `any`: narrowed to the one method used.
  const engine = (await Ocr.create({
    onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 },
  })) as TPaddleEngine;
  return async (task) => {
    if ('ping' in task) return [];
    const lines = await engine.detect(
      Buffer.from(task.png.buffer, task.png.byteOffset, task.png.byteLength),
    );
    // Plain objects: the reply crosses to the main thread by structured clone.
    return lines.map((l) => ({ text: String(l.text), mean: Number(l.mean) }));
  };
}

// The export is a promise of the handler: piscina waits for it before the thread takes a page, so
// loading the models is never charged to a page.
export default start();
