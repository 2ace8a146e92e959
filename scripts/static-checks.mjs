#!/usr/bin/env node
// The static checks of `npm test`: each TypeScript project, ESLint and Prettier. Each is one
// single-threaded process, so they run side by side (two at a time by default: the CI machine has 2
// cores) rather than one after another. Each check's output is printed whole when it ends, with its
// time; the exit code is non-zero when any check failed. STATIC_CHECKS_AT_ONCE changes how many run
// at once; an argument (`tsc`, `eslint`, `prettier`) runs only the checks whose name starts with it.
import { spawn } from 'node:child_process';
import os from 'node:os';

/** The TypeScript projects, the largest first (`npm run typecheck` checks these alone). */
const TS_PROJECTS = ['apps/server', 'apps/web', 'e2e', 'bench', 'drills', 'packages/contract'];

/** Longest first, so the slow ones start at once and the short ones fill the gaps. */
const ALL = [
  { name: 'eslint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  ...TS_PROJECTS.map((project) => ({
    name: `tsc -p ${project}`,
    command: 'npx',
    args: ['tsc', '-p', project],
  })),
  { name: 'prettier', command: 'npx', args: ['prettier', '--check', '.'] },
];

// `node scripts/static-checks.mjs tsc`: the TypeScript projects only.
const only = process.argv[2];
const CHECKS = only ? ALL.filter((check) => check.name.startsWith(only)) : ALL;
if (CHECKS.length === 0) throw new Error(`no static check is called ${only}`);

const atOnce = Math.max(
  1,
  Number(process.env.STATIC_CHECKS_AT_ONCE) || Math.min(2, os.availableParallelism()),
);

function run(check) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(check.command, check.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(
        `${ok ? 'ok' : 'FAILED'}: ${check.name} (${seconds} s)${signal ? ` by ${signal}` : ''}\n`,
      );
      const text = Buffer.concat(output).toString();
      if (!ok || text.trim() !== '') process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      resolve(ok);
    });
  });
}

const queue = [...CHECKS];
let failed = 0;
await Promise.all(
  Array.from({ length: atOnce }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      if (!(await run(check))) failed += 1;
    }
  }),
);
if (failed > 0) {
  process.stdout.write(`${failed} of ${CHECKS.length} static checks failed\n`);
  process.exit(1);
}
