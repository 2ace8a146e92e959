import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { API_BASE, OIDC_CALLBACK_PAGE } from '@stem/contract/api';
import { LTI_PATHS } from '@stem/contract/lti';
import type { JSONWebKeySet } from 'jose';
import {
  startFakeClassroom,
  type TFakeClassroom,
} from '../apps/server/test/helpers/fake-classroom';
import {
  startTestOidcProvider,
  type TTestOidcProvider,
} from '../apps/server/test/helpers/oidc-provider';
import {
  startTestLtiPlatform,
  type TTestLtiPlatform,
} from '../apps/server/test/helpers/lti-platform';
import {
  CLASSROOM_COURSE,
  LANES,
  OWNER,
  STATE_ENV,
  type TLaneName,
  type TLaneState,
} from './support/run-state';

/** The list-at-scale test's teacher's submissions (issue 14: a busy teacher's year). */
const VOLUME_SUBMISSIONS = 20_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDist = path.join(root, 'apps/server/dist');
const webDist = path.join(root, 'apps/web/dist');

/** The server's own variables: a developer's settings must not leak into the run. */
const APP_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'APP_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'QUEUE_PREFIX',
  'RUN_JOBS_IN_API',
  'MARKING_ATTEMPTS',
  'MARKING_BACKOFF_MS',
  'MARK_WAIT_MS',
  'JWT_SECRET',
  'PAYMENTS',
  'OWNER_EMAIL',
  'OWNER_PASSWORD',
  'SMTP_URL',
  'MAIL_FROM',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'WEB_DIST',
];

/** Prefixes of the provider settings (AI, OCR, Stripe): the run uses the offline engines. */
const APP_PREFIXES = [
  'AI_',
  'ANTHROPIC_',
  'OPENAI_',
  'OCR_',
  'STRIPE_',
  'AWS_',
  'OIDC_',
  'CLASSROOM_',
];

function isAppVariable(name: string): boolean {
  return APP_VARIABLES.includes(name) || APP_PREFIXES.some((prefix) => name.startsWith(prefix));
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !isAppVariable(name)),
  );
  return { ...env, ...extra };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh PostgreSQL database for this run (CI), dropped again in teardown. */
async function createDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `stem_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * The queue for this run (CI sets REDIS_URL): BullMQ on that Redis under a key prefix of the run's
 * own, so parallel runs sharing one Redis never take each other's jobs. The server consumes its own
 * queue (RUN_JOBS_IN_API defaults to true), so no separate worker process is needed. Teardown
 * removes the run's keys.
 */
function redisQueue(
  redisUrl: string,
  runId: string,
): { env: Record<string, string>; cleanUp: () => Promise<void> } {
  const prefix = `stem-e2e-${runId}`;
  return {
    env: { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix },
    cleanUp: async () => {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      try {
        for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
          const batch = keys as string[];
          if (batch.length > 0) await redis.del(...batch);
        }
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** Runs the seed before the server starts (PGlite allows one process) and returns its JSON. */
function runSeed(env: NodeJS.ProcessEnv): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // --trial adds a trial school whose teacher is at the class and question limit (trial-limit.spec.ts);
    // --volume-school a school whose teacher holds 20,000 submissions (lists-at-scale.spec.ts).
    const args = ['--json', '--trial', '--volume-school', String(VOLUME_SUBMISSIONS)];
    const child = spawn(process.execPath, [path.join(serverDist, 'seed.js'), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`seed exited with ${code}:\n${stderr || stdout}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`seed --json did not print JSON:\n${stdout.slice(0, 2000)}`));
      }
    });
  });
}

async function waitForReady(
  url: string,
  child: ChildProcess,
  logFile: string,
  // A shared, busy machine can take a while to load PGlite and the OCR workers: at a load average
  // of 30 on 2 cores the built server took 88 s to be ready on an empty database, more on the seed.
  timeoutMs = 240_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8')}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server not ready within ${timeoutMs} ms:\n${readFileSync(logFile, 'utf8')}`);
}

