import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const base = { DATA_DIR: dataDir };

function messageOf(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted a bad value');
}

describe('platform.config', () => {
  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/stem'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['SMTP_URL', 'mail.example.com'],
    ['APP_URL', 'not a url'],
    ['JWT_SECRET', 'too-short'],
    ['NODE_ENV', 'staging'],
    ['AI_PROVIDER', 'magic'],
    ['SCAN_IMAGE_KEY', 'not-32-bytes'],
    ['SCAN_IMAGE_KEY', 'ab'.repeat(31)],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    const message = messageOf({ [name]: value });
    expect(message).toContain(name);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('requires OWNER_EMAIL and OWNER_PASSWORD together', () => {
    expect(messageOf({ OWNER_EMAIL: 'owner@example.com' })).toContain('OWNER_PASSWORD');
  });

  it('applies the defaults and lower-cases the owner e-mail', () => {
    const config = loadConfig({
      ...base,
      OWNER_EMAIL: 'Boss@Example.COM',
      OWNER_PASSWORD: 'long-enough',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      owner: { email: 'boss@example.com', password: 'long-enough' },
    });
  });

  it('keeps one generated JWT secret in DATA_DIR across restarts', () => {
    const first = loadConfig(base).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(base).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
  });

  it("takes SCAN_IMAGE_KEY as hex or base64, else derives the scan images' key from JWT_SECRET", () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef');
    const hex = loadConfig({ ...base, SCAN_IMAGE_KEY: key.toString('hex') }).scanImageKey();
    const b64 = loadConfig({ ...base, SCAN_IMAGE_KEY: key.toString('base64') }).scanImageKey();
    expect(hex.equals(key)).toBe(true);
    expect(b64.equals(key)).toBe(true);
    // Processes sharing JWT_SECRET share the key (a worker's images open in the API); another
    // secret gives another key, and neither is the secret itself.
    const secret = { ...base, JWT_SECRET: 'a-shared-secret-of-at-least-32-characters' };
    const one = loadConfig(secret).scanImageKey();
    expect(one).toHaveLength(32);
    expect(loadConfig(secret).scanImageKey().equals(one)).toBe(true);
    const other = loadConfig({ ...base, JWT_SECRET: 'another-secret-of-at-least-32-characters' });
    expect(other.scanImageKey().equals(one)).toBe(false);
    expect(one.toString('utf8')).not.toContain('shared-secret');
  });
});
