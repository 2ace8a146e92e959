import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loggerOptions } from './lib/logging';
import { formatSchoolCode } from '@stem/contract/school-code';
import { ConfigError, loadConfig, type TConfig } from './config';
import { openDatabase, type TDb } from './db/client';
import { randomToken } from './lib/tokens';
import { ensureOwnerAccount } from './modules/auth/auth.owner';
import { selectAi } from './adapters/ai/select-ai';
import { createMarker } from './marking/engine';
import {
  addDemoContent,
  DEMO_CONTENT,
  type TDemoContentSummary,
} from './modules/demo/demo.content';
import { createDemoSchools, type TDemoSchool } from './modules/demo/demo.service';
import { addSubmissionVolume } from './modules/demo/demo.volume';
import { createTrialDemoSchool, type TTrialDemo } from './modules/demo/demo.trial';
import { addUserVolume, USERS_PER_SCHOOL } from './modules/demo/demo.users';
import { hashPassword } from './modules/auth/auth.passwords';

const USAGE = `Usage: npm run seed [-- --json] [-- --scale N] [-- --password P] [-- --trial]
                             [-- --submissions M [-- --teacher-submissions H]] [-- --users U]
  --json        print only one JSON object on stdout: { school, accounts } (and schools when N > 1,
                trial and trialUpgrade with --trial)
  --scale N     create N demo schools (default 1); every teacher gets questions, and the students
                of the first ${DEMO_CONTENT.markedSchools} schools get marked submissions
  --password P  the password of every created account (default: a new random one)
  --trial       also create two schools on a 14-day trial whose teacher is at the limit (3 classes,
                3 questions); the second is for tests that upgrade it
  --submissions M          add M marked, pending and flagged submissions (bulk inserts) over the
                           new schools' classes
  --teacher-submissions H  of those, H go to the first school's first teacher, in five new classes
                           of 30 students (default: a fifth of M, at most 20000)
  --volume-school V        also one more demo school, apart from the others, whose first teacher
                           holds V submissions (bulk inserts): the browser test of a list at scale
                           (printed as volumeSchool with --json)
  --users U     add U more accounts (bulk inserts) in new schools of ${USERS_PER_SCHOOL} (an admin, two
                teachers, students), for the owner's lists at scale (e.g. --users 100000)`;

const MAX_SCALE = 100_000;

type TArgs = {
  json: boolean;
  scale: number;
  password: string;
  trial: boolean;
  volume: { submissions: number; teacherSubmissions: number } | null;
  volumeSchool: number | null;
  users: number;
};

const MAX_SUBMISSIONS = 10_000_000;
const MAX_USERS = 2_000_000;

function wholeNumber(value: string | undefined, flag: string, max: number): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw new ConfigError(`${flag} must be a whole number from 0 to ${max}`);
  }
  return n;
}

function parseCommandLine(argv: string[]): TArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      json: { type: 'boolean', default: false },
      scale: { type: 'string', default: '1' },
      password: { type: 'string' },
      trial: { type: 'boolean', default: false },
      submissions: { type: 'string' },
      'teacher-submissions': { type: 'string' },
      'volume-school': { type: 'string' },
      users: { type: 'string' },
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
  const submissions = wholeNumber(values.submissions, '--submissions', MAX_SUBMISSIONS);
  const teacherSubmissions = wholeNumber(
    values['teacher-submissions'],
    '--teacher-submissions',
    MAX_SUBMISSIONS,
  );
  const volume =
    submissions === null
      ? null
      : {
          submissions,
          teacherSubmissions: Math.min(
            submissions,
            teacherSubmissions ?? Math.min(20_000, Math.floor(submissions / 5)),
          ),
        };
  const volumeSchool = wholeNumber(values['volume-school'], '--volume-school', MAX_SUBMISSIONS);
  const users = wholeNumber(values.users, '--users', MAX_USERS) ?? 0;
  return { json: values.json, scale, password, trial: values.trial, volume, volumeSchool, users };
}

/** One more demo school whose first teacher holds `args.volumeSchool` submissions. */
async function seedVolumeSchool(db: TDb, args: TArgs) {
  const [demo] = await createDemoSchools(db, { count: 1, password: args.password });
  if (!demo) throw new Error('the volume school was not created');
  const teacher = demo.accounts.find((a) => a.role === 'teacher');
  if (!teacher) throw new Error('the volume school has no teacher');
  const submissions = args.volumeSchool ?? 0;
  const volume = await addSubmissionVolume(db, {
    schoolCodes: [demo.school.code],
    submissions,
    busiestTeacher: { email: teacher.email, submissions },
  });
  return { school: demo.school, teacher, submissions: volume.busiestTeacherSubmissions };
}

function printReadable(
  created: TDemoSchool[],
  trial: TTrialDemo | undefined,
  content: TDemoContentSummary,
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
  out.push(
    '',
    `Demo work: ${content.questions} questions with rubrics, ${content.marked} marked submissions` +
      ` (${content.flagged} flagged for the teacher${content.failed ? `, ${content.failed} failed to mark` : ''}).`,
  );
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
  const logger = pino(loggerOptions(config.logLevel), pino.destination(2));
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
    const volume = args.volume
      ? await addSubmissionVolume(database.db, {
          schoolCodes: created.map((c) => c.school.code),
          submissions: args.volume.submissions,
          busiestTeacher: {
            email: created[0]?.accounts.find((a) => a.role === 'teacher')?.email ?? '',
            submissions: args.volume.teacherSubmissions,
          },
        })
      : undefined;
    const userVolume =
      args.users > 0
        ? await addUserVolume(database.db, {
            users: args.users,
            passwordHash: await hashPassword(args.password),
          })
        : undefined;
    const content = await addDemoContent(
      { db: database.db, marker: createMarker({ ai: selectAi(config, logger) }), logger },
      created.map((demo) => demo.school.code),
    );
    // A school of its own for the list-at-scale test, so the other schools keep their usual shape.
    const volumeSchool =
      args.volumeSchool === null ? undefined : await seedVolumeSchool(database.db, args);
    const trial = args.trial
      ? await createTrialDemoSchool(database.db, { password: args.password })
      : undefined;
    // A second trial school for tests that change it (payments.spec.ts upgrades it to a paid plan).
    const trialUpgrade = args.trial
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
        ...(volume ? { volume } : {}),
        ...(userVolume ? { userVolume } : {}),
        questions: content.questions,
        submissions: content.marked,
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
        ...(trialUpgrade ? { trialUpgrade } : {}),
        ...(expiredTrial ? { expiredTrial } : {}),
        ...(volumeSchool ? { volumeSchool } : {}),
      };
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } else {
      printReadable(created, trial, content, config);
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
