import { randomBytes } from 'node:crypto';
import type { TDb } from '../../db/client';
import { defaultPermissionsFor } from '../auth/auth.policy';
import { generateSchoolCode } from '../auth/auth.school-code';
import { insertSchools, insertUsers, type TNewSchool, type TNewUser } from './demo.queries';

/**
 * `npm run seed -- --users N`: N more accounts for measuring the owner's lists at platform scale
 * (issue 10: 100,000 users). They sit in new schools of about 50 people (an admin, two teachers, the
 * rest students; one school in ten on a trial, one in twenty inactive), with names from a small list,
 * created over the last two years. Bulk inserts of 2,000 rows; every account has the seed's password.
 */
export const USERS_PER_SCHOOL = 50;
const BATCH = 2_000;
const DAY_MS = 86_400_000;

const FIRST = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Noah',
  'Mia',
  'Arthur',
  'Ivy',
  'Leo',
  'Freya',
  'Oscar',
  'Lily',
  'Harry',
  'Grace',
  'Muhammad',
  'Sophia',
  'Jack',
  'Rosie',
  'Theo',
  'Aisha',
  'Ravi',
  'Chloe',
  'Kwame',
  'Zara',
  'Ethan',
  'Priya',
  'Tomasz',
  'Ella',
  'Yusuf',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Khan',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Nowak',
  'Okafor',
  'Begum',
  'Murphy',
  'Clarke',
  'Ali',
  'Hughes',
  'Edwards',
  'Hussain',
  'Lewis',
];
const TOWNS = [
  'Ashford',
  'Bramley',
  'Carlton',
  'Dunmore',
  'Elmbridge',
  'Fairfield',
  'Greenhill',
  'Harrow Vale',
  'Ivybridge',
  'Kingsley',
  'Longford',
  'Millbrook',
  'Northgate',
  'Oakwood',
  'Parkside',
  'Queensway',
];
const KINDS = ['Academy', 'High School', 'Secondary', 'College', 'Grammar School', 'School'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

export type TUserVolumeResult = { users: number; schools: number; ms: number };

export async function addUserVolume(
  db: TDb,
  options: { users: number; passwordHash: string; now?: Date },
): Promise<TUserVolumeResult> {
  const started = performance.now();
  const now = (options.now ?? new Date()).getTime();
  const tag = randomBytes(3).toString('hex');
  const schoolCount = Math.max(1, Math.ceil(options.users / USERS_PER_SCHOOL));
  const schoolRows: TNewSchool[] = Array.from({ length: schoolCount }, (_, i) => {
    const trial = i % 10 === 9;
    const created = new Date(now - ((i * 7919) % 730) * DAY_MS - (i % 86_400) * 1000);
    return {
      code: generateSchoolCode(),
      name: `${pick(TOWNS, i)} ${pick(KINDS, Math.floor(i / TOWNS.length))} ${tag}-${i + 1}`,
      plan: trial ? 'trial' : 'classroom',
      schoolType: 'classroom',
      active: i % 20 !== 19,
      trialExpiresAt: trial ? new Date(created.getTime() + 14 * DAY_MS) : null,
      createdAt: created,
      updatedAt: created,
    };
  });
  const schoolIds: string[] = [];
  for (let i = 0; i < schoolRows.length; i += BATCH) {
    const inserted = await insertSchools(db, schoolRows.slice(i, i + BATCH));
    schoolIds.push(...inserted.map((s) => s.id));
  }

  let made = 0;
  while (made < options.users) {
    const rows: TNewUser[] = [];
    for (let k = 0; k < BATCH && made < options.users; k += 1, made += 1) {
      const schoolIndex = Math.floor(made / USERS_PER_SCHOOL);
      const within = made % USERS_PER_SCHOOL;
      const role = within === 0 ? 'admin' : within <= 2 ? 'teacher' : 'student';
      const first = pick(FIRST, made * 7 + schoolIndex);
      const last = pick(LAST, made * 13 + Math.floor(made / 30));
      const created = new Date(now - ((made * 104_729) % (730 * 86_400)) * 1000);
      rows.push({
        schoolId: schoolIds[schoolIndex] ?? schoolIds[0] ?? null,
        name: `${first} ${last}`,
        email: `${first}.${last}.${tag}.${made + 1}@volume.example`.toLowerCase(),
        passwordHash: options.passwordHash,
        role,
        permissions: defaultPermissionsFor(role, 'classroom'),
        createdAt: created,
        updatedAt: created,
      });
    }
    await insertUsers(db, rows);
  }
  return {
    users: options.users,
    schools: schoolCount,
    ms: Math.round(performance.now() - started),
  };
}
