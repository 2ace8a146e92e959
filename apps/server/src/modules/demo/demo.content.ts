import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import { markSubmission, type TMarker } from '../marking/marking.service';
import { insertSubmission, type TNewAnswer } from '../submissions/submissions.queries';
import {
  DEMO_CLASS_QUESTIONS,
  FLAGGED_ANSWER_SUFFIX,
  type TDemoAnswerQuality,
  type TDemoQuestion,
} from './demo.content-data';
import {
  insertClassQuestions,
  insertQuestions,
  selectClassesOfSchools,
  selectStudentsOfClasses,
  type TDemoClassRow,
} from './demo.queries';
import { DEMO_CLASS_NAMES } from './demo.service';

/** The seed is the only run on its fresh submissions; any lease length does. */
const DEMO_LEASE_MS = 30_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The shape of each demo class's work (14 students a class). */
export const DEMO_CONTENT = {
  /** Students of each class with marked work; the rest have none yet. */
  submittingStudents: 12,
  /** Of those, how many also have an older submission, 3 to 6 weeks back. */
  studentsWithOlderWork: 4,
  /**
   * Schools whose students get marked submissions. Every school gets its questions; marking is the
   * slow part (and, with a hosted AI provider, a paid one), so `--scale 1000` marks only the first few.
   */
  markedSchools: 5,
  /** Submissions marked at once (helps with a hosted provider; the offline engine is quick). */
  concurrency: 4,
} as const;

const QUALITY_CYCLE: readonly TDemoAnswerQuality[] = ['strong', 'partial', 'weak'];
/** Each submitting student's usual level (an index into QUALITY_CYCLE): mostly good, some weak. */
const STUDENT_LEVELS = [0, 1, 0, 2, 0, 1, 1, 0, 2, 0, 1, 0] as const;

export type TDemoContentDeps = {
  db: TDb;
  /** The configured marker: the offline engine, or the hosted model of AI_PROVIDER. */
  marker: TMarker;
  logger: FastifyBaseLogger;
  now?: Date;
};

export type TDemoContentSummary = {
  questions: number;
  submissions: number;
  marked: number;
  failed: number;
  flagged: number;
};

/**
 * Gives each demo teacher the questions of their subject in their class, and (in the first
 * `markedSchools` schools) most students submissions with answers of varied quality, marked by the
 * configured marker through the product's own marking path. One answer in each school is one the
 * moderation check flags, and a few submissions date back several weeks.
 */
export async function addDemoContent(
  deps: TDemoContentDeps,
  schoolCodes: string[],
  options: { markedSchools?: number } = {},
): Promise<TDemoContentSummary> {
  const now = deps.now ?? new Date();
  const summary: TDemoContentSummary = {
    questions: 0,
    submissions: 0,
    marked: 0,
    failed: 0,
    flagged: 0,
  };
  const markedCodes = new Set(
    schoolCodes.slice(0, options.markedSchools ?? DEMO_CONTENT.markedSchools),
  );

  for (let start = 0; start < schoolCodes.length; start += 100) {
    const classRows = await selectClassesOfSchools(deps.db, schoolCodes.slice(start, start + 100));
    const planned = classRows.flatMap((row) => {
      const index = DEMO_CLASS_NAMES.indexOf(row.className as (typeof DEMO_CLASS_NAMES)[number]);
      const set = DEMO_CLASS_QUESTIONS[index];
      return set && row.teacherId ? [{ row, index, set }] : [];
    });
    const questionIds = await writeQuestions(deps.db, planned, now);
    summary.questions += planned.reduce((n, p) => n + p.set.length, 0);

    const toMark = planned.filter((p) => markedCodes.has(p.row.schoolCode));
    const students = await selectStudentsOfClasses(
      deps.db,
      toMark.map((p) => p.row.classId),
    );
    const jobs = toMark.flatMap((p) =>
      planSubmissions(
        p.row,
        p.index,
        p.set,
        questionIds.get(p.row.classId) ?? [],
        students.get(p.row.classId) ?? [],
        now,
      ),
    );
    summary.flagged += jobs.filter((job) => job.isFlagged).length;
    await runPool(jobs, DEMO_CONTENT.concurrency, async (job) => {
      const submissionId = await insertSubmission(deps.db, job.values);
      summary.submissions += 1;
      try {
        const outcome = await markSubmission(
          {
            db: deps.db,
            marker: deps.marker,
            logger: deps.logger,
            now: () => job.markedAt,
            leaseMs: DEMO_LEASE_MS,
          },
          submissionId,
          { isFinalAttempt: true },
        );
        if (outcome.status === 'done') summary.marked += 1;
      } catch (error) {
        // The submission is recorded as failed with its reason, as the product would show it.
        summary.failed += 1;
        deps.logger.warn({ err: error, submissionId }, 'a demo submission could not be marked');
      }
    });
  }
  return summary;
}

