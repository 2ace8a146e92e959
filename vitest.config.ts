import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { isPdfjsCancelNoise } from './apps/server/src/extraction/pdf-cancel-noise.ts';

/**
 * Most test files wait on PostgreSQL, Redis, child processes and timers rather than the CPU, so more
 * files run at once than there are cores (Vitest's default is one fewer than the cores: a single file
 * at a time on a 2-core CI machine, 574 s there; three at once took 204 s on the same kind of machine).
 */
const maxWorkers = Math.max(3, os.availableParallelism());

/**
 * How long a test or hook may take before it counts as hung. Only a hang fails here: no test races
 * the wall clock (a test that waits for something waits for the event, and speed targets are in
 * bench/). Generous, because a busy shared 2-core machine (load average 11) stretches a server test
 * that takes 2 s on a quiet one to 45 s.
 */
const HANG_MS = { testTimeout: 120_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    maxWorkers,
    // pdf.js's dangling rejection after a page is stopped over budget (see pdf-cancel-noise.ts).
    onUnhandledError: (error) => !isPdfjsCancelNoise(error),
    projects: [
      {
        test: {
          name: 'contract',
          ...HANG_MS,
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scripts',
          ...HANG_MS,
          include: ['scripts/**/*.test.mjs', 'e2e/support/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          ...HANG_MS,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          ...HANG_MS,
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
