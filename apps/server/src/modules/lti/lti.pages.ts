import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@stem/contract/messages';

/**
 * The few HTML pages the LTI tool serves itself (issue 29): a launch refused (shown inside the LMS
 * or its new tab), and the page that posts the signed deep linking response back to the LMS.
 */

const M = MESSAGES.lti;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}h1{font-size:1.4rem}';

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style>${head}</head>
<body>${body}</body></html>`;
}

/** A refused launch: the reason, in words a teacher or student can act on. */
export function refusalPage(message: string): string {
  return page(
    M.pageTitle,
    `<main><h1>${escapeHtml(M.refusedTitle)}</h1><p role="alert">${escapeHtml(message)}</p></main>`,
  );
}

/**
 * The form that carries the signed LtiDeepLinkingResponse to the LMS's return URL, submitted by a
 * script allowed by its nonce alone (the page's own policy also allows posting to that one origin).
 */
export function deepLinkReturnPage(returnUrl: string, jwt: string): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
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
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action ${origin}; base-uri 'none'; frame-ancestors 'none'`;
  return { html, csp };
}
