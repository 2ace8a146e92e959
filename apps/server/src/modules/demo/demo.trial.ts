import { TRIAL_DAYS } from '@stem/contract/limits';
import type { TDb } from '../../db/client';
import { hashPassword } from '../auth/auth.passwords';
import { defaultPermissionsFor } from '../auth/auth.policy';
import { generateSchoolCode } from '../auth/auth.school-code';
import {
  insertClasses,
  insertClassQuestions,
  insertQuestions,
  insertSchools,
  insertUsers,
} from './demo.queries';

export type TTrialDemo = {
  school: { name: string; code: string };
  teacher: { name: string; email: string; password: string };
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Three short questions, each with a rubric in the product's two-band format (spec 02 §3). */
const TRIAL_QUESTIONS = [
  {
    question: 'Explain why a metal spoon feels colder than a wooden spoon at the same temperature.',
    marks: 4,
    lowMarkRange: '0-1',
    highMarkRange: '3-4',
    rubric:
      'Low Mark Range (0-1):\nStates that metal is cold, with no mention of heat transfer.\n\n' +
      'High Mark Range (3-4):\nExplains that metal conducts heat away from the hand faster than wood, ' +
      'so the hand loses heat more quickly although both are at the same temperature.',
  },
  {
    question: 'Describe what happens to the particles of ice as it melts.',
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    rubric:
      'Low Mark Range (0-0):\nNo reference to particles or energy.\n\n' +
      'High Mark Range (2-3):\nParticles gain energy, vibrate more and break free of their fixed ' +
      'positions, so they can move past each other.',
  },
  {
    question: 'Calculate the speed of a car that travels 150 m in 10 s. Show your working.',
    marks: 2,
    lowMarkRange: '0-1',
    highMarkRange: '2-2',
    rubric:
      'Low Mark Range (0-1):\nWrites speed = distance / time but makes an error or gives no unit.\n\n' +
      'High Mark Range (2-2):\nspeed = 150 / 10 = 15 m/s, with the working shown.',
  },
] as const;

const TRIAL_CLASS_NAMES = ['Trial Physics', 'Trial Chemistry', 'Trial Biology'] as const;

/**
 * A school on a 14-day trial whose one teacher already holds 3 classes and 3 questions (the trial
 * limit of spec 02 §9), one question in each class, so the limit banner and the disabled add
 * buttons can be seen and tested. The school starts its trial at `now`.
 */
export async function createTrialDemoSchool(
  db: TDb,
  options: { password: string; now?: Date },
): Promise<TTrialDemo> {
  const now = options.now ?? new Date();
  const code = generateSchoolCode();
  const school = { name: `Trial School ${code.slice(0, 4)}`, code };
  const teacher = {
    name: 'Taylor Morgan',
    email: `trial.teacher.${code.toLowerCase()}@example.com`,
    password: options.password,
  };
  const passwordHash = await hashPassword(options.password);

  await db.transaction(async (tx) => {
    const [schoolRow] = await insertSchools(tx, [
      {
        ...school,
        plan: 'trial',
        schoolType: 'classroom',
        trialExpiresAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      },
    ]);
    if (!schoolRow) throw new Error('the trial school was not created');
    const [teacherRow] = await insertUsers(tx, [
      {
        schoolId: schoolRow.id,
        name: teacher.name,
        email: teacher.email,
        passwordHash,
        role: 'teacher',
        permissions: defaultPermissionsFor('teacher', 'classroom'),
      },
    ]);
    if (!teacherRow) throw new Error('the trial teacher was not created');
    const classRows = await insertClasses(
      tx,
      TRIAL_CLASS_NAMES.map((name) => ({
        schoolId: schoolRow.id,
        teacherId: teacherRow.id,
        name,
      })),
    );
    const questionRows = await insertQuestions(
      tx,
      TRIAL_QUESTIONS.map((q) => ({ ...q, schoolId: schoolRow.id, teacherId: teacherRow.id })),
    );
    await insertClassQuestions(
      tx,
      classRows.flatMap((cls, i) => {
        const question = questionRows[i];
        return question ? [{ classId: cls.id, questionId: question.id, position: 0 }] : [];
      }),
    );
  });
  return { school, teacher };
}
