import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Queue figures read at scrape time (from the database, so every process reports the same). */
export type TQueueReader = () => Promise<{
  pending: number;
  oldestPendingSeconds: number;
  failedLastDay: number;
}>;

/**
 * The operators' metrics (Prometheus text format): request rates and latencies, marking and OCR
 * durations, marking failures, and the marking queue's depth and age. One registry per process (tests
 * build many apps in one process, so nothing goes to prom-client's global registry).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'stem_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'stem_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly markingDuration = new Histogram({
    name: 'stem_marking_answer_duration_seconds',
    help: 'Time to mark one answer, by engine outcome (ok or error).',
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });
  readonly markingFailures = new Counter({
    name: 'stem_marking_answer_failures_total',
    help: 'Answers the marker failed to mark (each is retried by the marking job).',
    registers: [this.registry],
  });
  readonly ocrDuration = new Histogram({
    name: 'stem_ocr_page_duration_seconds',
    help: 'Time to read one page, by OCR engine and outcome.',
    labelNames: ['engine', 'outcome'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
    registers: [this.registry],
  });

  constructor(options: { queue?: TQueueReader | undefined; defaults?: boolean } = {}) {
    if (options.defaults !== false)
      collectDefaultMetrics({ register: this.registry, prefix: 'stem_' });
    const queue = options.queue;
    if (!queue) return;
    // One database read per scrape, shared by the three gauges.
    let reading: Promise<Awaited<ReturnType<TQueueReader>>> | undefined;
    const read = () => {
      reading ??= queue().finally(() => {
        setTimeout(() => {
          reading = undefined;
        }, 0);
      });
      return reading;
    };
    new Gauge({
      name: 'stem_marking_queue_depth',
      help: 'Submissions waiting for their mark.',
      registers: [this.registry],
      async collect() {
        this.set((await read()).pending);
      },
    });
    new Gauge({
      name: 'stem_marking_queue_oldest_seconds',
      help: 'Age of the oldest submission waiting for its mark, in seconds.',
      registers: [this.registry],
      async collect() {
        this.set((await read()).oldestPendingSeconds);
      },
    });
    new Gauge({
      name: 'stem_marking_failed_last_day',
      help: 'Submissions that failed to mark in the last 24 hours.',
      registers: [this.registry],
      async collect() {
        this.set((await read()).failedLastDay);
      },
    });
  }

  /** Records one answered request (route is the template, e.g. /api/v1/stem@home/class/:id). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpRequests.inc({ method, route, status: String(status) });
    this.httpDuration.observe(
      { method, route, status_class: `${Math.floor(status / 100)}xx` },
      seconds,
    );
  }
}

/** Wraps something with a `mark` call so each call is timed and its failures counted. */
export function instrumentMarker<TIn, TOut>(
  marker: { mark: (input: TIn) => Promise<TOut> },
  metrics: Metrics,
): { mark: (input: TIn) => Promise<TOut> } {
  return {
    async mark(input) {
      const end = metrics.markingDuration.startTimer();
      try {
        const result = await marker.mark(input);
        end({ outcome: 'ok' });
        return result;
      } catch (error) {
        end({ outcome: 'error' });
        metrics.markingFailures.inc();
        throw error;
      }
    },
  };
}

/** Wraps an OCR engine so each page read is timed (the engine keeps its own name and behaviour). */
export function instrumentOcr<
  T extends { name: string; recognize: (...args: never[]) => Promise<unknown> },
>(ocr: T, metrics: Metrics): T {
  const recognize = ocr.recognize.bind(ocr) as (...args: unknown[]) => Promise<unknown>;
  return new Proxy(ocr, {
    get(target, property, receiver) {
      if (property !== 'recognize') return Reflect.get(target, property, receiver) as unknown;
      return async (...args: unknown[]) => {
        const end = metrics.ocrDuration.startTimer({ engine: target.name });
        try {
          const result = await recognize(...args);
          end({ outcome: 'ok' });
          return result;
        } catch (error) {
          end({ outcome: 'error' });
          throw error;
        }
      };
    },
  });
}

/** Constant-time check of an `Authorization: Bearer <token>` header against the configured token. */
export function metricsAuthorized(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
