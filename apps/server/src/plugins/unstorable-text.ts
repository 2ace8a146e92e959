import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@stem/contract/messages';
import { hasUnstorableCharacter, stripUnstorableCharacters } from '@stem/contract/text';
import { AppError } from '../lib/app-error';
import { fieldLabel } from './error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body fields of text made by OCR or read from a file rather than typed by a person (dotted paths,
     * e.g. "text"): characters that cannot be stored are stripped there instead of refused.
     */
    machineText?: readonly string[];
  }
}

/** Deeper than any request of this API; a body nested past it is refused rather than walked. */
const MAX_DEPTH = 64;

type TPart = 'params' | 'query' | 'body';

/**
 * One guard for every route, the ones added later included: a string (or an object key) in the path,
 * the query or the JSON body holding NUL, another C0 control character but tab, line feed and carriage
 * return, or a lone surrogate is a 400 VALIDATION naming the field in words ("Name contains a character
 * that cannot be stored"), before validation and before the database could fail on it. Runs after the
 * route's onRequest hooks, so authentication still answers first.
 */
export function registerUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const strip = new Set(request.routeOptions.config.machineText ?? []);
    const parts: [TPart, unknown][] = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const cleaned = guard(value, part === 'body' ? strip : new Set());
      if (part === 'body' && cleaned !== value) request.body = cleaned;
    }
  });
}

/** The field in words, never its path (issue 26): "Name contains …", "The request contains …". */
function refuse(field: string): AppError {
  const words = field ? fieldLabel(field) : 'The request';
  return new AppError('VALIDATION', `${words} ${MESSAGES.server.unstorableCharacter}`, {
    field: field || 'body',
  });
}

/**
 * Walks the value without recursion (a hostile body may nest deeply) and returns it, with the strings
 * at `strip` paths cleaned (a new string at the top level, in place inside objects and arrays).
 */
function guard(root: unknown, strip: ReadonlySet<string>): unknown {
  if (typeof root === 'string') {
    if (!hasUnstorableCharacter(root)) return root;
    if (strip.has('')) return stripUnstorableCharacters(root);
    throw refuse('');
  }
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_DEPTH) {
      throw new AppError('VALIDATION', MESSAGES.server.valueInvalid, {
        field: path,
      });
    }
    const container = value as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const at = path ? `${path}.${key}` : key;
      if (hasUnstorableCharacter(key)) {
        throw refuse(
          path ? `${path}.${stripUnstorableCharacters(key)}` : stripUnstorableCharacters(key),
        );
      }
      const child = container[key];
      if (typeof child === 'string') {
        if (!hasUnstorableCharacter(child)) continue;
        if (!strip.has(at)) throw refuse(at);
        container[key] = stripUnstorableCharacters(child);
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, path: at, depth: depth + 1 });
      }
    }
  }
  return root;
}
