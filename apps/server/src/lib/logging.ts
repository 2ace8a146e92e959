import { pino, type LoggerOptions } from 'pino';
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
