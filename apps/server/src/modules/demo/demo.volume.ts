import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  classQuestions,
  classStudents,
  classes,
  questions,
  schools,
  submissionAnswers,
  submissions,
  users,
  type TFeedback,
  type TModeration,
} from '../../db/schema';
import { FAILED_MARKING_DOUBT, FLAGGED_DOUBT } from '../marking/review-doubt';

/**
 * Realistic submission volumes for load tests and benchmarks (`npm run seed -- --submissions M`),
 * written with bulk inserts, not through the API: 100,000 submissions take seconds on PostgreSQL.
 *
 * Into the given (demo) schools it adds: for the busiest teacher, five classes of 30 new students
 * answering 30 questions (a teacher with 150 students, as issue 14 describes); for every other class
 * without questions, five questions; then submissions of 1 to 3 answers each, spread over the last
 * year, mostly marked (some pending or failed), about 2 % flagged by moderation. Marks, feedback and
 * answer texts vary. The same seed gives the same volume.
 */
export type TVolumeOptions = {
  schoolCodes: string[];
  /** Submissions in all, the busiest teacher's included. */
  submissions: number;
  /** This teacher (by e-mail) gets `submissions` of them in classes of their own. */
  busiestTeacher?: { email: string; submissions: number };
  now?: Date;
  seed?: number;
  batchSize?: number;
};

export type TVolumeResult = {
  submissions: number;
  busiestTeacherSubmissions: number;
  students: number;
  ms: number;
};

/**
 * The volume's questions, each with a rubric that names its answer (the low and high bands' prose):
 * a generic one ("Explains the idea fully with the key terms") named nothing, and the offline marker
 * gave the model answer 0/6 once a teacher re-marked a volume class.
 */
const QUESTION_BANK: {
  text: string;
  low: string;
  high: string;
  marks: number;
  answers: string[];
}[] = [
  {
    text: 'Explain how plants make glucose by photosynthesis.',
    low: 'Names photosynthesis or sunlight without saying what is made or from what.',
    high: 'Light energy absorbed by chlorophyll turns carbon dioxide and water into glucose, and oxygen is given off.',
    marks: 6,
    answers: [
      'Plants use light energy absorbed by chlorophyll to turn carbon dioxide and water into glucose and oxygen.',
      'Photosynthesis happens in the leaves using sunlight.',
      'The plant takes in water through the roots and carbon dioxide through stomata, light makes glucose.',
    ],
  },
  {
    text: 'Describe what happens to water in a root hair cell by osmosis.',
    low: 'Says water moves into the root without saying why.',
    high: 'Water moves by osmosis from the dilute soil water into the more concentrated root hair cell, through the partially permeable membrane.',
    marks: 4,
    answers: [
      'Water moves from the dilute soil into the more concentrated cell through the partially permeable membrane.',
      'Water goes into the root.',
    ],
  },
  {
    text: 'State Newton’s second law and give its equation.',
    low: 'Gives the equation or the law, not both.',
    high: 'The resultant force equals mass times acceleration, F = ma.',
    marks: 3,
    answers: ['Force equals mass times acceleration, F = ma.', 'F = m a, more force more speed.'],
  },
  {
    text: 'Why does a metal spoon feel colder than a wooden one at the same temperature?',
    low: 'Says the metal is colder.',
    high: 'Metal is a better thermal conductor than wood, so heat flows from the hand into the metal faster.',
    marks: 4,
    answers: [
      'Metal is a better thermal conductor so it takes heat from your hand faster.',
      'Because metal is cold.',
    ],
  },
  {
    text: 'Balance the equation for the combustion of methane and name the products.',
    low: 'Names one product, or gives an unbalanced equation.',
    high: 'CH4 + 2O2 -> CO2 + 2H2O; the products are carbon dioxide and water.',
    marks: 5,
    answers: [
      'CH4 + 2O2 -> CO2 + 2H2O, the products are carbon dioxide and water.',
      'Methane burns to make carbon dioxide.',
    ],
  },
  {
    text: 'Calculate the resistance of a lamp with 6 V across it and 0.5 A through it.',
    low: 'Writes R = V / I without the right answer.',
    high: 'R = V / I = 6 / 0.5 = 12 ohms.',
    marks: 3,
    answers: ['R = V / I = 6 / 0.5 = 12 ohms.', '3 ohms'],
  },
  {
    text: 'Explain why the rate of reaction increases with temperature.',
    low: 'Says particles move faster without linking it to collisions.',
    high: 'Particles have more energy and move faster, so they collide more often and more collisions have the activation energy.',
    marks: 4,
    answers: [
      'Particles move faster so they collide more often and more collisions have the activation energy.',
      'It gets hotter so it is quicker.',
    ],
  },
  {
    text: 'Describe the function of red blood cells.',
    low: 'Says they are red or found in blood.',
    high: 'They carry oxygen, using haemoglobin, from the lungs to the cells of the body.',
    marks: 2,
    answers: ['They carry oxygen using haemoglobin.', 'They are red.'],
  },
];

