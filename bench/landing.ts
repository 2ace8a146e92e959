/**
 * Landing page benchmark (issue 8): what `/` costs over the wire, and Lighthouse's mobile scores.
 *
 *   npm run bench:landing -- [--runs N] [--json]
 *
 * Starts the built server (`npm run build` first) on a free port over an empty PGlite DATA_DIR, then:
 * 1. loads `/` in Chromium at 390 px and counts the bytes of every script and image, first as the page
 *    opens and then after scrolling to the end (the screenshots load lazily), as transferred and, for
 *    scripts, gzip-compressed (the target, 120 KB, is gzip: what a compressing server or CDN sends);
 * 2. runs Lighthouse 12.8 (mobile preset: a slow phone on a slow network, simulated) on `/` and
 *    `/login`, `--runs` times each (default 3), with Debian's chromium and the flags the browser tests
 *    use, and prints the median performance and accessibility scores.
 * Targets: performance ≥ 95, accessibility 100, landing JS ≤ 120 KB gzip.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, FLAGS, startBuiltServer } from './built-server';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 3) || 3;
const asJson = args.includes('--json');
const TARGETS = { performance: 95, accessibility: 100, landingJsGzipKb: 120 };

type TBytes = { files: number; transferred: number; raw: number; gzip: number };
type TWire = { encoding: string; scripts: TBytes; images: TBytes; imagesAfterScroll: TBytes };

const empty = (): TBytes => ({ files: 0, transferred: 0, raw: 0, gzip: 0 });

/** Scripts and images of `/` on a 390 px phone, before and after scrolling to the end. */
async function measureWire(url: string): Promise<TWire> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const page = await context.newPage();
  const scripts = empty();
  let images = empty();
  const encodings = new Set<string>();
  let scrolled = false;
  const afterScroll = empty();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'image') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await response.request().sizes();
        const target = type === 'script' ? scripts : scrolled ? afterScroll : images;
        target.files += 1;
        target.transferred += sizes.responseBodySize + sizes.responseHeadersSize;
        target.raw += body.length;
        if (type === 'script') {
          target.gzip += gzipSync(body, { level: 9 }).length;
          encodings.add((await response.allHeaders())['content-encoding'] ?? 'none');
        }
      })(),
    );
  });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  images = { ...images };
  scrolled = true;
  for (let y = 0; y < 20; y += 1) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await browser.close();
  return {
    encoding: [...encodings].join(', '),
    scripts,
    images,
    imagesAfterScroll: {
      files: images.files + afterScroll.files,
      transferred: images.transferred + afterScroll.transferred,
      raw: images.raw + afterScroll.raw,
      gzip: 0,
    },
  };
}

type TScores = { performance: number; accessibility: number; lcpMs: number; tbtMs: number };

async function lighthouseRun(url: string): Promise<TScores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const server = await startBuiltServer({ prefix: 'stem-bench-landing-' });
  try {
    const wire = await measureWire(server.url);
    const pages: Record<string, { runs: TScores[]; median: TScores }> = {};
    for (const pathname of ['/', '/login']) {
      const results: TScores[] = [];
      for (let run = 0; run < runs; run += 1)
        results.push(await lighthouseRun(`${server.url}${pathname}`));
      pages[pathname] = {
        runs: results,
        median: {
          performance: median(results.map((r) => r.performance)),
          accessibility: median(results.map((r) => r.accessibility)),
          lcpMs: median(results.map((r) => r.lcpMs)),
          tbtMs: median(results.map((r) => r.tbtMs)),
        },
      };
    }
    if (asJson) {
      process.stdout.write(`${JSON.stringify({ wire, lighthouse: pages, targets: TARGETS })}\n`);
      return;
    }
    const lines = [
      '',
      'Landing page `/` on a 390 px phone',
      `  JavaScript: ${wire.scripts.files} files, ${kb(wire.scripts.raw)} minified, ${kb(wire.scripts.gzip)} gzip ` +
        `(target ≤ ${TARGETS.landingJsGzipKb} KB), ${kb(wire.scripts.transferred)} transferred (content-encoding: ${wire.encoding})`,
      `  Images on opening: ${wire.images.files} files, ${kb(wire.images.transferred)} transferred`,
      `  Images after scrolling to the end: ${wire.imagesAfterScroll.files} files, ${kb(wire.imagesAfterScroll.transferred)} transferred`,
      '',
      `Lighthouse 12.8, mobile preset, median of ${runs} (targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility})`,
      ...Object.entries(pages).map(
        ([pathname, { runs: all, median: m }]) =>
          `  ${pathname.padEnd(7)} performance ${m.performance} (runs ${all.map((r) => r.performance).join(', ')}), ` +
          `accessibility ${m.accessibility}, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms`,
      ),
      '',
    ];
    process.stdout.write(lines.join('\n'));
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
