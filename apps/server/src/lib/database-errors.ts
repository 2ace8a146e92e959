import { MESSAGES } from '@stem/contract/messages';
import { AppError } from './app-error';

/**
 * What PostgreSQL (and PGlite) say about a failed statement, without the statement. Drizzle wraps the
 * driver's error in its own whose message is the query text and its parameters (a password hash, an
 * e-mail address): only these fields may be logged or acted on.
 */
export type TDatabaseFailure = {
  code: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 8;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** The database's own error in `error` or its chain of causes, or undefined for any other error. */
export function databaseFailureOf(error: unknown): TDatabaseFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current && typeof current === 'object'; depth += 1) {
    const candidate = current as Record<string, unknown>;
    const code = candidate.code;
    // The driver's error carries a SQLSTATE code and a severity (pg) or a routine (PGlite, pg).
    if (
      typeof code === 'string' &&
      SQLSTATE.test(code) &&
      (text(candidate.severity) || text(candidate.routine))
    ) {
      const failure: TDatabaseFailure = { code };
      for (const key of ['severity', 'table', 'column', 'constraint', 'routine'] as const) {
        const value = text(candidate[key]);
        if (value) failure[key] = value;
      }
      return failure;
    }
    current = candidate.cause;
  }
  return undefined;
}

/** True for Drizzle's wrapper, whose message holds the query and its parameters. */
function isQueryWrapper(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'DrizzleQueryError' || error.message.startsWith('Failed query:'))
  );
}

/** True when `error` is, wraps or is wrapped around a database failure or a failed query. */
export function involvesDatabase(error: unknown): boolean {
  if (databaseFailureOf(error)) return true;
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current && typeof current === 'object'; depth += 1) {
    if (isQueryWrapper(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The 4xx a database refusal of a well-formed request deserves, or undefined when it is the server's
 * own fault (a 500). Each answer names the field (in `field`) when the database says which column it was.
 */
export function clientErrorOf(failure: TDatabaseFailure): AppError | undefined {
  const invalid = (message: string) => {
    // The column the database names is, in this schema, the field the client sent (camel-cased).
    const field = failure.column?.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    return field
      ? new AppError('VALIDATION', message, { field }) // the path goes in `field`, never the words
      : new AppError('BAD_REQUEST', message);
  };
  switch (failure.code) {
    // numeric_value_out_of_range; datetime_field_overflow; interval_field_overflow
    case '22003':
    case '22008':
    case '22015':
      return invalid(MESSAGES.server.valueOutOfRange);
    // string_data_right_truncation; program_limit_exceeded (e.g. an index row too big)
    case '22001':
    case '54000':
      return invalid(MESSAGES.server.valueTooLong);
    // character_not_in_repertoire (invalid byte sequence, e.g. NUL); untranslatable_character (NUL
    // in jsonb)
    case '22021':
    case '22P05':
      return invalid(`A value in the request ${MESSAGES.server.unstorableCharacter}.`);
    // invalid_text_representation; invalid_datetime_format; invalid_parameter_value;
    // not_null_violation; check_violation; invalid_binary_representation
    case '22P02':
    case '22007':
    case '22023':
    case '23502':
    case '23514':
    case '22P03':
      return invalid(MESSAGES.server.valueInvalid);
    // foreign_key_violation: the row it points at was deleted a moment ago
    case '23503':
      return new AppError('CONFLICT', MESSAGES.server.referenceGone);
    // unique_violation: another request took the key first
    case '23505':
      return new AppError('CONFLICT', MESSAGES.server.alreadyExists);
    // serialization_failure; deadlock_detected; lock_not_available
    case '40001':
    case '40P01':
    case '55P03':
      return new AppError('CONFLICT', MESSAGES.server.clashed);
    default:
      return undefined;
  }
}

/** Socket errors and SQLSTATEs that mean the database is out of reach for a moment, not a bad query. */
const UNREACHABLE_CODES = new Set([
  '57P01', // admin_shutdown: a restart or fast shutdown ended the connection
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Stream isn't writeable and enableOfflineQueue|Connection is closed|Reached the max retries per request limit)/;

/**
 * True when `error` (or one of its causes) says the database, or Redis (the rate-limit counters),
 * could not be reached or dropped the connection (a restart, a failover, a full server): the request
 * may simply be sent again (503). The messages are pg's and ioredis's own.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = candidate.code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
      return true;
    }
    if (typeof candidate.message === 'string' && UNREACHABLE_MESSAGE.test(candidate.message)) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
