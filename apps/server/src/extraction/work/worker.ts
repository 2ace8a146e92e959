import { parentPort } from 'node:worker_threads';
import { loadPdfjs } from '../pdf';
import { isPdfjsCancelNoise } from '../pdf-cancel-noise';
import { runTask, type TTaskReply, type TTaskRequest } from './tasks';

/**
 * The entry of the image-work threads (piscina): nothing but the extraction engine is loaded here.
 * It tells the pool when it starts a task, so the task's time budget counts from then, not from
 * when it was queued. Built to dist/image-worker.js by build.mjs; run from source under tsx.
 */
function run(request: TTaskRequest & { id: string }): Promise<TTaskReply> {
  parentPort?.postMessage({ started: request.id });
  return runTask(request);
}

// A page stopped over its budget leaves pdf.js's one dangling rejection (pdf-cancel-noise.ts); any
// other unhandled rejection still ends the thread, as Node does by default.
process.on('unhandledRejection', (reason) => {
  if (isPdfjsCancelNoise(reason)) return;
  throw reason;
});

// The export is a promise of the handler: piscina waits for it before the thread takes tasks, so
// loading pdf.js (10 s on a loaded machine) is never charged to a task's time budget.
export default loadPdfjs().then(() => run);
