import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase } from '../../src/db/client';

/**
 * The built-in database serves one process: a seed run while `npm start` serves the same DATA_DIR
 * wrote accounts the server never saw ("Invalid credentials" for every printed account) and put the
 * files at risk. A second process is refused with a message naming the first; a lock left by a
 * process that has ended is taken over.
 */
describe('the built-in database in DATA_DIR', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  // Opening a new built-in database (and its migrations) alone takes a minute on a busy machine.
  it('refuses a second process, takes over a dead one, and lets go on close', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-lock-'));
    dirs.push(dataDir);
    const lock = path.join(dataDir, 'pglite.lock');
    // Another live process holds it (as `npm start` would).
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      writeFileSync(lock, `${other.pid}\n`);
      const refused = await openDatabase({ kind: 'pglite', dataDir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DatabaseInUseError);
      expect((refused as Error).message).toContain(`pid ${other.pid}`);
      expect((refused as Error).message).toContain('stop that process, then try again');
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // It has ended: its lock is stale and taken over.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.ping();
    await database.close();
    expect(existsSync(lock)).toBe(false);
  }, 240_000);
});
