import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { formatSchoolCode } from '@stem/contract/school-code';
import { ConfigError, loadConfig, type TConfig } from './config';
import { openDatabase } from './db/client';
import { randomToken } from './lib/tokens';
import { ensureOwnerAccount } from './modules/auth/auth.owner';
import { createDemoSchools, type TDemoSchool } from './modules/demo/demo.service';
import { createTrialDemoSchool, type TTrialDemo } from './modules/demo/demo.trial';

const USAGE = `Usage: npm run seed [-- --json] [-- --scale N] [-- --password P] [-- --trial]
  --json        print only one JSON object on stdout: { school, accounts } (and schools when N > 1,
                trial with --trial)
  --scale N     create N demo schools (default 1)
  --password P  the password of every created account (default: a new random one)
  --trial       also create a school on a 14-day trial whose teacher is at the limit (3 classes,
                3 questions)`;

const MAX_SCALE = 100_000;

type TArgs = { json: boolean; scale: number; password: string; trial: boolean };

function parseCommandLine(argv: string[]): TArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      json: { type: 'boolean', default: false },
      scale: { type: 'string', default: '1' },
      password: { type: 'string' },
      trial: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) {
    throw new ConfigError(`--scale must be a whole number from 1 to ${MAX_SCALE}`);
  }
  const password = values.password ?? `demo-${randomToken().slice(0, 12)}`;
  if (password.length < 8) throw new ConfigError('--password must be at least 8 characters');
  return { json: values.json, scale, password, trial: values.trial };
}

function printReadable(
  created: TDemoSchool[],
  trial: TTrialDemo | undefined,
  config: TConfig,
): void {
  const out: string[] = [];
  const shown = created.slice(0, 3);
  for (const { school, accounts } of shown) {
    out.push('', `School: ${school.name}`, `School code: ${formatSchoolCode(school.code)}`, '');
    const width = Math.max(...accounts.map((a) => a.email.length));
    for (const account of accounts) {
      out.push(`  ${account.role.padEnd(8)} ${account.email.padEnd(width)}  ${account.name}`);
    }
  }
  if (created.length > shown.length) {
    out.push('', `... and ${created.length - shown.length} more schools of the same shape.`);
  }
  if (trial) {
    out.push(
      '',
      `Trial school: ${trial.school.name} (14-day trial, teacher at the limit of 3 classes and 3 questions)`,
      `School code: ${formatSchoolCode(trial.school.code)}`,
      '',
      `  ${'teacher'.padEnd(8)} ${trial.teacher.email}  ${trial.teacher.name}`,
    );
  }
  const password = created[0]?.accounts[0]?.password ?? '';
  out.push(
    '',
    `Every account above signs in with the password: ${password}`,
    `Sign in at ${config.appUrl}/login`,
    '',
  );
  process.stdout.write(out.join('\n'));
}

/** `npm run seed`: demo schools with known accounts, in the database the server uses. */
async function main(): Promise<void> {
  let args: TArgs;
  let config: TConfig;
  try {
    args = parseCommandLine(process.argv.slice(2));
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof TypeError) {
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Logs go to stderr so that `--json` leaves stdout to the JSON alone.
  const logger = pino({ level: config.logLevel }, pino.destination(2));
  const startedAt = performance.now();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await ensureOwnerAccount({ db: database.db, config, logger });
    const created = await createDemoSchools(database.db, {
      count: args.scale,
      password: args.password,
    });
    const trial = args.trial
      ? await createTrialDemoSchool(database.db, { password: args.password })
      : undefined;
    // With --trial, also a trial that ended yesterday (its 14 days began 15 days ago): the expired
    // trial's pages can be seen and tested.
    const expiredTrial = args.trial
      ? await createTrialDemoSchool(database.db, {
          password: args.password,
          now: new Date(Date.now() - 15 * 24 * 60 * 60 * 1000),
        })
      : undefined;
    logger.info(
      {
        schools: created.length,
        accounts: created.reduce((n, s) => n + s.accounts.length, 0),
        trialSchool: Boolean(trial),
        database: database.kind,
        ms: Math.round(performance.now() - startedAt),
      },
      'demo data created',
    );
    const [first] = created;
    if (args.json) {
      const result = {
        school: first?.school,
        accounts: first?.accounts ?? [],
        ...(created.length > 1 ? { schools: created } : {}),
        ...(trial ? { trial } : {}),
        ...(expiredTrial ? { expiredTrial } : {}),
      };
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } else {
      printReadable(created, trial, config);
      if (expiredTrial) {
        process.stdout.write(
          `Expired trial school: ${expiredTrial.school.name}, teacher ${expiredTrial.teacher.email}\n`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
