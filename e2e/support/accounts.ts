import { readFileSync } from 'node:fs';
import { accountsFile } from './run-state';

export type TAccount = { role: string; name: string; email: string; password: string };

/** What `seed --json` prints: the first demo school and its accounts. */
type TSeedOutput = { school: { name: string; code: string }; accounts: TAccount[] };

export type TSeedAccounts = {
  school: { name: string; code: string };
  admin: TAccount;
  teachers: TAccount[];
  students: TAccount[];
};

let cached: TSeedAccounts | undefined;

/** The demo accounts `seed --json` created for this run (global setup saved them). */
export function accounts(): TSeedAccounts {
  if (cached) return cached;
  const seed = JSON.parse(readFileSync(accountsFile(), 'utf8')) as TSeedOutput;
  const ofRole = (role: string) => seed.accounts.filter((account) => account.role === role);
  const [admin] = ofRole('admin');
  if (!seed.school?.code || !admin) throw new Error('the seed printed no school or no admin');
  cached = { school: seed.school, admin, teachers: ofRole('teacher'), students: ofRole('student') };
  return cached;
}

/** The nth account of a list, failing clearly when the seed made fewer. */
export function pick(list: TAccount[], index: number, what: string): TAccount {
  const account = list[index];
  if (!account) throw new Error(`the seed has no ${what} #${index + 1}`);
  return account;
}

/** What `seed --volume-school` adds: a school whose teacher holds many submissions. */
export type TVolumeSchool = {
  school: { name: string; code: string };
  teacher: TAccount;
  submissions: number;
};

/** The list-at-scale school global setup seeded (`--volume-school`). */
export function volumeSchool(): TVolumeSchool {
  const seed = JSON.parse(readFileSync(accountsFile(), 'utf8')) as { volumeSchool?: TVolumeSchool };
  if (!seed.volumeSchool) throw new Error('the seed made no volume school (--volume-school)');
  return seed.volumeSchool;
}