function stop(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A self-signed certificate for 127.0.0.1 (openssl), so the local OpenID Provider is served over
 * https: the server runs in production mode here, where an issuer must be https (config.ts). The
 * server trusts it through NODE_EXTRA_CA_CERTS, the browser through the spec's ignoreHTTPSErrors.
 */
function selfSignedCertificate(folder: string): { key: string; cert: string; certFile: string } {
  const keyFile = path.join(folder, 'oidc-provider.key');
  const certFile = path.join(folder, 'oidc-provider.crt');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr}`);
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

type TLaneRun = {
  state: TLaneState;
  appEnv: Record<string, string>;
  port: number;
  accounts: unknown;
  server?: ChildProcess;
  cleanUp: () => Promise<void>;
};

/**
 * A lane's own database (a fresh PostgreSQL one when TEST_DATABASE_URL is set, else PGlite in its
 * data folder), queue prefix and data folder, seeded; its server is started by startServer.
 */
async function seedLane(name: TLaneName, runId: string): Promise<TLaneRun> {
  const laneId = `${runId}-${name}`;
  const database = process.env.TEST_DATABASE_URL
    ? await createDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  const queue = process.env.REDIS_URL ? redisQueue(process.env.REDIS_URL, laneId) : undefined;
  const dataDir = path.join(root, '.e2e-data', laneId);
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const appEnv: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The built-in test checkout, turned on by name: the payment journeys buy with it (no card, no
    // money; it grants plans for nothing, so a deployment never gets it by leaving keys out).
    PAYMENTS: 'test',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...queue?.env,
  };
  const run: TLaneRun = {
    state: {
      baseUrl: `http://127.0.0.1:${port}`,
      dataDir,
      accountsFile: path.join(dataDir, 'accounts.json'),
    },
    appEnv,
    port,
    accounts: undefined,
    cleanUp: async () => {
      if (run.server) await stop(run.server);
      if (queue) await queue.cleanUp();
      if (database) await database.drop();
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    const startedAt = Date.now();
    run.accounts = await runSeed(cleanEnv(appEnv));
    writeFileSync(run.state.accountsFile, JSON.stringify(run.accounts, null, 2));
    console.log(
      `e2e ${name}: ${database ? 'PostgreSQL' : 'PGlite'} seeded in ${Date.now() - startedAt} ms, ` +
        `${queue ? `Redis queue ${queue.env.QUEUE_PREFIX}` : 'in-process queue'}`,
    );
  } catch (error) {
    await run.cleanUp();
    throw error;
  }
  return run;
}

