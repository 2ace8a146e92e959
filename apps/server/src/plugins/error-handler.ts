import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@stem/contract/messages';
import type { TErrorResponse } from '@stem/contract/errors';
import { AppError } from '../lib/app-error';
import { clientErrorOf, databaseFailureOf, isDatabaseUnreachable } from '../lib/database-errors';

const LANDING_PAGE = 'landing.html';
/** The login page's own entry with the page's HTML written in at build time (apps/web/login.html). */
const LOGIN_PAGE = 'login.html';

/**
 * One error handler: every failure becomes `{ success: false, message, code }` with the right status.
 * Validation errors name the field; 5xx never reveal internals.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { webDist: string | undefined },
): void {
  const spaIndex = options.webDist ? path.join(options.webDist, 'index.html') : undefined;
  const hasSpa = spaIndex !== undefined && existsSync(spaIndex);
  // The landing page's own small entry (apps/web/landing.html), sent for `/` when the build has it.
  const hasLanding =
    hasSpa && options.webDist !== undefined && existsSync(path.join(options.webDist, LANDING_PAGE));
  const hasLogin =
    hasSpa && options.webDist !== undefined && existsSync(path.join(options.webDist, LOGIN_PAGE));
  const pageFor = (pathname: string): string => {
    if (pathname === '/' && hasLanding) return LANDING_PAGE;
    if (pathname === '/login' && hasLogin) return LOGIN_PAGE;
    return 'index.html';
  };
  const sendAppError = (error: AppError, reply: FastifyReply) => {
    if (error.headers) void reply.headers(error.headers);
    const body: TErrorResponse = { success: false, message: error.message, code: error.code };
    if (error.field) body.field = error.field;
    return reply.status(error.status).send(body);
  };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(error, reply);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext ?? 'body';
      const fieldPath = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const field =
        fieldPath ||
        (first?.params as { missingProperty?: string } | undefined)?.missingProperty ||
        where;
      const detail = first
        ? plainDetail(first.keyword, first.params, first.message ?? '')
        : { text: MESSAGES.server.validation, aboutField: false };
      // The field's path stays in `field`; the message names it in words ("Answer is required"),
      // never by its path ("submissions.0.answer: ..."), and a schema's own sentence is kept whole.
      return reply.status(400).send({
        success: false,
        code: 'VALIDATION',
        field,
        message: detail.aboutField ? `${fieldLabel(field)} ${detail.text}` : detail.text,
      } satisfies TErrorResponse);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        success: false,
        code: 'RATE_LIMITED',
        message: MESSAGES.generic.rateLimited,
      } satisfies TErrorResponse);
    }
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 404
              ? 'NOT_FOUND'
              : 'BAD_REQUEST';
      return reply.status(status).send({
        success: false,
        code,
        message: error.message || MESSAGES.generic.fallback,
      } satisfies TErrorResponse);
    }
    // The database or Redis out of reach for a moment (a restart, a failover): the client may send the
    // request again. Rate limits fail closed: no count, no request.
    if (isDatabaseUnreachable(error)) {
      request.log.warn(
        { database: databaseFailureOf(error)?.code ?? 'unreachable' },
        'database unreachable; answered 503',
      );
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({
          success: false,
          code: 'UNAVAILABLE',
          message: MESSAGES.generic.unavailable,
        } satisfies TErrorResponse);
    }
    // A well-formed request the database refuses (a number past a column's range, a key raced by
    // another request, a row deleted a moment ago) is the client's 4xx, logged by code only.
    const failure = databaseFailureOf(error);
    const refusal = failure ? clientErrorOf(failure) : undefined;
    if (refusal) {
      request.log.info({ database: failure }, 'request refused by the database');
      return sendAppError(refusal, reply);
    }
    // The err serializer (lib/logging.ts) logs a failed query by its code, never its parameters.
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      success: false,
      code: 'INTERNAL',
      message: MESSAGES.generic.server,
    } satisfies TErrorResponse);
  });

  app.setNotFoundHandler((request, reply) => {
    // History fallback: any page route of the SPA gets index.html; the router decides what to show.
    // `/` gets the landing page's own entry, which loads neither the router nor the app's pages;
    // `/login` gets the login page's own entry, with the page's HTML already in it.
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      hasSpa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !/\.[a-z0-9]{1,5}$/i.test(pathname);
    if (isPage) {
      void reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile(pageFor(pathname));
    }
    return reply.status(404).send({
      success: false,
      code: 'NOT_FOUND',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    } satisfies TErrorResponse);
  });
}

/**
 * A field's path in words: its last named part, camelCase split ("submissions.0.answer" → "Answer",
 * "schoolCode" → "School code").
 */
export function fieldLabel(fieldPath: string): string {
  const name =
    fieldPath
      .split('.')
      .filter((part) => part !== '' && !/^\d+$/.test(part))
      .at(-1) ?? '';
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  if (!words) return 'This value';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Zod's own wording ("Invalid input: expected string, received undefined", "Too big: expected string
 * to have <=40000 characters") in plain words, to follow the field's name (`aboutField`: "is
 * required", "must be a string"); a message a schema sets itself is kept as written.
 */
export function plainDetail(
  keyword: string,
  params: unknown,
  message: string,
): { text: string; aboutField: boolean } {
  const own = (text: string) => ({ text, aboutField: false });
  const about = (text: string) => ({ text, aboutField: true });
  if (!/^(?:Invalid input|Too big|Too small)/.test(message))
    return own(message || MESSAGES.server.validation);
  const p = (params ?? {}) as {
    expected?: string;
    origin?: string;
    maximum?: unknown;
    minimum?: unknown;
  };
  const bound = (value: unknown) => (typeof value === 'bigint' ? value.toString() : String(value));
  if (keyword === 'invalid_type') {
    if (/received undefined/.test(message)) return about('is required');
    return p.expected ? about(`must be a ${p.expected}`) : own(message);
  }
  if (keyword === 'too_big' && p.maximum !== undefined) {
    if (p.origin === 'string') return about(`must be at most ${bound(p.maximum)} characters`);
    if (p.origin === 'array') return about(`must have at most ${bound(p.maximum)} items`);
    return about(`must be at most ${bound(p.maximum)}`);
  }
  if (keyword === 'too_small' && p.minimum !== undefined) {
    if (p.origin === 'string') {
      return Number(p.minimum) <= 1
        ? about('is required')
        : about(`must be at least ${bound(p.minimum)} characters`);
    }
    if (p.origin === 'array') return about(`must have at least ${bound(p.minimum)} items`);
    return about(`must be at least ${bound(p.minimum)}`);
  }
  return own(message);
}
