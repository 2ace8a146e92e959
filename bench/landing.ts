/**
 * Landing and login benchmark (issues 8 and 26): Lighthouse 12.8's mobile scores for `/` and
 * `/login`, and the JavaScript each page loads, compressed.
 *
 *   npm run bench:landing -- [--runs N] [--json] [--baseline DIR]
 *
 * Starts the built server (`npm run build` first) on a free port over an empty PGlite DATA_DIR and
 * runs Lighthouse 12.8 (mobile preset: a slow phone on a slow network, simulated) on `/` and
 * `/login`, `--runs` times each (default 3), with Debian's chromium and the flags the browser tests
 * use. For each page it prints the median performance score, first contentful paint, largest
 * contentful paint and total blocking time, and the JavaScript the page loaded in that run: as
 * Lighthouse saw it sent (brotli, with each response's headers) and as the files' brotli and gzip
 * bodies (each script the page loaded, asked for again with `accept-encoding`); and the images it
 * loaded without scrolling.
 *
 * `--baseline DIR` measures another build beside this one: DIR holds a copy of a built tree
 * (`DIR/apps/web/dist` and `DIR/apps/server/dist`, e.g. main built and copied to /tmp), which gets its
 * own server, and the two builds take turns run by run (baseline, this, baseline, this, …), so both
 * see the same load on a shared machine. The load average is printed at the start and the end.
 * Targets: performance ≥ 95, accessibility 100, the landing page's JavaScript ≤ 120 KB compressed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(option('--runs') ?? 3) || 3;
const asJson = args.includes('--json');
const baselineDir = option('--baseline');
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAGES = ['/', '/login'] as const;
const TARGETS = { performance: 95, accessibility: 100, landingJsKb: 120 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

type TServer = { url: string; stop: () => Promise<void> };

/** The built server of the tree at `tree` (this repository, or a baseline copy). */
async function startServer(tree: string): Promise<TServer> {
  const main = path.join(tree, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build first (npm run build)`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-bench-landing-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: tree,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(tree, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      OCR_WORKERS: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A fresh PGlite database takes its migrations first: 90 s on this shared machine under load.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not start within 600 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type TScripts = { files: number; sentKb: number; brotliKb: number; gzipKb: number };
type TRun = {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scripts: TScripts;
  /** Images loaded without scrolling, as sent. */
  imagesKb: number;
};

/** The body of `url` as sent with only `encoding` accepted, in bytes. */
async function bodyBytes(url: string, encoding: 'br' | 'gzip'): Promise<number> {
  const reply = await fetch(url, { headers: { 'accept-encoding': encoding } });
  const length = Number(reply.headers.get('content-length'));
  await reply.body?.cancel();
  if (Number.isFinite(length) && length > 0) return length;
  throw new Error(`${url} answered without a content-length`);
}

async function scriptsOf(requests: { url: string; transferSize: number }[]): Promise<TScripts> {
  let [sent, brotli, gzip] = [0, 0, 0];
  for (const request of requests) {
    sent += request.transferSize;
    brotli += await bodyBytes(request.url, 'br');
    gzip += await bodyBytes(request.url, 'gzip');
  }
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return { files: requests.length, sentKb: kb(sent), brotliKb: kb(brotli), gzipKb: kb(gzip) };
}

type TNetworkRequest = { url: string; resourceType?: string; transferSize?: number };

async function lighthouseRun(url: string): Promise<TRun> {
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
    const details = audits['network-requests']?.details;
    const all = details && 'items' in details ? (details.items as TNetworkRequest[]) : [];
    const requests = all.filter((request) => request.resourceType === 'Script');
    const images = all.filter((request) => request.resourceType === 'Image');
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      scripts: await scriptsOf(
        requests.map((request) => ({ url: request.url, transferSize: request.transferSize ?? 0 })),
      ),
      imagesKb:
        Math.round(images.reduce((sum, image) => sum + (image.transferSize ?? 0), 0) / 102.4) / 10,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

type TPageResult = { runs: TRun[]; median: TRun };

function summarise(results: TRun[]): TPageResult {
  const of = (pick: (run: TRun) => number) => median(results.map(pick));
  return {
    runs: results,
    median: {
      performance: of((r) => r.performance),
      accessibility: of((r) => r.accessibility),
      fcpMs: of((r) => r.fcpMs),
      lcpMs: of((r) => r.lcpMs),
      tbtMs: of((r) => r.tbtMs),
      cls: of((r) => r.cls),
      scripts: {
        files: of((r) => r.scripts.files),
        sentKb: of((r) => r.scripts.sentKb),
        brotliKb: of((r) => r.scripts.brotliKb),
        gzipKb: of((r) => r.scripts.gzipKb),
      },
      imagesKb: of((r) => r.imagesKb),
    },
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

async function main(): Promise<void> {
  const builds: { name: string; tree: string }[] = [
    ...(baselineDir ? [{ name: 'baseline', tree: path.resolve(baselineDir) }] : []),
    { name: baselineDir ? 'this build' : 'build', tree: root },
  ];
  const servers: TServer[] = [];
  try {
    for (const build of builds) servers.push(await startServer(build.tree));
    const loadAtStart = loadAverage();
    const startedAt = new Date().toISOString();
    const results = builds.map(() => new Map<string, TRun[]>(PAGES.map((page) => [page, []])));
    // Run by run, page by page, the builds in turn: each pair sees about the same load.
    for (let run = 0; run < runs; run += 1) {
      for (const pathname of PAGES) {
        for (const [index, server] of servers.entries()) {
          const result = await lighthouseRun(`${server.url}${pathname}`);
          results[index]?.get(pathname)?.push(result);
          // Each run as it ends, on stderr: a long run under load still leaves its figures.
          process.stderr.write(
            `${builds[index]?.name} ${pathname} run ${run + 1}: ${JSON.stringify(result)} ` +
              `(load ${loadAverage()})\n`,
          );
        }
      }
    }
    const report = {
      startedAt,
      endedAt: new Date().toISOString(),
      loadAverage: { start: loadAtStart, end: loadAverage() },
      runs,
      targets: TARGETS,
      builds: builds.map((build, index) => ({
        name: build.name,
        tree: build.tree,
        pages: Object.fromEntries(
          PAGES.map((page) => [page, summarise(results[index]?.get(page) ?? [])]),
        ),
      })),
    };
    if (asJson) {
      process.stdout.write(`${JSON.stringify(report)}\n`);
      return;
    }
    const lines = [
      '',
      `Lighthouse 12.8, mobile preset, median of ${runs} runs (targets: performance ≥ ${TARGETS.performance}, ` +
        `accessibility ${TARGETS.accessibility}, landing JS ≤ ${TARGETS.landingJsKb} KB compressed)`,
      `${report.startedAt} to ${report.endedAt}; load average (1, 5, 15 min) ${report.loadAverage.start} at the start, ` +
        `${report.loadAverage.end} at the end, on ${os.cpus().length} cores`,
      '',
    ];
    for (const build of report.builds) {
      lines.push(`${build.name} (${build.tree})`);
      for (const [pathname, { runs: all, median: m }] of Object.entries(build.pages)) {
        lines.push(
          `  ${pathname.padEnd(7)} performance ${m.performance} (runs ${all.map((r) => r.performance).join(', ')}), ` +
            `accessibility ${m.accessibility}, FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}`,
          `  ${''.padEnd(7)} JavaScript: ${m.scripts.files} files, ${m.scripts.sentKb} KB sent (brotli bodies and headers), ` +
            `${m.scripts.brotliKb} KB brotli, ${m.scripts.gzipKb} KB gzip; images ${m.imagesKb} KB sent`,
        );
      }
    }
    lines.push('');
    process.stdout.write(lines.join('\n'));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
