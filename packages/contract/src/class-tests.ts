/**
 * A class's tests (issues 28 and 29): a teacher's named, ordered set of 1 to 20 of the class's
 * questions. Booklets are printed from a test; its marks are summed per student (each question's
 * latest marked answer); Google Classroom and LTI take it as one assignment. Not in the spec: the
 * paths follow its style and are listed in docs/api.md.
 */
import { z } from 'zod';
import { CLASS_TEST_MESSAGES as M } from './messages-class-tests';

export const CLASS_TEST_PATHS = {
  /** GET: the class's tests (its teacher, the school's admin); POST: a new test (its teacher). */
  tests: '/class/:classId/tests',
  /** GET (teacher, admin, an enrolled student), PUT and DELETE (the class's teacher). */
  test: '/class/:classId/tests/:testId',
  /** GET: each student's marks of the test's questions and total (teacher, admin). */
  results: '/class/:classId/tests/:testId/results',
  /** GET: the results as CSV, with the student's e-mail and id (teacher, admin). */
  export: '/class/:classId/tests/:testId/export',
} as const;

/** A test's title: no spec length, so the product's usual 120 characters. */
export const TEST_TITLE_MAX = 120;
/** Questions in one test (as many as one pack of answer sheets holds). */
export const TEST_QUESTIONS_MAX = 20;

const ZId = z.uuid({ message: 'must be a valid id' });

export const ZClassTestParams = z.object({ classId: ZId, testId: ZId });

export const ZClassTestInput = z.object({
  title: z
    .string({ message: M.titleRequired })
    .trim()
    .min(1, { message: M.titleRequired })
    .max(TEST_TITLE_MAX, { message: M.titleTooLong(TEST_TITLE_MAX) }),
  /** The test's questions in order. */
  questionIds: z
    .array(z.uuid({ message: 'must be a valid question id' }), { message: M.questionsRequired })
    .min(1, { message: M.questionsRequired })
    .max(TEST_QUESTIONS_MAX, { message: M.tooManyQuestions(TEST_QUESTIONS_MAX) })
    .refine((ids) => new Set(ids).size === ids.length, { message: M.duplicateQuestion }),
});
export type TClassTestInput = z.infer<typeof ZClassTestInput>;

const ZPerson = z.object({ id: z.string(), name: z.string() }).nullable();

export const ZClassTest = z.object({
  id: z.string(),
  classId: z.string(),
  title: z.string(),
  /** In the test's order; `number` is the question's number in the test (1, 2, ...). */
  questions: z.array(
    z.object({ id: z.string(), number: z.number().int(), question: z.string(), marks: z.number() }),
  ),
  /** The sum of the questions' marks. */
  totalMarks: z.number(),
  createdBy: ZPerson,
  updatedBy: ZPerson,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TClassTest = z.infer<typeof ZClassTest>;

export const ZClassTestResponse = z.object({ success: z.literal(true), data: ZClassTest });
export const ZClassTestSavedResponse = ZClassTestResponse.extend({ message: z.string() });
export type TClassTestSavedResponse = z.infer<typeof ZClassTestSavedResponse>;
export const ZClassTestsResponse = z.object({
  success: z.literal(true),
  data: z.array(ZClassTest),
});

export const ZClassTestStudentResult = z.object({
  studentId: z.string(),
  name: z.string(),
  email: z.string(),
  /** One cell per question, in the test's order: the latest marked score, or null (not answered). */
  marks: z.array(
    z.object({
      score: z.number().nullable(),
      /** The student does not see this mark yet (held for review or release). */
      held: z.boolean(),
    }),
  ),
  /** Questions with a marked answer. */
  answered: z.number().int(),
  /** The sum of the marked scores (a question not answered counts 0); null when none is marked. */
  total: z.number().nullable(),
});
export type TClassTestStudentResult = z.infer<typeof ZClassTestStudentResult>;

export const ZClassTestResults = z.object({
  test: ZClassTest,
  /** The class's students and anyone who answered one of the test's questions in it, by name. */
  students: z.array(ZClassTestStudentResult),
});
export type TClassTestResults = z.infer<typeof ZClassTestResults>;
export const ZClassTestResultsResponse = z.object({
  success: z.literal(true),
  data: ZClassTestResults,
});