/** Starts a seeded lane's built server with the given extra settings and waits until it is ready. */
async function startServer(
  name: TLaneName,
  run: TLaneRun,
  extra: Record<string, string>,
): Promise<void> {
  const logFile = path.join(run.state.dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const startedAt = Date.now();
  const server = spawn(process.execPath, [path.join(serverDist, 'main.js')], {
    cwd: root,
    env: cleanEnv({
      ...run.appEnv,
      PORT: String(run.port),
      HOST: '127.0.0.1',
      APP_URL: run.state.baseUrl,
      WEB_DIST: webDist,
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      ...extra,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  run.server = server;
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await waitForReady(run.state.baseUrl, server, logFile);
  console.log(`e2e ${name}: server ready on ${run.state.baseUrl} in ${Date.now() - startedAt} ms`);
}

/**
 * Seeds and starts the run's servers, one per lane (see run-state.ts), each on a free port over its
 * own database, and returns the teardown that stops them and removes what they made. The main lane's
 * server also gets the local OpenID Provider, LMS and Classroom. `lanes` is every lane for the
 * browser suite; the landing media need the main one only.
 */
export async function startE2eRun(
  lanes: readonly TLaneName[] = LANES,
): Promise<() => Promise<void>> {
  for (const built of [
    path.join(serverDist, 'seed.js'),
    path.join(serverDist, 'main.js'),
    path.join(webDist, 'index.html'),
  ]) {
    if (!existsSync(built)) {
      throw new Error(
        `${built} is missing: run \`npm run build\` first (\`npm run test:e2e\` does)`,
      );
    }
  }
  const runId = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
  const seeded = await Promise.allSettled(lanes.map((name) => seedLane(name, runId)));
  const runs = new Map<TLaneName, TLaneRun>();
  seeded.forEach((result, i) => {
    const name = lanes[i];
    if (result.status === 'fulfilled' && name) runs.set(name, result.value);
  });

  let oidcProvider: TTestOidcProvider | undefined;
  let ltiPlatform: TTestLtiPlatform | undefined;
  let fakeClassroom: TFakeClassroom | undefined;
  const teardown = async () => {
    await Promise.all([...runs.values()].map((run) => run.cleanUp()));
    if (oidcProvider) await oidcProvider.close();
    if (ltiPlatform) await ltiPlatform.close();
    if (fakeClassroom) await fakeClassroom.close();
  };

  try {
    const failed = seeded.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const main = runs.get('main');
    if (!main) throw new Error("the e2e run needs the 'main' lane");
    const mainEnv = await startMainServices(main);
    oidcProvider = mainEnv.oidcProvider;
    ltiPlatform = mainEnv.ltiPlatform;
    fakeClassroom = mainEnv.fakeClassroom;
    await Promise.all(
      [...runs].map(([name, run]) =>
        startServer(name, run, name === 'main' ? mainEnv.serverEnv : {}),
      ),
    );

    const states = Object.fromEntries([...runs].map(([name, run]) => [name, run.state]));
    process.env[STATE_ENV.lanes] = JSON.stringify(states);
    process.env[STATE_ENV.ltiPlatform] = JSON.stringify({
      issuer: ltiPlatform.issuer,
      clientId: ltiPlatform.clientId,
      authLoginUrl: ltiPlatform.authLoginUrl,
      accessTokenUrl: ltiPlatform.accessTokenUrl,
      jwksUrl: ltiPlatform.jwksUrl,
      deploymentId: ltiPlatform.deploymentId,
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/**
 * The local services the main lane's server signs in and imports through: a real OpenID Provider
 * turned on as "Google" (oidc-sign-in.spec.ts), an LTI 1.3 platform (lti-launch.spec.ts) and a
 * server speaking Google Classroom's wire format (classroom.spec.ts), with the settings that point
 * the server at them.
 */
async function startMainServices(main: TLaneRun): Promise<{
  oidcProvider: TTestOidcProvider;
  ltiPlatform: TTestLtiPlatform;
  fakeClassroom: TFakeClassroom;
  serverEnv: Record<string, string>;
}> {
  const { baseUrl } = main.state;
  const tls = selfSignedCertificate(main.state.dataDir);
  const oidcProvider = await startTestOidcProvider({
    redirectUri: `${baseUrl}${OIDC_CALLBACK_PAGE}`,
    tls,
  });
  // The LMS is served over https with the same certificate: the owner registers it, and its course
  // page's links launch the tool.
  const apiBase = `${baseUrl}${API_BASE}`;
  const ltiPlatform = await startTestLtiPlatform({
    toolJwks: async () =>
      (await fetch(`${apiBase}${LTI_PATHS.jwks}`)).json() as Promise<JSONWebKeySet>,
    toolLaunchUrl: `${apiBase}${LTI_PATHS.launch}`,
    toolLoginUrl: `${apiBase}${LTI_PATHS.login}`,
    tls,
  });
  // The first seeded teacher's Google account teaches one course, with every seeded student in it
  // and one student who has no account here.
  const fakeClassroom = await startFakeClassroom({ tls });
  const seeded = main.accounts as { accounts: { role: string; name: string; email: string }[] };
  const [classroomTeacher] = seeded.accounts.filter((a) => a.role === 'teacher');
  if (!classroomTeacher) throw new Error('the seed made no teacher');
  fakeClassroom.signInAs(classroomTeacher.email);
  fakeClassroom.addCourse(
    {
      id: CLASSROOM_COURSE.id,
      name: CLASSROOM_COURSE.name,
      section: CLASSROOM_COURSE.section,
      teacherEmail: classroomTeacher.email,
    },
    [
      ...seeded.accounts
        .filter((a) => a.role === 'student')
        .map((a, i) => ({ userId: String(110_000 + i), name: a.name, email: a.email })),
      { userId: '119999', name: 'Nobody Here', email: 'nobody.here@classroom.example' },
    ],
  );
  return {
    oidcProvider,
    ltiPlatform,
    fakeClassroom,
    serverEnv: {
      OIDC_GOOGLE_ISSUER: oidcProvider.issuer,
      OIDC_GOOGLE_CLIENT_ID: oidcProvider.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: oidcProvider.clientSecret,
      CLASSROOM_GOOGLE_CLIENT_ID: fakeClassroom.clientId,
      CLASSROOM_GOOGLE_CLIENT_SECRET: fakeClassroom.clientSecret,
      CLASSROOM_GOOGLE_BASE_URL: fakeClassroom.url,
      NODE_EXTRA_CA_CERTS: tls.certFile,
    },
  };
}

/** Playwright's global setup: every lane. */
export default function globalSetup(): Promise<() => Promise<void>> {
  return startE2eRun(LANES);
}
