import { chromium, defineConfig, devices } from '@playwright/test';
import { findChromium } from './support/find-chromium';

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
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // The real address comes from global setup through the baseURL fixture override in support/test.ts.
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: browser.path,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
