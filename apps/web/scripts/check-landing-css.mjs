// After `vite build`: the landing page's own entry (landing.html) ships only part of Mantine's
// stylesheet (src/features/landing/landing-mantine.css). This fails the build when a Mantine class
// that the landing page's scripts (its first load and the dialogs it loads later) name has no rule
// in the CSS those pages load, i.e. a component was added to the landing page without its styles.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

const seen = new Set();
const scripts = new Set();
const styles = new Set();
const walk = (key) => {
  const entry = manifest[key];
  if (seen.has(key) || !entry) return;
  seen.add(key);
  scripts.add(entry.file);
  for (const css of entry.css ?? []) styles.add(css);
  for (const next of [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])]) walk(next);
};
walk('landing.html');
if (seen.size === 0) throw new Error('dist/.vite/manifest.json has no landing.html entry');

const named = new Map();
for (const file of scripts) {
  for (const name of readFileSync(path.join(dist, file), 'utf8').match(MANTINE_CLASS) ?? []) {
    if (!named.has(name)) named.set(name, file);
  }
}
const styled = new Set();
for (const file of styles) {
  for (const name of readFileSync(path.join(dist, file), 'utf8').match(MANTINE_CLASS) ?? []) {
    styled.add(name);
  }
}
const missing = [...named].filter(([name]) => !styled.has(name));
if (missing.length > 0) {
  for (const [name, file] of missing) console.error(`  ${name} (named in ${file})`);
  console.error(
    `landing.html: ${missing.length} Mantine classes have no styles; add their components' CSS to src/features/landing/landing-mantine.css`,
  );
  process.exit(1);
}
console.log(`landing.html: all ${named.size} Mantine classes its scripts name have styles`);
