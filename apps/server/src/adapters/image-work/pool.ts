import { randomUUID } from 'node:crypto';
import { Piscina } from 'piscina';
import { ExtractionError } from '../../extraction/file-type';
import { scriptEntry } from '../../extraction/work/entry';
import type {
  ImageWork,
  TTaskInput,
  TTaskName,
  TTaskOptions,
  TTaskOutput,
  TTaskReply,
  TTaskRequest,
} from '../../extraction/work/tasks';

export type TImageWorkOptions = {
  /** Worker threads (each works on one page at a time). */
  threads: number;
  /**
   * Wall time one task may run once a thread has started it; past it the thread is stopped (and
   * replaced) and the file refused as too complex. Drawing a page stops itself at the page budget
   * before this; this is the backstop for work pdf.js or libvips cannot pause in.
   */
  taskMs: number;
  /** Tasks of requests waiting for a thread at most; more are refused as busy (503). */
  maxQueue: number;
  /** Heap limit of each thread, MB: a page that needs more stops its thread and is refused. */
  memoryMb: number;
  /** Threads started at once and kept; otherwise started on demand and ended after a minute idle. */
  warm?: boolean;
};

/** The start signal a worker thread sends as it takes a task (work/worker.ts). */
type TStarted = { started: string };
const isStarted = (message: unknown): message is TStarted =>
  typeof message === 'object' && message !== null && 'started' in message;

/**
 * Image work (PDF drawing, image preparation, logos) in a pool of worker threads (piscina), so the
 * event loop keeps answering while a hostile file is drawn: each task has a time budget counted
 * from when a thread starts it, each thread a heap limit, and the waiting line a bound.
 */
export function createImageWorkPool(options: TImageWorkOptions): ImageWork & {
  /** Tasks queued or running (tests and the bench wait on it). */
  readonly pending: number;
} {
  // dist/main.js and dist/worker.js (the bundles) sit beside dist/image-worker.js.
  const entry = scriptEntry(import.meta.url, {
    relative: '../../extraction/work/worker.ts',
    built: 'image-worker',
  });
  const pool = new Piscina<TTaskRequest & { id: string }, TTaskReply>({
    filename: entry.file,
    execArgv: entry.execArgv,
    // Kept warm (a thread starting pdf.js took 10 s on a loaded machine), and replaced at once
    // when one is stopped over its budget.
    minThreads: options.warm === false ? 0 : options.threads,
    maxThreads: options.threads,
    idleTimeout: options.warm === false ? 60_000 : 0,
    // Threads wait for tasks on their event loop, so a thread's idle timers (closing a file) run.
    atomics: 'disabled',
    resourceLimits: {
      maxOldGenerationSizeMb: options.memoryMb,
      maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(options.memoryMb / 8))),
    },
  });
  // A thread that fails to start or dies outside a task is replaced by piscina; unheard, the
  // pool's 'error' event would end the process.
  pool.on('error', () => undefined);
  type TRunning = AbortController & { timer?: NodeJS.Timeout; taskMs: number };
  const timers = new Map<string, TRunning>();
  pool.on('message', (message: unknown) => {
    if (!isStarted(message)) return;
    const controller = timers.get(message.started);
    if (!controller) return;
    controller.timer = setTimeout(() => controller.abort(), controller.taskMs);
    controller.timer.unref();
  });
  let pending = 0;
  return {
    get pending() {
      return pending;
    },
    async run<N extends TTaskName>(
      name: N,
      input: TTaskInput<N>,
      own?: TTaskOptions,
    ): Promise<TTaskOutput<N>> {
      if (pool.queueSize >= options.maxQueue) throw ExtractionError.busy();
      const id = randomUUID();
      const controller: TRunning = Object.assign(new AbortController(), {
        taskMs: own?.taskMs ?? options.taskMs,
      });
      timers.set(id, controller);
      pending += 1;
      let reply: TTaskReply;
      try {
        reply = await pool.run({ id, name, input }, { signal: controller.signal });
      } catch (error) {
        // Aborted over its time, or its thread died over its heap (ERR_WORKER_OUT_OF_MEMORY).
        throw ExtractionError.tooComplex(error);
      } finally {
        pending -= 1;
        clearTimeout(controller.timer);
        timers.delete(id);
      }
      if (!reply.ok) throw new ExtractionError(reply.kind, reply.message);
      return reply.value as TTaskOutput<N>;
    },
    close: () => pool.destroy(),
  };
}
