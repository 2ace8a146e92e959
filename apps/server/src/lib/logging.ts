import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  pino,
  type Bindings,
  type ChildLoggerOptions,
  type LevelWithSilentOrString,
  type LoggerOptions,
} from 'pino';
import { databaseFailureOf, involvesDatabase } from './database-errors';

/**
 * Logging that keeps secrets out (issue 16). Logs are kept 90 days and read by operators: they must
 * never hold a password, a hash, a token, a reset or magic-link code, an e-mail address from a failed
 * query, or an answer's text.
 */

/** Wherever a secret can sit in a logged object; pino writes "[redacted]" instead. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'req.body',
  'req.query',
  'body',
  'query',
  'params',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.refreshToken',
  '*.tokenHash',
  '*.token_hash',
  '*.answer',
  '*.text',
  '*.extractedText',
];

/**
 * A failed query is logged by its code, constraint, table and column: never its message, stack or
 * parameters, which carry the row (Drizzle's message is "Failed query: <sql> params: <values>").
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return error;
  if (involvesDatabase(error)) {
    const failure = databaseFailureOf(error);
    return {
      type: error instanceof Error ? error.name : 'DatabaseError',
      database: failure ?? { code: 'unknown' },
    };
  }
  return pino.stdSerializers.err(error as Error);
}

/** "/login/verify?token=abc&x=1" → "/login/verify?token=[redacted]&x=[redacted]". */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0] ?? ''}=[redacted]`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

type TLoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** The request line of each log entry: the path, and the names but not the values of its query. */
function serializeRequest(request: TLoggedRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Options every logger of the server (API, worker, seed) is built with. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}

type TLevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger, made on its first use (issue 14: per-request overhead). Fastify makes a child
 * logger for every request, binding its id; with the redaction above, making one costs about as much
 * as writing a line, and most requests write nothing through it (their one "request completed" line
 * is written by `RequestLogController`). Lines written through it are those of the real child:
 * same bindings, same serializers, same redaction.
 */
export class DeferredChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): LevelWithSilentOrString {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.logger.level = level;
  }

  private write(level: TLevelName, args: unknown[]): void {
    const logger = this.logger;
    (logger[level] as (...line: unknown[]) => void).apply(logger, args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(...args: unknown[]): void {
    this.write('silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a `DeferredChildLogger`. */
export const deferredChildLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger => new DeferredChildLogger(logger, bindings, options);

/**
 * One log line per request ("request completed", with the request, status and time) instead of
 * Fastify's two: the "incoming request" line doubled the logging cost of every request.
 *
 * The completed line of a successful request holds only the request's id (a UUID, or a client's id
 * of at most 64 letters, digits, "_" and "-"), `serializeRequest`'s fields (method, the path with
 * every query value replaced, host, address, port), the status code and the time: no field any
 * redaction path can reach. It is written by a child of the same logger (same destination, level and
 * serializers) that skips the redaction pass, which cost more than the rest of the line
 * (issue 14). A failed request's line carries the error and goes through the request's own logger,
 * redaction included.
 */
export class RequestLogController extends LogController {
  private completed: FastifyBaseLogger | undefined;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    this.completed ??= request.server.log.child({}, { redact: [] });
    // A route or request logging at another level than the server: its own logger decides.
    if (reply.log.level !== this.completed.level) {
      reply.log.info(line, 'request completed');
      return;
    }
    this.completed.info({ [this.requestIdLogLabel]: request.id, ...line }, 'request completed');
  }
}
