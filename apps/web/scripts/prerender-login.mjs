// After `vite build` and `vite build --ssr src/login-prerender.tsx --outDir dist-ssr-login`: renders
// the login page once in Node and writes its HTML into dist/login.html (which the server sends for
// `/login`), with the page's own title, so a first visit shows the page before any script has run;
// src/login-main.tsx then hydrates it. #root is inert until then, so nothing typed or clicked before
// the page's script runs is lost or sent as a plain form. dist-ssr-login is removed.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = path.join(web, 'dist-ssr-login');
const page = path.join(web, 'dist/login.html');
const EMPTY_ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

try {
  const { render, title } = await import(
    pathToFileURL(path.join(ssrDir, 'login-prerender.js')).href
  );
  const html = render();
  const template = readFileSync(page, 'utf8');
  if (!template.includes(EMPTY_ROOT)) throw new Error(`dist/login.html has no ${EMPTY_ROOT}`);
  if (!TITLE.test(template)) throw new Error('dist/login.html has no <title>');
  if (!html.includes('<h1')) throw new Error('the prerendered login page has no heading');
  if (!template.includes('/assets/login-')) throw new Error('dist/login.html loads no login entry');
  writeFileSync(
    page,
    template
      .replace(TITLE, `<title>${escapeHtml(title)}</title>`)
      .replace(EMPTY_ROOT, `<div id="root" inert>${html}</div>`),
  );
  console.log(`login.html: the page's HTML written in (${(html.length / 1024).toFixed(1)} KB)`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
