import { parentPort } from 'node:worker_threads';
import { runTask, type TTaskReply, type TTaskRequest } from './tasks';

/**
 * The entry of the image-work threads (piscina): nothing but the extraction engine is loaded here.
 * It tells the pool when it starts a task, so the task's time budget counts from then, not from
 * when it was queued. Built to dist/image-worker.js by build.mjs; run from source under tsx.
 */
export default function run(request: TTaskRequest & { id: string }): Promise<TTaskReply> {
  parentPort?.postMessage({ started: request.id });
  return runTask(request);
}
