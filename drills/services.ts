// The drill's own PostgreSQL and Redis, in a temporary folder on spare ports, so that a drill can
// restart them without touching the machine's own servers. Both are torn down by stop().
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function run(command: string, args: string[], asUser: string | null): SpawnSyncReturns<string> {
  const [cmd, argv] = asUser
    ? ['runuser', ['-u', asUser, '--', command, ...args]]
    : [command, args];
  return spawnSync(cmd, argv, { encoding: 'utf8' });
}

function must(result: SpawnSyncReturns<string>, what: string): void {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} failed:\n${result.stderr || result.stdout}`);
}

/** initdb and pg_ctl from PATH, else from Debian's /usr/lib/postgresql/<newest>/bin. */
function postgresBin(name: string): string {
  if (!run('which', [name], null).status) return name;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const full = path.join(base, v, 'bin', name);
    if (existsSync(full)) return full;
  }
  throw new Error(`${name} not found: install PostgreSQL (apt-get install postgresql)`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type TServices = {
  databaseUrl: string;
  redisUrl: string;
  restartPostgres(): Promise<void>;
  restartRedis(): Promise<void>;
  stop(): Promise<void>;
};

async function waitFor(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return;
    await sleep(100);
  }
  throw new Error(`${what} did not come up within ${ms / 1000} s`);
}

/**
 * Starts PostgreSQL (as the `postgres` user when run as root: it refuses root) and Redis with an
 * append-only file (as a production queue must, or a restart loses the queued jobs).
 */
export async function startServices(ports: {
  postgres: number;
  redis: number;
}): Promise<TServices> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stem-drill-'));
  chmodSync(dir, 0o777);
  const asUser = process.getuid?.() === 0 ? 'postgres' : null;
  const pgData = path.join(dir, 'pg');
  const pgCtl = postgresBin('pg_ctl');
  must(
    run(
      postgresBin('initdb'),
      ['-D', pgData, '-A', 'trust', '-U', 'postgres', '--no-sync'],
      asUser,
    ),
    'initdb',
  );
  const pgOptions = `-p ${ports.postgres} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgStart = () =>
    must(
      run(
        pgCtl,
        ['-D', pgData, '-l', path.join(dir, 'pg.log'), '-o', pgOptions, '-w', 'start'],
        asUser,
      ),
      'pg_ctl start',
    );
  pgStart();

  const redisDir = path.join(dir, 'redis');
  spawnSync('mkdir', ['-p', redisDir]);
  let redis = spawnRedis(redisDir, ports.redis);
  const redisUp = () =>
    run('redis-cli', ['-p', String(ports.redis), 'ping'], null).stdout.trim() === 'PONG';
  await waitFor(redisUp, 'redis-server');

  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${ports.postgres}/postgres`,
    redisUrl: `redis://127.0.0.1:${ports.redis}`,
    async restartPostgres() {
      // A fast shutdown ends every connection at once, as a crash or a failover would.
      must(run(pgCtl, ['-D', pgData, '-m', 'fast', '-w', 'stop'], asUser), 'pg_ctl stop');
      pgStart();
    },
    async restartRedis() {
      const exited = new Promise((resolve) => redis.once('exit', resolve));
      redis.kill('SIGTERM');
      await exited;
      redis = spawnRedis(redisDir, ports.redis);
      await waitFor(redisUp, 'redis-server');
    },
    async stop() {
      if (redis.exitCode === null) {
        const exited = new Promise((resolve) => redis.once('exit', resolve));
        redis.kill('SIGTERM');
        await exited;
      }
      run(pgCtl, ['-D', pgData, '-m', 'immediate', '-w', 'stop'], asUser);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function spawnRedis(dir: string, port: number) {
  return spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--save',
      '',
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: 'ignore' },
  );
}
