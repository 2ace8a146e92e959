// After `vite build` and `vite build --ssr src/landing-prerender.tsx --outDir dist-ssr`: renders the
// landing page once in Node and writes its HTML into dist/landing.html, so a first visit to `/` shows
// the page before any script has run (src/landing-main.tsx then hydrates it). dist-ssr is removed.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = path.join(web, 'dist-ssr');
const page = path.join(web, 'dist/landing.html');
const EMPTY_ROOT = '<div id="root"></div>';

try {
  const { render } = await import(pathToFileURL(path.join(ssrDir, 'landing-prerender.js')).href);
  const html = render();
  const template = readFileSync(page, 'utf8');
  if (!template.includes(EMPTY_ROOT)) throw new Error(`dist/landing.html has no ${EMPTY_ROOT}`);
  if (!html.includes('<h1')) throw new Error('the prerendered landing page has no heading');
  writeFileSync(page, template.replace(EMPTY_ROOT, `<div id="root">${html}</div>`));
  console.log(`landing.html: the page's HTML written in (${(html.length / 1024).toFixed(1)} KB)`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
