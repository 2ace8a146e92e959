import { chromium, defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './support/find-chromium';

const isCi = Boolean(process.env.CI);

// CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own; none: one line and stop.
const browser = findChromium({ env: process.env, playwrightChromium: chromium.executablePath() });
if (!browser.found) throw new Error(browser.message);

/**
 * Specs that change nothing the other specs read (no class, question, answer, account or school is
 * made, changed or removed; sign-ins only), so they may run beside the rest. A spec added here must
 * stay that way.
 */
const READ_ONLY_SPECS = [
  'accessibility.spec.ts',
  'guards.spec.ts',
  'landing.spec.ts',
  'tablet.spec.ts',
];

/**
 * The specs that change data and run beside the read-only ones; the rest ('chromium-after') start
 * when both are done. The LMS launch in a frame timed out (twice, its retry included) in CI while a
 * read-only spec ran beside it, and has always passed alone: it and the specs after it run alone.
 */
const BESIDE_READ_ONLY = [
  'admin.spec.ts',
  'analytics.spec.ts',
  'answer-groups.spec.ts',
  'answer-sheets.spec.ts',
  'class-marking.spec.ts',
  'classroom.spec.ts',
  'landing-trial.spec.ts',
  'lists-at-scale.spec.ts',
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
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Two at once for the first part: one spec that changes the seeded school's data at a time
  // ('chromium'), and beside it the specs that only read it ('read-only'); then the rest alone. A
  // spec waits on the server and the browser more than on the CPU (a single spec used 0.4 of the 2
  // CI cores), so the pair takes less wall time.
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
    trace: 'retain-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
  },
  projects: [
    { name: 'read-only', testMatch: READ_ONLY_SPECS, workers: 1, use: desktopChromium },
    { name: 'chromium', testMatch: BESIDE_READ_ONLY, workers: 1, use: desktopChromium },
    {
      name: 'chromium-after',
      testIgnore: [...READ_ONLY_SPECS, ...BESIDE_READ_ONLY],
      workers: 1,
      dependencies: ['read-only', 'chromium'],
      use: desktopChromium,
    },
  ],
});
