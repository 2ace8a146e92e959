// Builds the web app and the server when their output is missing or older than their sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(folder) {
  let newest = 0;
  if (!existsSync(folder)) return newest;
  if (!statSync(folder).isDirectory()) return statSync(folder).mtimeMs;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(base, output, sources) {
  const built = path.join(base, output);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestMtime(path.join(base, source)) > builtAt);
}

const CONTRACT = 'packages/contract/src';

/** What each build writes last, and what it is built from. */
const TARGETS = [
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', CONTRACT],
  },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', CONTRACT],
  },
];

/** The workspaces under `base` whose build is missing or older than one of their sources. */
export function staleWorkspaces(base = root) {
  return TARGETS.filter((t) => isStale(base, t.output, t.sources)).map((t) => t.workspace);
}

function run(workspace) {
  // Build output goes to stderr so that `seed -- --json` keeps stdout clean.
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: ['ignore', 2, 2] });
}

export function buildIfNeeded() {
  for (const workspace of staleWorkspaces()) run(workspace);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
