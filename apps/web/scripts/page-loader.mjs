// Shared by scripts/prerender-landing.mjs and scripts/prerender-login.mjs: the pages rendered at
// build time (landing.html, login.html) load one small classic script, src/page-loader.ts, instead
// of their modules. Vite wrote the page's entry (`<script type="module">`) and the chunks it imports
// (`<link rel="modulepreload">`) into the HTML; they are taken out and listed in the loader's
// `data-modules`, and the loader asks for them once the page has been painted. Lighthouse's
// simulation (and a slow phone) would otherwise count every module the HTML asks for as needed for
// the first paint, though module scripts only run once the page has been read.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const ENTRY_SCRIPT =
  /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n?\s*/;
const MODULE_PRELOADS =
  /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\n?\s*/g;

/** src/page-loader.ts as one minified classic script in dist/assets, named by its content. */
async function buildLoader(web) {
  const result = await build({
    configFile: false,
    root: web,
    logLevel: 'warn',
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      target: 'es2022',
      lib: { entry: 'src/page-loader.ts', formats: ['iife'], name: 'stemPageLoader' },
    },
  });
  const chunks = (Array.isArray(result) ? result : [result]).flatMap(({ output }) => output);
  if (chunks.length !== 1 || chunks[0].type !== 'chunk')
    throw new Error('src/page-loader.ts did not build to one script');
  const code = chunks[0].code;
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const file = `assets/page-loader-${hash}.js`;
  writeFileSync(path.join(web, 'dist', file), code);
  return `/${file}`;
}

/**
 * The page `template` (Vite's HTML for it) with its module script and module preloads replaced by
 * the loader, which lists them; `page` names the page in errors. Returns the new HTML, the loader's
 * address and how many modules it loads.
 */
export async function loadModulesAfterPaint(web, page, template) {
  const entry = template.match(ENTRY_SCRIPT);
  if (!entry) throw new Error(`${page} loads no entry module`);
  const modules = [entry[1], ...[...template.matchAll(MODULE_PRELOADS)].map(([, href]) => href)];
  const withoutModules = template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOADS, '');
  if (/<script type="module"|rel="modulepreload"/.test(withoutModules))
    throw new Error(`${page} still loads a module the loader does not list`);
  const loader = await buildLoader(web);
  const html = withoutModules.replace(
    '</head>',
    `  <script async src="${loader}" data-modules="${modules.join(' ')}"></script>\n  </head>`,
  );
  return { html, loader, count: modules.length };
}
