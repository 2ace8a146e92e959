// After `vite build` and `vite build --ssr src/login-prerender.tsx --outDir dist-ssr-login`: renders
// the login page once in Node and writes its HTML into dist/login.html (which the server sends for
// `/login`), so a first visit shows the page before any script has run; src/main.tsx renders the app
// in its place once the router is ready. The login page's own chunks are preloaded, so they download
// alongside the app's entry instead of after the router starts. #root is inert until the app takes
// over (src/main.tsx), so nothing typed or clicked before then is lost or sent as a plain form (a
// visitor could do neither before this page existed either). dist-ssr-login is removed.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = path.join(web, 'dist-ssr-login');
const page = path.join(web, 'dist/login.html');
const manifestFile = path.join(web, 'dist/.vite/manifest.json');
const LOGIN_MODULE = 'src/features/auth/pages/login-page.tsx';
const EMPTY_ROOT = '<div id="root"></div>';

/** The login page's chunk and the chunks it imports that the entry does not already preload. */
function loginChunks(manifest, template) {
  const files = [];
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!template.includes(`/${chunk.file}"`)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(LOGIN_MODULE);
  if (files.length === 0) throw new Error(`the manifest has no chunk for ${LOGIN_MODULE}`);
  return files;
}

try {
  const { render } = await import(pathToFileURL(path.join(ssrDir, 'login-prerender.js')).href);
  const html = render();
  const template = readFileSync(page, 'utf8');
  if (!template.includes(EMPTY_ROOT)) throw new Error(`dist/login.html has no ${EMPTY_ROOT}`);
  if (!html.includes('<h1')) throw new Error('the prerendered login page has no heading');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const preloads = loginChunks(manifest, template)
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  writeFileSync(
    page,
    template
      .replace('</head>', `  ${preloads}\n  </head>`)
      .replace(EMPTY_ROOT, `<div id="root" inert>${html}</div>`),
  );
  console.log(`login.html: the page's HTML written in (${(html.length / 1024).toFixed(1)} KB)`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
