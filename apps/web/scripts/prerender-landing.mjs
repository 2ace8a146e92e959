// After `vite build` and `vite build --ssr src/landing-prerender.tsx --outDir dist-ssr`: renders the
// landing page once in Node and writes its HTML into dist/landing.html, so a first visit to `/` shows
// the page before any script has run (src/landing-main.tsx then hydrates it). Its stylesheets (the
// trimmed Mantine rules and the page's own, about 14 KB compressed) are written into the HTML as the
// login page's are (prerender-login.mjs), so the first paint waits for no other request, and
// `<link rel="expect" blocking="render">` holds that paint until the whole page has been read, so it
// never shows a half-read page. The page's modules (the entry and the chunks Vite lists for it) are
// not asked for by the HTML: src/landing-loader.ts, built here as a small classic script and the one
// script the HTML loads (async, so at low priority), asks for them once the page has been painted,
// so they take nothing from the first paint. Ahead of it, one inline script notes a button pressed
// before the modules run (@stem/contract/landing-press; the server's policy allows it by its hash),
// which the loader presses again once they have. dist-ssr is removed.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = path.join(web, 'dist-ssr');
const page = path.join(web, 'dist/landing.html');
const EMPTY_ROOT = '<div id="root"></div>';
/** An empty element after the page, which the browser waits for before it paints. */
const PAGE_END = 'landing-page-end';
const STYLESHEETS = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">\n?\s*/g;
const ENTRY_SCRIPT =
  /<script type="module" crossorigin src="(\/assets\/landing-[^"]+\.js)"><\/script>\n?\s*/;
const MODULE_PRELOADS =
  /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\n?\s*/g;

/** src/landing-loader.ts as one minified classic script in dist/assets, named by its content. */
async function buildLoader() {
  const result = await build({
    configFile: false,
    root: web,
    logLevel: 'warn',
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      target: 'es2022',
      lib: { entry: 'src/landing-loader.ts', formats: ['iife'], name: 'stemLandingLoader' },
    },
  });
  const chunks = (Array.isArray(result) ? result : [result]).flatMap(({ output }) => output);
  if (chunks.length !== 1 || chunks[0].type !== 'chunk')
    throw new Error('src/landing-loader.ts did not build to one script');
  const code = chunks[0].code;
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const file = `assets/landing-loader-${hash}.js`;
  writeFileSync(path.join(web, 'dist', file), code);
  return `/${file}`;
}

try {
  const { render, EARLY_PRESS_SCRIPT } = await import(
    pathToFileURL(path.join(ssrDir, 'landing-prerender.js')).href
  );
  const html = render();
  const template = readFileSync(page, 'utf8');
  if (!template.includes(EMPTY_ROOT)) throw new Error(`dist/landing.html has no ${EMPTY_ROOT}`);
  if (!html.includes('<h1')) throw new Error('the prerendered landing page has no heading');
  const sheets = [...template.matchAll(STYLESHEETS)];
  if (sheets.length === 0) throw new Error('dist/landing.html links no stylesheet');
  const css = sheets
    .map(([, file]) => readFileSync(path.join(web, 'dist', file), 'utf8'))
    .join('\n');
  if (css.includes('</'))
    throw new Error('the landing stylesheets cannot be written into a <style>');
  if (/url\((?!["']?data:)/.test(css)) {
    throw new Error(
      'the landing stylesheets refer to files by address; inlined, those would break',
    );
  }
  const entry = template.match(ENTRY_SCRIPT);
  if (!entry) throw new Error('dist/landing.html loads no landing entry');
  const modules = [entry[1], ...[...template.matchAll(MODULE_PRELOADS)].map(([, href]) => href)];
  const loader = await buildLoader();
  const withoutLinks = template
    .replace(STYLESHEETS, '')
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOADS, '');
  if (/<script type="module"|rel="modulepreload"/.test(withoutLinks))
    throw new Error('dist/landing.html still loads a module the loader does not list');
  writeFileSync(
    page,
    withoutLinks
      .replace(
        '</head>',
        `  <script>${EARLY_PRESS_SCRIPT}</script>\n` +
          `    <script async src="${loader}" data-modules="${modules.join(' ')}"></script>\n` +
          `    <style>${css}</style>\n    <link rel="expect" href="#${PAGE_END}" blocking="render">\n  </head>`,
      )
      .replace(EMPTY_ROOT, `<div id="root">${html}</div><span id="${PAGE_END}" hidden></span>`),
  );
  console.log(
    `landing.html: the page's HTML written in (${(html.length / 1024).toFixed(1)} KB), ` +
      `its ${modules.length} modules loaded after the first paint by ${loader}`,
  );
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
