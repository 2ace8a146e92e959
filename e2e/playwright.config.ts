import { chromium, defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './support/find-chromium';

const isCi = Boolean(process.env.CI);

// CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own; none: one line and stop.
const browser = findChromium({ env: process.env, playwrightChromium: chromium.executablePath() });
if (!browser.found) throw new Error(browser.message);

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
  workers: 1,
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
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: browser.path,
          args: CHROMIUM_FLAGS,
        },
      },
    },
  ],
});