const FEEDBACK: TFeedback[] = [
  {
    aiComment: 'A clear, complete answer using the key terms.',
    suggestion: 'Add one worked example to be sure of full marks.',
    markRange: 'high',
  },
  {
    aiComment: 'Some correct ideas, but the explanation stops short.',
    suggestion: 'Say why each step happens, using the scientific terms.',
    markRange: 'low',
  },
];
const CLEAN: TModeration = { isInappropriate: false, reason: '' };
const FLAGGED: TModeration = { isInappropriate: true, reason: 'Inappropriate language' };

/** A small seeded PRNG (mulberry32): the same seed, the same volume. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}

type TClassPlan = {
  id: string;
  schoolId: string;
  name: string;
  teacherId: string | null;
  students: { id: string; name: string }[];
  questions: { id: string; text: string; marks: number; rubric: string; answers: string[] }[];
};

const rubricFor = (q: { marks: number; low: string; high: string }) =>
  `Low Mark Range (0-${Math.floor(q.marks * 0.3)}):\n${q.low}\n\nHigh Mark Range (${Math.ceil(q.marks * 0.6)}-${q.marks}):\n${q.high}`;

async function addQuestions(
  db: TDb,
  schoolId: string,
  teacherId: string | null,
  classIds: string[],
  count: number,
  offset: number,
): Promise<TClassPlan['questions']> {
  const bank = Array.from(
    { length: count },
    (_, i) => QUESTION_BANK[(offset + i) % QUESTION_BANK.length] as (typeof QUESTION_BANK)[number],
  );
  const rows = await db
    .insert(questions)
    .values(
      bank.map((q, i) => ({
        schoolId,
        teacherId,
        question: count > QUESTION_BANK.length ? `${q.text} (set ${i + 1})` : q.text,
        marks: q.marks,
        lowMarkRange: `0-${Math.floor(q.marks * 0.3)}`,
        highMarkRange: `${Math.ceil(q.marks * 0.6)}-${q.marks}`,
        rubric: rubricFor(q),
      })),
    )
    .returning({
      id: questions.id,
      question: questions.question,
      marks: questions.marks,
      rubric: questions.rubric,
    });
  await db
    .insert(classQuestions)
    .values(
      classIds.flatMap((classId) =>
        rows.map((row, position) => ({ classId, questionId: row.id, position })),
      ),
    );
  return rows.map((row, i) => ({
    id: row.id,
    text: row.question,
    rubric: row.rubric,
    marks: row.marks,
    answers: (bank[i] as (typeof QUESTION_BANK)[number]).answers,
  }));
}

/** The classes of these schools with their students and questions. */
async function loadClasses(db: TDb, schoolIds: string[]): Promise<TClassPlan[]> {
  if (schoolIds.length === 0) return [];
  const classRows = await db
    .select({
      id: classes.id,
      schoolId: classes.schoolId,
      name: classes.name,
      teacherId: classes.teacherId,
    })
    .from(classes)
    .where(inArray(classes.schoolId, schoolIds));
  const ids = classRows.map((c) => c.id);
  if (ids.length === 0) return [];
  const enrolled = await db
    .select({ classId: classStudents.classId, id: users.id, name: users.name })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(inArray(classStudents.classId, ids));
  const linked = await db
    .select({
      classId: classQuestions.classId,
      id: questions.id,
      text: questions.question,
      marks: questions.marks,
      rubric: questions.rubric,
    })
    .from(classQuestions)
    .innerJoin(questions, eq(questions.id, classQuestions.questionId))
    .where(inArray(classQuestions.classId, ids));
  return classRows.map((c) => ({
    ...c,
    students: enrolled.filter((e) => e.classId === c.id),
    questions: linked
      .filter((q) => q.classId === c.id)
      .map((q) => ({
        id: q.id,
        text: q.text,
        marks: q.marks,
        rubric: q.rubric,
        answers: QUESTION_BANK.find((b) => q.text.startsWith(b.text))?.answers ?? [
          'An answer written for the demo volume.',
        ],
      })),
  }));
}

