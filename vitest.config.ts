import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Most test files wait on PostgreSQL, Redis, child processes and timers rather than the CPU, so more
 * files run at once than there are cores (Vitest's default is one fewer than the cores: a single file
 * at a time on a 2-core CI machine, 574 s there; three at once took 204 s on the same kind of machine).
 */
const maxWorkers = Math.max(3, os.availableParallelism());

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs', 'e2e/support/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
