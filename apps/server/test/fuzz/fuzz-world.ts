import { buildUser, type TBuiltUser } from '../helpers/factories';
import type { TTestApp } from '../helpers/test-app';
import { classroom, PHOTOSYNTHESIS_ANSWER, submitOk } from '../submissions/submission-helpers';

/**
 * Real rows for the fuzz to point at: a school with an admin, a teacher, a class holding a student,
 * two questions and a submission, made through the API as a user would.
 */
export async function seedClassroom(t: TTestApp): Promise<{
  schoolCode: string;
  teacher: TBuiltUser;
  student: TBuiltUser;
  admin: TBuiltUser;
  ids: string[];
}> {
  const setup = await classroom(t);
  const admin = await buildUser(t, { role: 'admin', schoolId: setup.school.id });
  const submissionId = await submitOk(t, setup.student, setup.cls, [
    { question: setup.photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
  ]);
  return {
    schoolCode: setup.school.code,
    teacher: setup.teacher.user,
    student: setup.student.user,
    admin,
    ids: [
      setup.school.id,
      setup.teacher.user.id,
      setup.student.user.id,
      setup.outsider.user.id,
      admin.id,
      setup.cls.id,
      setup.photosynthesis.id,
      setup.osmosis.id,
      submissionId,
    ],
  };
}

/** String.prototype.toWellFormed (ES2024, Node 20): lone surrogates become U+FFFD. */
export const toWellFormed = (text: string): string =>
  (text as string & { toWellFormed: () => string }).toWellFormed();
