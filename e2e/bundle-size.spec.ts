import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from './support/test';

/**
 * The JavaScript a first visit to `/` and to `/login` downloads, compressed, from the build the suite
 * runs against (`npm run test:e2e` builds first): the page's loader script (the one script its HTML
 * asks for) and the modules it loads once the page is painted, i.e. the page's entry and every chunk
 * it imports, from Vite's manifest. A count of bytes, not a timing: ≤ 120 KB for each page (issue 26),
 * as gzip (level 9), as the brotli files the server sends, and as the browser counts what it
 * received for the page's scripts (compressed bodies and response headers: Lighthouse's measure,
 * 133 KB for `/` when it loaded 31 files).
 */
const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const LIMIT_KB = 120;

type TManifest = Record<string, { file: string; imports?: string[] }>;

const manifest = (): TManifest =>
  JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as TManifest;

/** The entry's chunk and every chunk it imports statically, as served paths. */
function chunksOf(entry: string): string[] {
  const chunks = manifest();
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const next of chunk.imports ?? []) walk(next);
  };
  walk(entry);
  return [...files];
}

/** The loader script a page's HTML asks for, and the modules it lists for after the paint. */
function scriptsInHtml(html: string): { loader: string; modules: string[] } {
  const tag = /<script async src="([^"]+)" data-modules="([^"]*)"><\/script>/.exec(html);
  if (!tag?.[1]) throw new Error('the page asks for no loader script');
  return { loader: tag[1], modules: (tag[2] ?? '').split(' ').filter(Boolean) };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

for (const { route, page } of [
  { route: '/', page: 'landing.html' },
  { route: '/login', page: 'login.html' },
]) {
  test(`${route} loads at most ${LIMIT_KB} KB of JavaScript, compressed`, () => {
    const { loader, modules } = scriptsInHtml(readFileSync(path.join(DIST, page), 'utf8'));
    // The page loads exactly its entry's chunks from the manifest, and no other script.
    expect(new Set(modules)).toEqual(new Set(chunksOf(page)));
    const scripts = [loader, ...modules].map((served) => path.join(DIST, served.slice(1)));
    const gzip = scripts.reduce(
      (sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length,
      0,
    );
    // compress.mjs leaves files under 1 KB as they are; the server then sends them so.
    const brotli = scripts.reduce((sum, file) => {
      try {
        return sum + readFileSync(`${file}.br`).length;
      } catch {
        return sum + readFileSync(file).length;
      }
    }, 0);
    test.info().annotations.push({
      type: 'size',
      description: `${scripts.length} scripts, ${kb(gzip)} KB gzip, ${kb(brotli)} KB brotli`,
    });
    expect(kb(gzip)).toBeLessThanOrEqual(LIMIT_KB);
    expect(kb(brotli)).toBeLessThanOrEqual(LIMIT_KB);
  });

  test(`${route} receives at most ${LIMIT_KB} KB for its scripts, headers included`, async ({
    page: browserPage,
  }) => {
    const received: Promise<number>[] = [];
    browserPage.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      received.push(
        request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize),
      );
    });
    await browserPage.goto(route, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(received);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    test.info().annotations.push({
      type: 'size',
      description: `${sizes.length} scripts, ${kb(total)} KB received`,
    });
    expect(sizes.length).toBeGreaterThan(1);
    expect(kb(total)).toBeLessThanOrEqual(LIMIT_KB);
  });
}
