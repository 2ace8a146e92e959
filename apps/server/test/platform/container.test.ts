import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

/**
 * The Dockerfile and compose.yaml cannot be built here (no Docker engine), so this checks what can be
 * checked: every file they copy exists or is a build output, every command is a real npm script,
 * every variable is one the server reads and takes, and the health routes they probe answer.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const dockerfile = read('Dockerfile');
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<
    string,
    {
      command?: string[];
      environment?: Record<string, string>;
      healthcheck?: { test: string[] };
      ports?: string[];
      volumes?: string[];
    }
  >;
};
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

/** Lines of the Dockerfile with their continuation lines joined. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

/** The variable names the server's configuration schema reads (ZEnv in src/config.ts). */
const configSource = read('apps/server/src/config.ts');
const envBlock = configSource.slice(
  configSource.indexOf('const ZEnv = z.object({'),
  configSource.indexOf('});', configSource.indexOf('const ZEnv = z.object({')),
);
const knownVariables = new Set(
  [...envBlock.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]),
);

/** compose's ${NAME:?message} and ${NAME:-default} with sample values, as an operator would set them. */
function substitute(value: string): string {
  return value.replace(/\$\{([A-Z_]+)(?::[?-]([^}]*))?\}/g, (_all, name: string, rest?: string) => {
    if (name === 'JWT_SECRET') return 'j'.repeat(48);
    if (name === 'METRICS_TOKEN') return 'm'.repeat(32);
    return rest ?? '';
  });
}

/** What `npm run build` writes (scripts/build-if-needed.mjs lists each build's last output). */
const buildOutputs = [...read('scripts/build-if-needed.mjs').matchAll(/output: '([^']+)'/g)].map(
  (m) => m[1] as string,
);

describe('Dockerfile and compose.yaml', () => {
  it('copies only files that exist in the repository, or the outputs of npm run build', () => {
    const copies = instructions.filter((l) => l.startsWith('COPY '));
    expect(copies.length).toBeGreaterThan(5);
    for (const line of copies) {
      const parts = line.split(/\s+/).slice(1);
      const fromBuild = parts[0] === '--from=build';
      const sources = parts.filter((p) => !p.startsWith('--')).slice(0, -1);
      for (const source of sources) {
        const relative = fromBuild ? source.replace(/^\/app\//, '') : source;
        const built =
          fromBuild &&
          (relative === 'node_modules' ||
            buildOutputs.some((output) => output.startsWith(`${relative}/`)));
        expect(built || existsSync(path.join(root, relative)), `${line}: ${relative}`).toBe(true);
      }
    }
    // The server bundle has the entry points that `npm start` and `npm run worker` run.
    const serverBuild = read('apps/server/build.mjs');
    expect(serverBuild).toContain("'src/main.ts'");
    expect(serverBuild).toContain("'src/worker.ts'");
    expect(serverBuild).toContain("cpSync('src/db/migrations', 'dist/migrations'");
    expect(read('scripts/start.mjs')).toContain("'worker.js' : 'main.js'");
  });

  it('runs real npm scripts', () => {
    expect(instructions).toContain(
      'RUN npm run build && npm prune --omit=dev --no-audit --no-fund',
    );
    expect(packageJson.scripts.build).toBeDefined();
    const cmd = instructions.find((l) => l.startsWith('CMD '));
    expect(cmd).toBe('CMD ["npm", "start"]');
    expect(compose.services.app?.command).toEqual(['npm', 'start']);
    expect(compose.services.worker?.command).toEqual(['npm', 'run', 'worker']);
    expect(packageJson.scripts.start).toBe('node scripts/start.mjs');
    expect(packageJson.scripts.worker).toBe('node scripts/start.mjs --worker');
  });

  it('sets only variables the server reads, with values it accepts', () => {
    const envLine = instructions.find((l) => l.startsWith('ENV ')) ?? '';
    const imageEnv = Object.fromEntries(
      [...envLine.matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]),
    );
    expect(Object.keys(imageEnv).length).toBeGreaterThan(3);
    for (const name of ['app', 'worker']) {
      const environment = compose.services[name]?.environment ?? {};
      const env: Record<string, string> = { ...imageEnv };
      for (const [key, value] of Object.entries(environment)) {
        expect(knownVariables.has(key), `${name}: ${key} is not read by the server`).toBe(true);
        env[key] = substitute(String(value));
      }
      for (const key of Object.keys(imageEnv)) expect(knownVariables.has(key), key).toBe(true);
      const config = loadConfig(env);
      expect(config.databaseUrl).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.jobs.runInApi).toBe(false);
    }
    expect(compose.services.worker?.environment?.METRICS_PORT).toBe('9464');
  });

  it('points the balancer at the API port and its readiness route', () => {
    const haproxy = read('docker/haproxy.cfg');
    expect(compose.services.balancer?.volumes).toContain(
      './docker/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
    );
    expect(haproxy).toContain('option httpchk GET /readyz');
    expect(haproxy).toContain(`app:${compose.services.app?.environment?.PORT}`);
    expect(compose.services.balancer?.ports).toEqual(['8080:8080']);
    expect(haproxy).toContain('bind :8080');
    const check = spawnSync('haproxy', ['-c', '-f', path.join(root, 'docker/haproxy.cfg')], {
      encoding: 'utf8',
    });
    // Checked by HAProxy itself where it is installed (CI installs it for the drill).
    if (!check.error) expect(check.status, check.stderr).toBe(0);
  });

  describe('health checks', () => {
    const TOKEN = 'container-metrics-token-0123456789';
    let t: TTestApp;
    beforeAll(async () => {
      t = await buildTestApp({ METRICS_TOKEN: TOKEN });
    });
    afterAll(() => t.close());

    it('answers the routes the image, compose and the balancer probe', async () => {
      const probes = [
        instructions.find((l) => l.startsWith('HEALTHCHECK ')) ?? '',
        ...Object.values(compose.services).map((s) => (s.healthcheck?.test ?? []).join(' ')),
      ].join('\n');
      const paths = [...probes.matchAll(/(\/[a-z]+)'[),]/g)].map((m) => m[1]);
      expect(new Set(paths)).toEqual(new Set(['/healthz', '/readyz', '/metrics']));
      for (const url of ['/healthz', '/readyz']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
      // The worker's metrics server checks the same bearer token as the API's /metrics.
      const metrics = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.statusCode).toBe(200);
      expect(read('apps/server/src/worker.ts')).toContain("request.url !== '/metrics'");
    });
  });
});
