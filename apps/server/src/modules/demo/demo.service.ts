import { randomInt } from 'node:crypto';
import type { TRole } from '@stem/contract/roles';
import type { TDb } from '../../db/client';
import { hashPassword } from '../auth/auth.passwords';
import { defaultPermissionsFor } from '../auth/auth.policy';
import { generateSchoolCode } from '../auth/auth.school-code';
import {
  insertClasses,
  insertClassStudents,
  insertSchools,
  insertUsers,
  type TNewUser,
} from './demo.queries';

export type TDemoAccount = { role: TRole; name: string; email: string; password: string };
export type TDemoSchool = { school: { name: string; code: string }; accounts: TDemoAccount[] };

/** 28 students: the Classroom plan holds 30 a school, so a demo school still has room for a newcomer. */
export const DEMO_SHAPE = { teachers: 2, students: 28, studentsPerClass: 14 } as const;
export const DEMO_CLASS_NAMES = ['Year 9 Physics', 'Year 10 Chemistry'] as const;
const DEMO_EMAIL_DOMAIN = 'example.com';

const FIRST_NAMES = [
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
  'Jack',
  'Sophia',
  'Muhammad',
  'Ella',
  'Theo',
  'Evie',
  'Charlie',
  'Poppy',
  'Finley',
  'Ruby',
  'Alfie',
  'Zara',
  'Henry',
  'Aisha',
  'Jacob',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Khan',
  'Wood',
  'Clarke',
  'Hughes',
  'Edwards',
  'Lewis',
  'Harris',
  'Martin',
  'Jackson',
  'Clark',
  'Turner',
  'Ali',
];
const SCHOOL_WORDS = [
  'Riverside',
  'Oakfield',
  'Hillcrest',
  'Meadowbank',
  'Kingsway',
  'Elmwood',
  'Ashford',
  'Westbrook',
  'Harbour View',
  'Larkspur',
  'Northgate',
  'Brookside',
  'Fairhaven',
  'Willowmere',
  'Stonebridge',
];
const SCHOOL_KINDS = ['Academy', 'High School', 'College', 'School'];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

function personName(seed: number): string {
  return `${pick(FIRST_NAMES, seed)} ${pick(LAST_NAMES, Math.floor(seed / FIRST_NAMES.length) + seed)}`;
}

type TPlannedSchool = {
  name: string;
  code: string;
  people: { role: TRole; name: string; email: string }[];
};

/** Names, code and e-mails of one demo school; the code makes every e-mail unique. */
function planSchool(): TPlannedSchool {
  const code = generateSchoolCode();
  const slug = code.toLowerCase();
  const seed = randomInt(1_000_000);
  const name = `${pick(SCHOOL_WORDS, seed)} ${pick(SCHOOL_KINDS, seed >> 4)} ${code.slice(0, 4)}`;
  const people: TPlannedSchool['people'] = [
    { role: 'admin', name: personName(seed), email: `admin.${slug}@${DEMO_EMAIL_DOMAIN}` },
  ];
  for (let t = 1; t <= DEMO_SHAPE.teachers; t += 1) {
    people.push({
      role: 'teacher',
      name: personName(seed + t * 7),
      email: `teacher${t}.${slug}@${DEMO_EMAIL_DOMAIN}`,
    });
  }
  for (let s = 1; s <= DEMO_SHAPE.students; s += 1) {
    const n = String(s).padStart(2, '0');
    people.push({
      role: 'student',
      name: personName(seed + 100 + s * 13),
      email: `student${n}.${slug}@${DEMO_EMAIL_DOMAIN}`,
    });
  }
  return { name, code, people };
}

/**
 * Creates `count` demo schools on the Classroom plan, each with an admin, two teachers (each with a
 * class of 14 of the 28 students) and known passwords. Schools are written in batches, one transaction
 * per batch, so a thousand schools for a benchmark take seconds. Every account of one call shares the
 * given password (hashed once: argon2id on 33,000 accounts would take minutes).
 */
export async function createDemoSchools(
  db: TDb,
  options: { count: number; password: string; batchSize?: number },
): Promise<TDemoSchool[]> {
  const passwordHash = await hashPassword(options.password);
  const batchSize = options.batchSize ?? 50;
  const created: TDemoSchool[] = [];
  for (let start = 0; start < options.count; start += batchSize) {
    const plans = Array.from({ length: Math.min(batchSize, options.count - start) }, planSchool);
    await db.transaction(async (tx) => {
      const schoolRows = await insertSchools(
        tx,
        plans.map((p) => ({
          name: p.name,
          code: p.code,
          plan: 'classroom',
          schoolType: 'classroom',
        })),
      );
      const schoolIdByCode = new Map(schoolRows.map((row) => [row.code, row.id]));
      const userRows: TNewUser[] = plans.flatMap((p) =>
        p.people.map((person) => ({
          schoolId: schoolIdByCode.get(p.code) ?? null,
          name: person.name,
          email: person.email,
          passwordHash,
          role: person.role,
          // The first teacher is the school's default teacher: no payment rights (spec 01 §6).
          permissions: defaultPermissionsFor(person.role, 'classroom'),
        })),
      );
      const insertedUsers = await insertUsers(tx, userRows);
      const userIdByEmail = new Map(insertedUsers.map((row) => [row.email, row.id]));
      const idOf = (email: string) => userIdByEmail.get(email) as string;

      const classPlans = plans.flatMap((p) =>
        DEMO_CLASS_NAMES.map((className, i) => {
          const teacher = p.people.filter((person) => person.role === 'teacher')[i];
          const students = p.people
            .filter((person) => person.role === 'student')
            .slice(i * DEMO_SHAPE.studentsPerClass, (i + 1) * DEMO_SHAPE.studentsPerClass);
          return { school: p, className, teacher, students };
        }),
      );
      const classRows = await insertClasses(
        tx,
        classPlans.map((c) => ({
          schoolId: schoolIdByCode.get(c.school.code) as string,
          teacherId: c.teacher ? idOf(c.teacher.email) : null,
          name: c.className,
        })),
      );
      // Class names are unique within a demo school, so (school, name) finds each new class.
      const classIdByKey = new Map(classRows.map((row) => [`${row.schoolId}|${row.name}`, row.id]));
      await insertClassStudents(
        tx,
        classPlans.flatMap((c) => {
          const classId = classIdByKey.get(`${schoolIdByCode.get(c.school.code)}|${c.className}`);
          return c.students.map((student) => ({
            classId: classId as string,
            studentId: idOf(student.email),
          }));
        }),
      );
    });
    for (const p of plans) {
      created.push({
        school: { name: p.name, code: p.code },
        accounts: p.people.map((person) => ({
          role: person.role,
          name: person.name,
          email: person.email,
          password: options.password,
        })),
      });
    }
  }
  return created;
}
