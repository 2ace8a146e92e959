import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_PRESS_SCRIPT } from '@stem/contract/landing-press';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

/** A web build with its pages: the app (index.html), the landing page's entry, the login page's. */
function webDist(withLanding: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stem-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
  if (withLanding)
    writeFileSync(path.join(dir, 'landing.html'), '<!doctype html><title>landing</title>');
  if (withLanding)
    writeFileSync(path.join(dir, 'login.html'), '<!doctype html><title>login</title>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {};');
  return dir;
}

describe('platform.pages', () => {
  let t: TTestApp;
  let dist: string;
  beforeAll(async () => {
    dist = webDist(true);
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the landing entry for /, with or without a query string', async () => {
    for (const url of ['/', '/?payment_status=cancelled']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<title>landing</title>');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });

  it("allows the landing page's one inline script by its hash, and no other inline script", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const scriptSrc = /script-src ([^;]+)/.exec(
      String(response.headers['content-security-policy']),
    );
    const hash = createHash('sha256').update(EARLY_PRESS_SCRIPT).digest('base64');
    expect(scriptSrc?.[1]).toBe(`'self' 'sha256-${hash}'`);
  });

  it('sends the login page with its HTML written in for /login, with or without a query string', async () => {
    for (const url of ['/login', '/login?expired=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<title>login</title>');
    }
  });

  it("sends the app's page for every other route, and 404 for a missing file or API route", async () => {
    for (const url of ['/login/verify', '/dashboard', '/register?showTrial=true', '/class/1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>app</title>');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/nothing' })).statusCode).toBe(404);
  });
});

describe('platform.pages without a landing entry', () => {
  it("sends the app's page for / and /login (a build from before those entries)", async () => {
    const dist = webDist(false);
    const t = await buildTestApp({ WEB_DIST: dist });
    try {
      for (const url of ['/', '/login']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain('<title>app</title>');
      }
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