/** Five classes of 30 new students and 30 questions for the busiest teacher. */
async function busiestTeacherClasses(
  db: TDb,
  teacher: { id: string; schoolId: string },
  code: string,
): Promise<TClassPlan[]> {
  const classRows = await db
    .insert(classes)
    .values(
      ['A', 'B', 'C', 'D', 'E'].map((set) => ({
        schoolId: teacher.schoolId,
        teacherId: teacher.id,
        name: `Year 11 Science set ${set}`,
      })),
    )
    .returning({ id: classes.id, name: classes.name });
  const tag = code.toLowerCase();
  const studentRows = await db
    .insert(users)
    .values(
      Array.from({ length: 150 }, (_, i) => ({
        schoolId: teacher.schoolId,
        role: 'student' as const,
        name: `Student ${String(i + 1).padStart(3, '0')} ${['Ahmed', 'Baker', 'Chen', 'Davies', 'Evans', 'Fraser'][i % 6]}`,
        email: `volume-${tag}-${i + 1}@example.com`,
      })),
    )
    .returning({ id: users.id, name: users.name });
  await db.insert(classStudents).values(
    studentRows.map((s, i) => ({
      classId: (classRows[Math.floor(i / 30)] as { id: string }).id,
      studentId: s.id,
    })),
  );
  const qs = await addQuestions(
    db,
    teacher.schoolId,
    teacher.id,
    classRows.map((c) => c.id),
    30,
    0,
  );
  return classRows.map((c, k) => ({
    id: c.id,
    schoolId: teacher.schoolId,
    name: c.name,
    teacherId: teacher.id,
    students: studentRows.slice(k * 30, (k + 1) * 30),
    questions: qs,
  }));
}

type TSubmissionInsert = typeof submissions.$inferInsert;
type TAnswerInsert = typeof submissionAnswers.$inferInsert;

function makeSubmission(
  rnd: ReturnType<typeof prng>,
  cls: TClassPlan,
  now: number,
): { submission: TSubmissionInsert; answers: TAnswerInsert[] } {
  const student = cls.students[rnd.int(cls.students.length)] as TClassPlan['students'][number];
  const roll = rnd.next();
  const status = roll < 0.05 ? 'pending' : roll < 0.07 ? 'failed' : 'marked';
  const flagged = status === 'marked' && rnd.next() < 0.02;
  const answerCount = 1 + rnd.int(Math.min(3, cls.questions.length));
  const start = rnd.int(cls.questions.length);
  // Spread over the last year, to the microsecond, as real clocks give.
  const submittedAt = new Date(now - rnd.int(365 * 24 * 3600 * 1000));
  const id = randomUUID();
  let totalMarks = 0;
  let totalScore = 0;
  const answers: TAnswerInsert[] = [];
  for (let position = 0; position < answerCount; position += 1) {
    const q = cls.questions[
      (start + position) % cls.questions.length
    ] as TClassPlan['questions'][number];
    const score = status === 'marked' ? rnd.int(q.marks + 1) : null;
    totalMarks += q.marks;
    totalScore += score ?? 0;
    const inappropriate = flagged && position === 0;
    answers.push({
      submissionId: id,
      questionId: q.id,
      position,
      questionText: q.text,
      marks: q.marks,
      lowMarkRange: `0-${Math.floor(q.marks * 0.3)}`,
      highMarkRange: `${Math.ceil(q.marks * 0.6)}-${q.marks}`,
      rubric: q.rubric,
      answer: inappropriate
        ? 'This answer was written to be flagged by moderation.'
        : (q.answers[rnd.int(q.answers.length)] as string),
      answerSource: rnd.next() < 0.7 ? 'typed' : 'photo',
      score,
      aiScore: score,
      feedback:
        status === 'marked'
          ? (FEEDBACK[score !== null && score * 2 >= q.marks ? 0 : 1] as TFeedback)
          : null,
      contentModeration: status === 'marked' ? (inappropriate ? FLAGGED : CLEAN) : null,
      isFlagged: inappropriate,
      // As marking leaves it: flagged content waits in the teacher's review queue (issue 11).
      ...(inappropriate ? { reviewDoubt: FLAGGED_DOUBT, reviewReasons: ['flagged' as const] } : {}),
      markedBy: status === 'marked' ? 'offline@2' : null,
      createdAt: submittedAt,
      updatedAt: submittedAt,
    });
  }
  return {
    submission: {
      id,
      schoolId: cls.schoolId,
      classId: cls.id,
      className: cls.name,
      studentId: student.id,
      studentName: student.name,
      teacherId: cls.teacherId,
      searchText: answers.map((a) => a.questionText.toLowerCase()).join(' '),
      ...(rnd.next() < 0.1 && cls.teacherId
        ? { source: 'teacher_upload' as const, uploadedBy: cls.teacherId }
        : { source: 'student' as const, uploadedBy: null }),
      status,
      totalScore: status === 'marked' ? totalScore : null,
      totalMarks,
      isFlagged: flagged,
      // The queue holds flagged work and work whose marking failed, as the marking path leaves them.
      reviewDoubt: flagged ? FLAGGED_DOUBT : status === 'failed' ? FAILED_MARKING_DOUBT : null,
      failureReason: status === 'failed' ? 'The marking service did not answer in time.' : null,
      markingAttempts: status === 'pending' ? 0 : 1,
      submittedAt,
      markedAt: status === 'marked' ? new Date(submittedAt.getTime() + 4000) : null,
      createdAt: submittedAt,
      updatedAt: submittedAt,
    },
    answers,
  };
}

