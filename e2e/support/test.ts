import { test as base, expect } from '@playwright/test';
import { baseUrl, useLane, type TLaneName } from './run-state';

/**
 * Console errors a healthy page may still print: the browser logs every 4xx reply (a wrong password
 * is a 401), which the page itself handles.
 */
const EXPECTED_CONSOLE_ERRORS = [
  /^Failed to load resource: the server responded with a status of 4\d\d/,
];

/**
 * Playwright's test with baseURL pointing at the server global setup started, and a page that fails
 * the test on an uncaught exception or an unexpected console error (a CSP violation, a React crash).
 */
export const test = base.extend<object, { lane: TLaneName; laneState: undefined }>({
  /** The server this project's specs run against (playwright.config.ts sets it per project). */
  lane: ['main', { scope: 'worker', option: true }],
  // A worker runs one project's specs only, so it takes that project's lane once, before any hook.
  laneState: [
    async ({ lane }, use) => {
      useLane(lane);
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  // Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!EXPECTED_CONSOLE_ERRORS.some((pattern) => pattern.test(text))) {
        problems.push(`console: ${text}`);
      }
    });
    await use(page);
    expect(problems, 'errors in the browser console').toEqual([]);
  },
});

export { expect };
