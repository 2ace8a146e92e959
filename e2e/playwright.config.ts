import { chromium, defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './support/find-chromium';
import type { TLaneName } from './support/run-state';

const isCi = Boolean(process.env.CI);

// CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own; none: one line and stop.
const browser = findChromium({ env: process.env, playwrightChromium: chromium.executablePath() });
if (!browser.found) throw new Error(browser.message);

/**
 * The specs that run on the 'second' lane's server (run-state.ts), one after another, while the rest
 * run on the 'main' lane's server at the same time. Each lane has a seeded database of its own, so a
 * spec that changes data only ever shares its server with specs that run before or after it, never
 * beside it. The main lane keeps the specs that sign in through the local identity provider, LMS or
 * Classroom (they serve the main server only); the split keeps the two lanes near equal in time
 * (7 December 2026, the two lanes at once: main 335 s, second 338 s of tests).
 */
const SECOND_LANE_SPECS = [
  'accessibility.spec.ts',
  'analytics.spec.ts',
  'answer-groups.spec.ts',
  'answer-sheets.spec.ts',
  'class-marking.spec.ts',
  'guards.spec.ts',
  'landing-trial.spec.ts',
  'landing.spec.ts',
  'regrade.spec.ts',
  'tablet.spec.ts',
];

const desktopChromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: browser.path,
    args: CHROMIUM_FLAGS,
  },
};

/**
 * The browser suite: Chromium (see support/find-chromium.ts) against the built app, started by global-setup.ts on a free
 * port over a freshly seeded database. `npm run test:e2e` builds first.
 */
export default defineConfig<object, { lane: TLaneName }>({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // One worker a lane, the two lanes at once: a spec waits on the server and the browser more than
  // on the CPU (a single spec used 0.4 of the 2 CI cores), so the pair takes less wall time.
  workers: 2,
  retries: isCi ? 1 : 0,
  forbidOnly: isCi,
  // Limits that catch a hang, never a slow machine: a wait ends when what it waits for happens, and
  // on a busy shared 2-core machine that can take many times as long as on a quiet one. Speed
  // targets are bench/'s (e.g. `npm run bench:submissions`).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // The real address comes from global setup through the baseURL fixture override in support/test.ts.
    screenshot: 'only-on-failure',
    // On CI a trace is recorded only when a failed test runs again: recording one for every test
    // (its DOM snapshots and screencast) took a third of the suite's CPU on 2 cores (7 December
    // 2026: 1,020 s of CPU and 551 s in all with it, 650 s and 387 s without).
    trace: isCi ? 'on-first-retry' : 'retain-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: SECOND_LANE_SPECS,
      workers: 1,
      use: { ...desktopChromium, lane: 'main' },
    },
    {
      name: 'chromium-second',
      testMatch: SECOND_LANE_SPECS,
      workers: 1,
      use: { ...desktopChromium, lane: 'second' },
    },
  ],
});