async function insertBatches(
  db: TDb,
  rnd: ReturnType<typeof prng>,
  pool: TClassPlan[],
  count: number,
  now: number,
  batchSize: number,
): Promise<number> {
  const usable = pool.filter((c) => c.students.length > 0 && c.questions.length > 0);
  if (usable.length === 0 || count <= 0) return 0;
  for (let done = 0; done < count; done += batchSize) {
    const made = Array.from({ length: Math.min(batchSize, count - done) }, () =>
      makeSubmission(rnd, usable[rnd.int(usable.length)] as TClassPlan, now),
    );
    await db.transaction(async (tx) => {
      await tx.insert(submissions).values(made.map((m) => m.submission));
      const answers = made.flatMap((m) => m.answers);
      // Parameters per statement stay under PostgreSQL's 65,535.
      for (let i = 0; i < answers.length; i += 2000) {
        await tx.insert(submissionAnswers).values(answers.slice(i, i + 2000));
      }
    });
  }
  return count;
}

export async function addSubmissionVolume(
  db: TDb,
  options: TVolumeOptions,
): Promise<TVolumeResult> {
  const startedAt = performance.now();
  const rnd = prng(options.seed ?? 14);
  const now = (options.now ?? new Date()).getTime();
  const batchSize = options.batchSize ?? 1000;
  const schoolRows =
    options.schoolCodes.length === 0
      ? []
      : await db
          .select({ id: schools.id, code: schools.code })
          .from(schools)
          .where(inArray(schools.code, options.schoolCodes));
  const pool = await loadClasses(
    db,
    schoolRows.map((s) => s.id),
  );
  for (const [i, cls] of pool.entries()) {
    if (cls.questions.length === 0 && cls.students.length > 0) {
      cls.questions = await addQuestions(db, cls.schoolId, cls.teacherId, [cls.id], 5, i);
    }
  }
  let busiest: TClassPlan[] = [];
  let busiestCount = 0;
  if (options.busiestTeacher && options.busiestTeacher.submissions > 0) {
    const [teacher] = await db
      .select({ id: users.id, schoolId: users.schoolId })
      .from(users)
      .where(and(eq(users.email, options.busiestTeacher.email), eq(users.role, 'teacher')));
    const code = schoolRows.find((s) => s.id === teacher?.schoolId)?.code ?? 'school';
    if (!teacher?.schoolId) throw new Error(`no teacher ${options.busiestTeacher.email}`);
    busiest = await busiestTeacherClasses(db, { id: teacher.id, schoolId: teacher.schoolId }, code);
    busiestCount = Math.min(options.busiestTeacher.submissions, options.submissions);
  }
  const inBusiest = await insertBatches(db, rnd, busiest, busiestCount, now, batchSize);
  const rest = await insertBatches(db, rnd, pool, options.submissions - inBusiest, now, batchSize);
  return {
    submissions: inBusiest + rest,
    busiestTeacherSubmissions: inBusiest,
    students: pool.reduce((n, c) => n + c.students.length, 0) + busiest.length * 30,
    ms: Math.round(performance.now() - startedAt),
  };
}
