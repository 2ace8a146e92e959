// `npm run cluster`: the scaled topology on one machine, without containers, for drills and load runs:
// N API processes and M workers on one PostgreSQL and one Redis, behind HAProxy (Debian's `haproxy`),
// which sends traffic only to processes whose /readyz answers 200.
//
//   DATABASE_URL=postgres://... REDIS_URL=redis://... npm run cluster -- --api 2 --workers 2 --port 8080
//
// It prints one JSON line ({ balancer, api: [{ pid, port }], workers: [{ pid }], haproxy }) once every
// API process is ready, then keeps running until Ctrl-C (or SIGTERM), which stops everything it
// started. Logs go to DATA_DIR/cluster/. A drill may kill -9 any of the printed processes; the cluster
// restarts a killed process after --restart-ms (default 2000), as a process manager would.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write(`--${name} must be a whole number\n`);
    process.exit(1);
  }
  return value;
}

const apiCount = option('api', 2);
const workerCount = option('workers', 2);
const balancerPort = option('port', 8080);
const basePort = option('base-port', 3200);
const restartMs = option('restart-ms', 2000);

for (const name of ['DATABASE_URL', 'REDIS_URL']) {
  if (!process.env[name]) {
    process.stderr.write(
      `${name} is required: several processes share one PostgreSQL and one Redis\n`,
    );
    process.exit(1);
  }
}
const haproxyFound = spawnSync('haproxy', ['-v'], { stdio: 'ignore' });
if (haproxyFound.error) {
  process.stderr.write('haproxy is not installed: apt-get install haproxy\n');
  process.exit(1);
}

buildIfNeeded();
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
const logDir = path.join(dataDir, 'cluster');
mkdirSync(logDir, { recursive: true });

// Every process signs and checks tokens with the same secret.
const env = {
  NODE_ENV: 'production',
  WEB_DIST: path.join(root, 'apps/web/dist'),
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(48).toString('base64'),
  RUN_JOBS_IN_API: 'false',
  TRUST_PROXY: 'true',
  ...process.env,
};

let stopping = false;
const children = new Map();

function start(name, entry, extraEnv) {
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist', entry)], {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    process.stderr.write(`${name} exited (${signal ?? code}); restarting in ${restartMs} ms\n`);
    setTimeout(() => {
      if (!stopping) {
        const again = start(name, entry, extraEnv);
        process.stdout.write(`${JSON.stringify({ restarted: name, pid: again.pid })}\n`);
      }
    }, restartMs);
  });
  return child;
}

const api = [];
for (let i = 0; i < apiCount; i += 1) {
  const port = basePort + i;
  const child = start(`api-${i + 1}`, 'main.js', { PORT: String(port), HOST: '127.0.0.1' });
  api.push({ name: `api-${i + 1}`, pid: child.pid, port });
}
const workers = [];
for (let i = 0; i < workerCount; i += 1) {
  const child = start(`worker-${i + 1}`, 'worker.js', {});
  workers.push({ name: `worker-${i + 1}`, pid: child.pid });
}

// HAProxy: round robin over the API processes that answer /readyz; a process that stops answering is
// taken out within 2 s and put back when it answers again. A request that fails to connect is retried
// on another process.
const config = `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  retries 2
  option redispatch
  retry-on conn-failure empty-response response-timeout
frontend stem
  bind 127.0.0.1:${balancerPort}
  default_backend api
backend api
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 1
${api.map((a) => `  server ${a.name} 127.0.0.1:${a.port} check`).join('\n')}
`;
const configFile = path.join(logDir, 'haproxy.cfg');
writeFileSync(configFile, config);
const haproxy = spawn('haproxy', ['-f', configFile, '-db'], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
const haproxyLog = createWriteStream(path.join(logDir, 'haproxy.log'), { flags: 'a' });
haproxy.stdout.pipe(haproxyLog);
haproxy.stderr.pipe(haproxyLog);

async function ready(port) {
  for (let i = 0; i < 600; i += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`port ${port} did not become ready within 60 s`);
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  haproxy.kill('SIGTERM');
  const exits = [...children.values()].map(
    (child) => new Promise((resolve) => child.once('exit', resolve)),
  );
  for (const child of children.values()) child.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  for (const child of children.values()) child.kill('SIGKILL');
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

try {
  await Promise.all(api.map((a) => ready(a.port)));
  await ready(balancerPort);
} catch (error) {
  process.stderr.write(`${error.message}; logs in ${logDir}\n`);
  await stop(1);
}
process.stdout.write(
  `${JSON.stringify({
    balancer: `http://127.0.0.1:${balancerPort}`,
    api: api.map(({ name, pid, port }) => ({ name, pid, port })),
    workers: workers.map(({ name, pid }) => ({ name, pid })),
    haproxy: haproxy.pid,
    logs: logDir,
  })}\n`,
);
