import os from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
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

/**
 * Server test files that need a process of their own each (isolate: true, in the 'server-own'
 * project) while the rest share one module graph per worker (isolate: false, below):
 * - login.test.ts replaces a module with vi.mock: in a shared graph the module may already have been
 *   loaded unmocked by an earlier file;
 * - local-engines.test.ts loads opencv.js (PaddleOCR), which installs process-wide handlers that
 *   abort the process on any later unhandled rejection (pdf.js's cancel noise in pdf.test.ts ended
 *   a shared worker on Node 22).
 */
const SERVER_OWN_PROCESS = [
  'apps/server/test/auth/login.test.ts',
  'apps/server/test/extraction/local-engines.test.ts',
];

function serverProject(
  name: string,
  files: { include: string[]; exclude?: string[]; isolate: boolean },
): TestProjectInlineConfiguration {
  return {
    test: { name, ...files, globalSetup: ['apps/server/test/global-setup.ts'], ...HANG_MS },
  };
}

/** Web test files that mock a module with vi.mock (see the 'web-mocks' project). */
const WEB_MODULE_MOCKS = ['apps/web/src/features/payments/payments-pages.test.tsx'];

function webProject(
  name: string,
  files: { include: string[]; exclude?: string[]; isolate: boolean },
): TestProjectInlineConfiguration {
  return {
    esbuild: { jsx: 'automatic' },
    test: {
      name,
      ...files,
      environment: 'jsdom',
      ...HANG_MS,
      setupFiles: ['apps/web/src/test/setup.ts'],
    },
  };
}

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
      serverProject('server', {
        include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
        exclude: SERVER_OWN_PROCESS,
        // One module graph per worker, not per file (each file still builds its own app and
        // database): on the teaching and dashboard files the CPU time fell from 114 s to 69 s.
        isolate: false,
      }),
      serverProject('server-own', { include: SERVER_OWN_PROCESS, isolate: true }),
      webProject('web', {
        include: ['apps/web/src/**/*.test.{ts,tsx}'],
        exclude: WEB_MODULE_MOCKS,
        // One module graph and one jsdom per worker, not per file: the web files' CPU time falls
        // from 303 s to 119 s (46 files, this 2-core machine). setup.ts resets what a file may leave
        // behind (storage, timers, the address, the title) before each file.
        isolate: false,
      }),
      webProject('web-mocks', { include: WEB_MODULE_MOCKS, isolate: true }),
    ],
  },
});
