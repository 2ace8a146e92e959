import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleWorkspaces } from './build-if-needed.mjs';

/** Writes `file` under `base` with the given modification time (seconds since the epoch). */
function put(base, file, seconds) {
  const full = path.join(base, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, 'x');
  utimesSync(full, seconds, seconds);
}

describe('npm start builds only what is missing or out of date', () => {
  let base;
  beforeEach(() => {
    base = mkdtempSync(path.join(tmpdir(), 'stem-build-'));
    put(base, 'packages/contract/src/messages.ts', 1_000);
    put(base, 'apps/web/src/main.tsx', 1_000);
    put(base, 'apps/web/index.html', 1_000);
    put(base, 'apps/server/src/main.ts', 1_000);
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('builds both on a fresh clone', () => {
    expect(staleWorkspaces(base)).toEqual(['apps/web', 'apps/server']);
  });

  it('builds nothing when both builds are newer than every source', () => {
    put(base, 'apps/web/dist/index.html', 2_000);
    put(base, 'apps/server/dist/main.js', 2_000);
    expect(staleWorkspaces(base)).toEqual([]);
  });

  it('rebuilds only the side whose sources changed, and both when the contract changed', () => {
    put(base, 'apps/web/dist/index.html', 2_000);
    put(base, 'apps/server/dist/main.js', 2_000);
    put(base, 'apps/server/src/modules/auth/auth.routes.ts', 3_000);
    expect(staleWorkspaces(base)).toEqual(['apps/server']);
    put(base, 'packages/contract/src/messages.ts', 4_000);
    expect(staleWorkspaces(base)).toEqual(['apps/web', 'apps/server']);
  });

  it('ignores node_modules and earlier build output inside the sources', () => {
    put(base, 'apps/web/dist/index.html', 2_000);
    put(base, 'apps/server/dist/main.js', 2_000);
    put(base, 'apps/web/src/node_modules/some-package/index.js', 5_000);
    put(base, 'apps/server/src/dist/old.js', 5_000);
    expect(staleWorkspaces(base)).toEqual([]);
  });
});
