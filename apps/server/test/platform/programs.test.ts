import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, AUTH_PATHS, fillPath, TRIAL_LIMIT_PATHS } from '@stem/contract/api';
import { TRIAL_DAYS } from '@stem/contract/limits';
import { SCHOOL_CODE_PATTERN } from '@stem/contract/school-code';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { DEMO_SHAPE } from '../../src/modules/demo/demo.service';

// One admin, the demo teachers and the demo students.
const DEMO_ACCOUNTS = 1 + DEMO_SHAPE.teachers + DEMO_SHAPE.students;

/**
 * The seed and worker entry points, built the way build.mjs builds them and run as real processes
 * against a PGlite DATA_DIR of their own.
 */

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
// Inside apps/server so the bundles resolve their npm dependencies from node_modules.
const cacheRoot = path.join(serverRoot, 'node_modules', '.cache');
let outDir: string;
let dataDir: string;

beforeAll(async () => {
  mkdirSync(cacheRoot, { recursive: true });
  outDir = mkdtempSync(path.join(cacheRoot, 'stem-programs-'));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'stem-programs-data-'));
  const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    entryPoints: [path.join(serverRoot, 'src/seed.ts'), path.join(serverRoot, 'src/worker.ts')],
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@stem/')),
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  cpSync(path.join(serverRoot, 'src/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
}, 120_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
});

function run(
  script: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(outDir, script), ...args], { env: env() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

type TSeedJson = {
  school: { name: string; code: string };
  accounts: { role: string; name: string; email: string; password: string }[];
  schools?: { school: { name: string; code: string } }[];
  trial?: {
    school: { name: string; code: string };
    teacher: { name: string; email: string; password: string };
  };
};

describe('platform.seed', () => {
  it('prints only one JSON object with --json, and its accounts sign in', async () => {
    const result = await run('seed.js', ['--json', '--password', 'seeded-password']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const seeded = JSON.parse(lines[0] as string) as TSeedJson;
    expect(seeded.school.code).toMatch(SCHOOL_CODE_PATTERN);
    expect(seeded.accounts).toHaveLength(DEMO_ACCOUNTS);
    expect(seeded.accounts.map((a) => a.role).filter((r) => r === 'teacher')).toHaveLength(2);
    expect(seeded.accounts.every((a) => a.password === 'seeded-password')).toBe(true);
    expect(result.stderr).toContain('demo data created');

    const config = loadConfig({ ...env(), NODE_ENV: 'test' });
    const app = await buildApp(config);
    try {
      const admin = seeded.accounts.find((a) => a.role === 'admin');
      const response = await app.inject({
        method: 'POST',
        url: apiPath(AUTH_PATHS.login),
        payload: { email: admin?.email, password: 'seeded-password' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ role: 'admin', school: seeded.school });
    } finally {
      await app.close();
    }
  }, 120_000);

  it('creates more schools when run again (--scale), and prints logins readably without --json', async () => {
    const scaled = await run('seed.js', ['--json', '--scale', '3']);
    expect(scaled.code, scaled.stderr).toBe(0);
    const seeded = JSON.parse(scaled.stdout) as TSeedJson;
    expect(seeded.schools).toHaveLength(3);
    expect(new Set(seeded.schools?.map((s) => s.school.code)).size).toBe(3);

    const readable = await run('seed.js', []);
    expect(readable.code, readable.stderr).toBe(0);
    expect(readable.stdout).toMatch(/School code: [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    expect(readable.stdout).toMatch(/admin\s+admin\.[a-z0-9]{16}@example\.com/);
    expect(readable.stdout).toContain('password: ');
  }, 120_000);

  it('adds a trial school whose teacher is at the class and question limit with --trial', async () => {
    const startedAt = Date.now();
    const result = await run('seed.js', ['--json', '--trial', '--password', 'trial-password']);
    expect(result.code, result.stderr).toBe(0);
    const seeded = JSON.parse(result.stdout) as TSeedJson;
    // The rest of the output keeps its shape: one demo school and its accounts.
    expect(seeded.accounts).toHaveLength(DEMO_ACCOUNTS);
    expect(seeded.schools).toBeUndefined();
    const trial = seeded.trial;
    expect(trial?.school.code).toMatch(SCHOOL_CODE_PATTERN);
    expect(trial?.school.code).not.toBe(seeded.school.code);
    expect(trial?.teacher.password).toBe('trial-password');

    const config = loadConfig({ ...env(), NODE_ENV: 'test' });
    const app = await buildApp(config);
    try {
      const login = await app.inject({
        method: 'POST',
        url: apiPath(AUTH_PATHS.login),
        payload: { email: trial?.teacher.email, password: 'trial-password' },
      });
      expect(login.statusCode).toBe(200);
      const session = login.json<{ token: string; user: { role: string; accountType: string } }>();
      expect(session.user).toMatchObject({ role: 'teacher', accountType: 'trial' });
      expect(login.json()).toMatchObject({ school: trial?.school });

      const details = await app.inject({
        method: 'GET',
        url: apiPath(AUTH_PATHS.schoolDetails),
        headers: { authorization: `Bearer ${session.token}` },
      });
      const expiresAt = details.json<{ data: { trialDetails: { expiresAt: string } } }>().data
        .trialDetails.expiresAt;
      const days = (Date.parse(expiresAt) - startedAt) / (24 * 60 * 60 * 1000);
      expect(days).toBeGreaterThan(TRIAL_DAYS - 0.1);
      expect(days).toBeLessThan(TRIAL_DAYS + 0.1);

      for (const limitType of ['classes', 'questions']) {
        const check = await app.inject({
          method: 'GET',
          url: apiPath(fillPath(TRIAL_LIMIT_PATHS.validate, { limitType })),
          headers: { authorization: `Bearer ${session.token}` },
        });
        expect(check.statusCode).toBe(200);
        expect(check.json()).toMatchObject({
          isTrial: true,
          count: 3,
          limit: 3,
          canProceed: false,
        });
      }
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses a bad --scale with a clear message', async () => {
    const result = await run('seed.js', ['--scale', 'lots']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--scale');
  });
});

describe('platform.worker', () => {
  it('purges expired tokens at start and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [path.join(outDir, 'worker.js')], { env: env() });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await expect
      .poll(() => stdout.includes('expired auth tokens purged'), { timeout: 30_000, interval: 100 })
      .toBe(true);
    expect(stdout).toContain('STEM@Home worker started');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toContain('worker shutting down');
  }, 120_000);
});
