/**
 * What global setup hands to the tests through environment variables (Playwright passes the
 * runner's environment, as global setup leaves it, on to its workers).
 */
export const OWNER = { email: 'owner@e2e.test', password: 'Owner-pass-123' } as const;

/** The Classroom course of the local Classroom server (global-setup.ts, classroom.spec.ts). */
export const CLASSROOM_COURSE = {
  id: '500001',
  name: 'Year 10 Biology',
  section: 'Period 3',
} as const;

export const STATE_ENV = {
  baseUrl: 'E2E_BASE_URL',
  dataDir: 'E2E_DATA_DIR',
  accountsFile: 'E2E_ACCOUNTS_FILE',
  /** Every lane's server (JSON, see TLaneState): a worker takes its project's lane (useLane). */
  lanes: 'E2E_LANES',
  /** The local LTI 1.3 platform's registration values (JSON). */
  ltiPlatform: 'E2E_LTI_PLATFORM',
} as const;

/**
 * The suite runs on two servers at once, each over its own seeded database, data folder and queue,
 * so two specs that change data never share a school: 'main' (with the local identity provider, LMS
 * and Classroom, which serve it alone) and 'second'.
 */
export const LANES = ['main', 'second'] as const;
export type TLaneName = (typeof LANES)[number];

export type TLaneState = { baseUrl: string; dataDir: string; accountsFile: string };

/** Points this process's run state (baseUrl, dataDir, accountsFile) at a lane's server. */
export function useLane(name: TLaneName): void {
  const lanes = JSON.parse(required(STATE_ENV.lanes)) as Partial<Record<TLaneName, TLaneState>>;
  const lane = lanes[name];
  if (!lane) throw new Error(`no server was started for the e2e lane '${name}'`);
  process.env[STATE_ENV.baseUrl] = lane.baseUrl;
  process.env[STATE_ENV.dataDir] = lane.dataDir;
  process.env[STATE_ENV.accountsFile] = lane.accountsFile;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the suite with global-setup.ts, and read the run state inside a ` +
        'test or hook (a worker takes its lane when it starts)',
    );
  }
  return value;
}

export function baseUrl(): string {
  return required(STATE_ENV.baseUrl);
}

export function dataDir(): string {
  return required(STATE_ENV.dataDir);
}

export function accountsFile(): string {
  return required(STATE_ENV.accountsFile);
}

export type TE2eLtiPlatform = {
  issuer: string;
  clientId: string;
  authLoginUrl: string;
  accessTokenUrl: string;
  jwksUrl: string;
  deploymentId: string;
};

/** The local LTI 1.3 platform global setup started. */
export function ltiPlatform(): TE2eLtiPlatform {
  return JSON.parse(required(STATE_ENV.ltiPlatform)) as TE2eLtiPlatform;
}
