// After `vite build` and `vite build --ssr src/login-prerender.tsx --outDir dist-ssr-login`: renders
// the login page once in Node and writes its HTML into dist/login.html (which the server sends for
// `/login`), with the page's own title, so a first visit shows the page before any script has run;
// src/login-main.tsx then hydrates it. #root is inert until then, so nothing typed or clicked before
// the page's script runs is lost or sent as a plain form. The page's stylesheet (Mantine's rules for
// the components it draws, about 10 KB compressed) is written into the HTML, so the first paint
// waits for no other request; and since the browser may then paint a page it has only partly read
// (the card, centred on the screen, would then grow and move), `<link rel="expect"
// blocking="render">` holds the first paint until the whole page has been read. The files the app
// needs after sign-in (index.html's entry, the shell, the dashboards, their static imports and
// stylesheets, less what the login page shares with them) are listed in a meta tag, which the page fetches ahead while the visitor signs in, so the
// app starts from the cache after sign-in. dist-ssr-login is removed.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = path.join(web, 'dist-ssr-login');
const page = path.join(web, 'dist/login.html');
const EMPTY_ROOT = '<div id="root"></div>';
/** An empty element after the page, which the browser waits for before it paints (see below). */
const PAGE_END = 'login-page-end';
/** The app's first files, which src/login-main.tsx fetches ahead once the visitor starts to sign in. */
const APP_ASSETS = 'stem-app-assets';
/** What the app shows after sign-in: its entry, the signed-in shell and the dashboards (by role). */
const AFTER_SIGN_IN = [
  'index.html',
  'src/app/shell/app-shell.tsx',
  'src/features/dashboard/pages/dashboard-page.tsx',
  'src/features/dashboard/pages/admin-dashboard-page.tsx',
];
const TITLE = /<title>[^<]*<\/title>/;
const manifestFile = path.join(web, 'dist/.vite/manifest.json');

/** The files an entry loads up front (its chunk, its static imports, their CSS), from the manifest. */
function filesOf(manifest, entry) {
  const files = new Set();
  const seen = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(entry);
  if (files.size === 0) throw new Error(`the manifest has no ${entry}`);
  return files;
}
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/login-[^"]+\.css)">/;

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
  const stylesheet = template.match(STYLESHEET);
  if (!stylesheet) throw new Error("dist/login.html links no stylesheet of the login page's own");
  const css = readFileSync(path.join(web, 'dist', stylesheet[1]), 'utf8');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const loginFiles = filesOf(manifest, 'login.html');
  const appAssets = [...new Set(AFTER_SIGN_IN.flatMap((entry) => [...filesOf(manifest, entry)]))]
    .filter((file) => !loginFiles.has(file))
    .map((file) => `/${file}`)
    .join(' ');
  if (css.includes('</')) throw new Error(`${stylesheet[1]} cannot be written into a <style>`);
  writeFileSync(
    page,
    template
      .replace(TITLE, `<title>${escapeHtml(title)}</title>`)
      .replace(stylesheet[0], () => `<style>${css}</style>`)
      .replace(
        '</head>',
        `  <link rel="expect" href="#${PAGE_END}" blocking="render">\n` +
          `    <meta name="${APP_ASSETS}" content="${appAssets}">\n  </head>`,
      )
      .replace(
        EMPTY_ROOT,
        `<div id="root" inert>${html}</div><span id="${PAGE_END}" hidden></span>`,
      ),
  );
  console.log(`login.html: the page's HTML written in (${(html.length / 1024).toFixed(1)} KB)`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
