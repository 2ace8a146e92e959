import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, findChromium } from './find-chromium';

const only =
  (...present: string[]) =>
  (file: string) =>
    present.includes(file);

describe('finding Chromium for the browser tests', () => {
  it('takes CHROMIUM_PATH first, then /usr/bin/chromium, then Playwright’s own', () => {
    const own = '/root/.cache/ms-playwright/chromium-1/chrome-linux/chrome';
    expect(
      findChromium({
        env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
        exists: only('/opt/chrome/chrome', DEBIAN_CHROMIUM, own),
        playwrightChromium: own,
      }),
    ).toEqual({ found: true, path: '/opt/chrome/chrome' });
    expect(
      findChromium({ env: {}, exists: only(DEBIAN_CHROMIUM, own), playwrightChromium: own }),
    ).toEqual({ found: true, path: DEBIAN_CHROMIUM });
    expect(findChromium({ env: {}, exists: only(own), playwrightChromium: own })).toEqual({
      found: true,
      path: own,
    });
  });

  it('says in one line what to install and how when there is none', () => {
    const lookup = findChromium({
      env: {},
      exists: only(),
      playwrightChromium: '/nowhere/chrome',
    });
    expect(lookup.found).toBe(false);
    if (lookup.found) return;
    expect(lookup.message).toContain('apt-get install chromium');
    expect(lookup.message).not.toContain('\n');
  });

  it('names a CHROMIUM_PATH that does not exist instead of quietly using another browser', () => {
    const lookup = findChromium({
      env: { CHROMIUM_PATH: '/opt/missing/chrome' },
      exists: only(DEBIAN_CHROMIUM),
    });
    expect(lookup).toMatchObject({ found: false });
    expect(lookup.found ? '' : lookup.message).toContain('CHROMIUM_PATH=/opt/missing/chrome');
  });

  it('stops `npm run test:e2e` before the build with that line and exit code 1', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'e2e/check-browser.ts')],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, CHROMIUM_PATH: '/opt/missing/chrome' },
      },
    );
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('apt-get install chromium');
  });
});
