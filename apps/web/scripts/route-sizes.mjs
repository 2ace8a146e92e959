// After `vite build`: the JavaScript and CSS a first visit to each page downloads before it can show
// anything (the entry, the page's own lazy chunk, and every chunk they import statically), in bytes
// as sent gzip-compressed, from Vite's manifest. `node apps/web/scripts/route-sizes.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/**
 * The pages to report: the route and the source file of its lazy page module, or the page's own
 * entry. `/` and `/login` have entries of their own (landing.html, login.html, which the server
 * sends for them); every other page is the app's entry (index.html) and the page's chunk.
 */
const OWN_ENTRIES = new Set(['landing.html', 'login.html']);
const APP_ENTRY = 'index.html';
const ROUTES = [
  ['/', 'landing.html'],
  ['/login', 'login.html'],
  ['/login (in the app)', 'src/features/auth/pages/login-page.tsx'],
  ['/dashboard', 'src/features/dashboard/pages/dashboard-page.tsx'],
  ['/submissions', 'src/features/submissions/pages/teacher-submissions-page.tsx'],
  ['/view-questions', 'src/features/questions/pages/view-questions-page.tsx'],
  ['/classes', 'src/features/classes/pages/classes-page.tsx'],
];
/** Pages inside the signed-in shell also load the shell's chunk first. */
const SHELL = 'src/app/shell/app-shell.tsx';
const SIGNED_IN = new Set(['/dashboard', '/submissions', '/view-questions', '/classes']);

const gz = new Map();
const gzipOf = (file) => {
  if (!gz.has(file))
    gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};

function closure(keys) {
  const seen = new Set();
  const files = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const entry = manifest[key];
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const next of entry.imports ?? []) walk(next);
  };
  keys.forEach(walk);
  return files;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`${'route'.padEnd(20)} JS gzip    CSS gzip   files`);
for (const [route, source] of ROUTES) {
  if (!manifest[source]) {
    console.log(`${route.padEnd(20)} (no chunk for ${source})`);
    continue;
  }
  const keys = OWN_ENTRIES.has(source)
    ? [source]
    : [APP_ENTRY, ...(SIGNED_IN.has(route) ? [SHELL] : []), source];
  const files = [...closure(keys)];
  const js = files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipOf(f), 0);
  const css = files.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipOf(f), 0);
  console.log(
    `${route.padEnd(20)} ${kb(js).padStart(9)}  ${kb(css).padStart(9)}   ${files.length}`,
  );
}
