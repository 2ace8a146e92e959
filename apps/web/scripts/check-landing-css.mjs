// After `vite build`: the landing page's and the login page's own entries (landing.html, login.html)
// ship only part of Mantine's stylesheet (src/features/landing/landing-mantine.css,
// src/features/auth/login-mantine.css). This fails the build when a Mantine class that such a page's
// scripts (its first load and what it loads later, e.g. dialogs) name has no rule in the CSS that
// page loads, i.e. a component was added to the page without its styles.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/** The pages with a trimmed Mantine stylesheet of their own, and where that stylesheet is. */
const PAGES = [
  { entry: 'landing.html', css: 'src/features/landing/landing-mantine.css' },
  { entry: 'login.html', css: 'src/features/auth/login-mantine.css' },
];

/** The Mantine classes a page's scripts name that none of its stylesheets has a rule for. */
function check({ entry: page, css }) {
  const seen = new Set();
  const scripts = new Set();
  const styles = new Set();
  const walk = (key) => {
    const entry = manifest[key];
    if (seen.has(key) || !entry) return;
    seen.add(key);
    scripts.add(entry.file);
    for (const file of entry.css ?? []) styles.add(file);
    for (const next of [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])]) walk(next);
  };
  walk(page);
  if (seen.size === 0) throw new Error(`dist/.vite/manifest.json has no ${page} entry`);

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
      `${page}: ${missing.length} Mantine classes have no styles; add their components' CSS to ${css}`,
    );
    return false;
  }
  console.log(`${page}: all ${named.size} Mantine classes its scripts name have styles`);
  return true;
}

const results = PAGES.map(check);
if (results.includes(false)) process.exit(1);