type TPlannedClass = { row: TDemoClassRow; index: number; set: readonly TDemoQuestion[] };

/** Inserts each class's questions (written a few weeks back) and links them; ids by class, in order. */
async function writeQuestions(
  db: TDb,
  planned: TPlannedClass[],
  now: Date,
): Promise<Map<string, string[]>> {
  const byClass = new Map<string, string[]>();
  if (planned.length === 0) return byClass;
  await db.transaction(async (tx) => {
    const rows = await insertQuestions(
      tx,
      planned.flatMap((p) =>
        p.set.map((q, position) => ({
          schoolId: p.row.schoolId,
          teacherId: p.row.teacherId,
          question: q.question,
          marks: q.marks,
          lowMarkRange: q.lowMarkRange,
          highMarkRange: q.highMarkRange,
          rubric: q.rubric,
          createdAt: new Date(now.getTime() - (50 - position * 3) * DAY_MS),
        })),
      ),
    );
    // Rows come back in insertion order: the same walk pairs each row with its class.
    let cursor = 0;
    for (const p of planned) {
      const ids = rows.slice(cursor, cursor + p.set.length).map((row) => row.id);
      cursor += p.set.length;
      byClass.set(p.row.classId, ids);
    }
    await insertClassQuestions(
      tx,
      planned.flatMap((p) =>
        (byClass.get(p.row.classId) ?? []).map((questionId, position) => ({
          classId: p.row.classId,
          questionId,
          position,
        })),
      ),
    );
  });
  return byClass;
}

type TSubmissionJob = {
  values: Parameters<typeof insertSubmission>[1];
  markedAt: Date;
  isFlagged: boolean;
};

/** The class's submissions: most students this fortnight, a few also weeks ago, one flagged. */
function planSubmissions(
  row: TDemoClassRow,
  classIndex: number,
  set: readonly TDemoQuestion[],
  questionIds: string[],
  studentIds: string[],
  now: Date,
): TSubmissionJob[] {
  if (questionIds.length !== set.length || !row.teacherId) return [];
  const jobs: TSubmissionJob[] = [];
  const submitting = studentIds.slice(0, DEMO_CONTENT.submittingStudents);
  submitting.forEach((studentId, s) => {
    const isFlagged = classIndex === 0 && s === 5;
    // Newest first by student: one a day over the last fortnight, in school hours.
    const recent = new Date(now.getTime() - s * DAY_MS - (2 + (s % 5)) * 60 * 60 * 1000);
    jobs.push(job(row, set, questionIds, studentId, s, recent, 0, isFlagged));
    if (s < DEMO_CONTENT.studentsWithOlderWork) {
      const older = new Date(now.getTime() - (21 + 7 * s) * DAY_MS - 3 * 60 * 60 * 1000);
      jobs.push(job(row, set, questionIds, studentId, s, older, 1, false));
    }
  });
  return jobs;
}

function job(
  row: TDemoClassRow,
  set: readonly TDemoQuestion[],
  questionIds: string[],
  studentId: string,
  student: number,
  submittedAt: Date,
  /** Older work is a step weaker: the student improved since. */
  weaker: number,
  isFlagged: boolean,
): TSubmissionJob {
  const answers: TNewAnswer[] = set.map((q, position) => {
    const level = (STUDENT_LEVELS[student % STUDENT_LEVELS.length] ?? 0) + weaker;
    // Even good students slip on the last question now and then.
    const slip = position === set.length - 1 && student % 4 === 2 ? 1 : 0;
    const quality = QUALITY_CYCLE[Math.min(2, level + slip)] as TDemoAnswerQuality;
    const text = q.answers[quality] + (isFlagged && position === 1 ? FLAGGED_ANSWER_SUFFIX : '');
    return {
      questionId: questionIds[position] as string,
      questionText: q.question,
      marks: q.marks,
      lowMarkRange: q.lowMarkRange,
      highMarkRange: q.highMarkRange,
      rubric: q.rubric,
      answer: text,
      answerSource: student % 3 === 1 ? 'photo' : 'typed',
    };
  });
  return {
    values: {
      schoolId: row.schoolId,
      classId: row.classId,
      className: row.className,
      studentId,
      uploadedBy: null,
      source: 'student',
      answers,
      now: submittedAt,
    },
    markedAt: new Date(submittedAt.getTime() + 40_000),
    isFlagged,
  };
}

/** Runs `work` over `items`, at most `size` at a time. */
async function runPool<T>(
  items: T[],
  size: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}
