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

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((folder) => newestMtime(path.join(root, folder)) > built);
}

function run(workspace) {
  // Build output goes to stderr so that `seed -- --json` keeps stdout clean.
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: ['ignore', 2, 2] });
}

export function buildIfNeeded() {
  const contract = 'packages/contract/src';
  if (
    isStale(path.join(root, 'apps/web/dist/index.html'), [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      contract,
    ])
  ) {
    run('apps/web');
  }
  if (isStale(path.join(root, 'apps/server/dist/main.js'), ['apps/server/src', contract])) {
    run('apps/server');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
