import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs a generator to its end on the event loop without holding it: after each step, once the
 * current slice has run `sliceMs`, other work (requests, timers) gets a turn before the next step.
 * For CPU work on a request's path that is too small for a worker thread but can grow with the data
 * (the marking screen's review order over a class's answers).
 */
export async function runInSlices<T>(
  steps: Generator<void, T, void>,
  sliceMs = 8,
  now: () => number = () => performance.now(),
): Promise<T> {
  let sliceStart = now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = now();
    }
  }
}

/**
 * A small least-recently-used map of promises by key, sharing work between identical requests: the
 * same key in flight or recently done gets the same promise; a rejected one is forgotten.
 */
export function createPromiseCache<T>(capacity: number) {
  const entries = new Map<string, Promise<T>>();
  return {
    get(key: string, make: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      if (found) {
        entries.delete(key);
        entries.set(key, found);
        return found;
      }
      const made = make();
      entries.set(key, made);
      made.catch(() => entries.delete(key));
      while (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return made;
    },
    get size() {
      return entries.size;
    },
  };
}
