import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { MESSAGES } from '@stem/contract/messages';
import { frameAncestors } from '../../plugins/security-headers';

/**
 * The few HTML pages the LTI tool serves itself (issue 29): a launch refused (shown inside the LMS
 * or its new tab), and the page that posts the signed deep linking response back to the LMS. Each
 * page comes with its own Content Security Policy: `frame-ancestors` names the LMS origins that may
 * show it in a frame (none: `'none'`).
 */

const M = MESSAGES.lti;

/** A page and the policy to send with it. */
export type TPage = { html: string; csp: string };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}h1{font-size:1.4rem}button{font:inherit;padding:.5rem 1rem;border-radius:.25rem;border:0;background:#1c7ed6;color:#fff;cursor:pointer}[hidden]{display:none}';

export function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style>${head}</head>
<body>${body}</body></html>`;
}

/** A fresh script nonce for one page. */
export function scriptNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Data for a page's script, as a JSON block it reads (never pasted into the script itself); `<` is
 * escaped so no value can close the block.
 */
export function dataBlock(data: Record<string, unknown>): string {
  return `<script type="application/json" id="lti-data">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The policy of a page of ours: nothing but its own nonce'd script and inline style, forms posted
 * only to `formAction`, framed only by `framedBy`.
 */
export function pagePolicy(options: {
  nonce?: string;
  formAction?: string;
  framedBy: readonly string[];
}): string {
  return [
    "default-src 'none'",
    options.nonce ? `script-src 'nonce-${options.nonce}'` : null,
    "style-src 'unsafe-inline'",
    `form-action ${options.formAction ?? "'none'"}`,
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors(options.framedBy)}`,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * Sends one of the tool's own pages with its policy. Its `frame-ancestors` decides who may frame it:
 * helmet's X-Frame-Options (SAMEORIGIN) would forbid every LMS, so it goes.
 */
export function sendPage(reply: FastifyReply, page: TPage) {
  if (!page.csp.includes("frame-ancestors 'none'")) void reply.removeHeader('x-frame-options');
  return reply
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

/**
 * A refused launch: the reason, in words a teacher or student can act on. Text only, so any
 * registered LMS may show it in its frame.
 */
export function refusalPage(message: string, framedBy: readonly string[]): TPage {
  return {
    html: page(
      M.pageTitle,
      `<main><h1>${escapeHtml(M.refusedTitle)}</h1><p role="alert">${escapeHtml(message)}</p></main>`,
    ),
    csp: pagePolicy({ framedBy }),
  };
}

/**
 * The form that carries the signed LtiDeepLinkingResponse to the LMS's return URL, submitted by a
 * script allowed by its nonce alone (the page's own policy also allows posting to that one origin).
 * Framed only by the launch's LMS.
 */
export function deepLinkReturnPage(
  returnUrl: string,
  jwt: string,
  framedBy: readonly string[],
): TPage {
  const nonce = scriptNonce();
  const origin = new URL(returnUrl).origin;
  const html = page(
    M.pageTitle,
    `<main><p>${escapeHtml(M.deepLinkSending)}</p>
<form id="lti-return" method="post" action="${escapeHtml(returnUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(jwt)}">
<noscript><button type="submit">${escapeHtml(M.deepLinkSubmit)}</button></noscript>
</form></main>
<script nonce="${nonce}">document.getElementById('lti-return').submit();</script>`,
  );
  return { html, csp: pagePolicy({ nonce, formAction: origin, framedBy }) };
}
