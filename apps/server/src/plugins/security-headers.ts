import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import helmet, { type HelmetOptions } from 'helmet';
import { EARLY_PRESS_SCRIPT } from '@stem/contract/landing-press';

/** The landing page's one inline script (@stem/contract/landing-press), allowed by its hash alone. */
const EARLY_PRESS_SOURCE = `'sha256-${createHash('sha256').update(EARLY_PRESS_SCRIPT).digest('base64')}'`;

/**
 * The site's Content Security Policy: its own scripts only (and the landing page's one inline
 * script, by its hash), and no page may be framed.
 */
export const STRICT_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", EARLY_PRESS_SOURCE],
  // Mantine injects its CSS variables in <style> tags at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  workerSrc: ["'self'", 'blob:'],
  upgradeInsecureRequests: null,
};

/**
 * The `frame-ancestors` source list for these origins: `'none'` when there are none. Origins come
 * from `new URL(...).origin`, so they hold no space or semicolon that could add a directive.
 */
export function frameAncestors(origins: readonly string[]): string {
  return origins.length === 0 ? "'none'" : [...new Set(origins)].join(' ');
}

let strictPolicy: string | undefined;

/**
 * The site's policy with `frame-ancestors` set to these origins: the web app's pages an LMS frames
 * (the LTI launch hand-off and the deep linking picker) and nothing else.
 */
export function strictPolicyFramedBy(origins: readonly string[]): string {
  strictPolicy ??=
    securityHeaders({ contentSecurityPolicy: { directives: STRICT_CSP } })[
      'content-security-policy'
    ] ?? '';
  return strictPolicy.replace(
    "frame-ancestors 'none'",
    `frame-ancestors ${frameAncestors(origins)}`,
  );
}

/**
 * Helmet's security headers, worked out once at start-up and set on every reply by one synchronous
 * hook. @fastify/helmet runs helmet's thirteen middlewares on every request; the headers never depend
 * on the request here, so that work is done once (issue 14: per-request overhead). The API docs page
 * still sets its own, looser policy after this hook.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.fromEntries(headers);
}
