import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';

/**
 * The analytics module's read-only queries (like the dashboards', they read the teaching and
 * submission tables together). Every figure is aggregated in PostgreSQL (group by, percentile_cont,
 * width_bucket, window functions) in ONE statement per page: the scope's marked answers are read
 * once into a materialised CTE, and each figure is a small aggregate over it, returned as JSON. Only
 * a few hundred rows ever come back, whatever the volume.
 *
 * A mark is the answer's current score (a teacher's override replaces the AI's), on a marked
 * submission, of a question worth at least one mark.
 */

async function rowsOf<T>(db: TDb, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  // node-postgres and PGlite both return { rows }.
  return (result as unknown as { rows: T[] }).rows;
}

/** Which answers the figures cover. */
export type TScope =
  | { kind: 'class'; schoolId: string; classId: string }
  | { kind: 'question'; schoolId: string; questionId: string }
  | { kind: 'school'; schoolId: string };

function scopeCondition(scope: TScope): SQL {
  switch (scope.kind) {
    case 'class':
      return sql`s.school_id = ${scope.schoolId} and s.class_id = ${scope.classId}`;
    case 'question':
      return sql`s.school_id = ${scope.schoolId} and a.question_id = ${scope.questionId}`;
    default:
      return sql`s.school_id = ${scope.schoolId}`;
  }
}

/**
 * The marked answers of the scope with the share of the marks each got (0..1), read once; and each
 * student's attempts at each question numbered in the order they were submitted.
 */
function markedCtes(scope: TScope): SQL {
  return sql`marked as materialized (
    select a.id as answer_id, a.question_id, a.score, a.marks,
      -- Changed by a teacher: the SQL of isChangedMark (contract/class-marking.ts), the marking
      -- screen's "Changed": a teacher set the mark and it is not the marker's (a comment alone is not).
      case when a.overridden_by is not null and a.score is distinct from a.ai_score
        then a.overridden_by end as overridden_by,
      s.id as submission_id, s.student_id, s.class_id, s.submitted_at,
      least(greatest(a.score::float8 / a.marks, 0), 1) as share
    from submission_answers a
    join submissions s on s.id = a.submission_id
    where ${scopeCondition(scope)} and s.status = 'marked' and a.score is not null and a.marks > 0
  ),
  attempts as (
    select student_id, question_id, share,
      row_number() over (partition by student_id, question_id
        order by submitted_at, submission_id, answer_id) as attempt
    from marked where question_id is not null
  )`;
}

type TRow = Record<string, unknown>;
/** One figure: a query over `marked` / `attempts` and how its rows become the figure. */
type TPart<T> = { query: SQL; map: (rows: TRow[]) => T };

/** Runs every part in one statement (each part's rows aggregated to a JSON array). */
export async function selectFigures<P extends Record<string, TPart<unknown>>>(
  db: TDb,
  scope: TScope,
  parts: P,
): Promise<{ [K in keyof P]: P[K] extends TPart<infer T> ? T : never }> {
  const entries = Object.entries(parts);
  const columns = sql.join(
    entries.map(
      ([name, part]) =>
        sql`(select coalesce(json_agg(t), '[]'::json) from (${part.query}) t) as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  const [row] = await rowsOf<TRow>(db, sql`with ${markedCtes(scope)} select ${columns}`);
  const parse = (value: unknown): TRow[] =>
    (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as TRow[];
  return Object.fromEntries(
    entries.map(([name, part]) => [name, part.map(parse(row?.[name]))]),
  ) as {
    [K in keyof P]: P[K] extends TPart<infer T> ? T : never;
  };
}

const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export type TSummaryRow = {
  answers: number;
  students: number;
  submissions: number;
  overridden: number;
  meanShare: number | null;
  medianShare: number | null;
};

export const summaryPart: TPart<TSummaryRow> = {
  query: sql`select count(*) as answers, count(distinct student_id) as students,
      count(distinct submission_id) as submissions, count(overridden_by) as overridden,
      avg(share) as mean, percentile_cont(0.5) within group (order by share) as median
    from marked`,
  map: ([row]) => ({
    answers: num(row?.answers),
    students: num(row?.students),
    submissions: num(row?.submissions),
    overridden: num(row?.overridden),
    meanShare: numOrNull(row?.mean),
    medianShare: numOrNull(row?.median),
  }),
};

/**
 * The students the figures are of (issue 26: "Students 24" read as the class's size): the class's
 * students, those of the classes a question is set in, or the school's students, together with
 * anyone who has marks in the scope (a student who has since left a class still counts).
 */
export function enrolledPart(scope: TScope): TPart<number> {
  const roster =
    scope.kind === 'class'
      ? sql`select cs.student_id as id from class_students cs where cs.class_id = ${scope.classId}`
      : scope.kind === 'question'
        ? sql`select cs.student_id as id from class_questions cq
            join class_students cs on cs.class_id = cq.class_id
            where cq.question_id = ${scope.questionId}`
        : sql`select u.id from users u where u.school_id = ${scope.schoolId} and u.role = 'student'`;
  return {
    query: sql`select count(*) as n from ((${roster}) union (select student_id from marked)) ids`,
    map: ([row]) => num(row?.n),
  };
}

/** Answers in ten buckets of the share of the marks; full marks count in the top bucket. */
export const histogramPart: TPart<number[]> = {
  query: sql`select least(width_bucket(share, 0, 1, 10), 10) as bucket, count(*) as n
    from marked group by 1`,
  map: (rows) => {
    const buckets = Array.from({ length: 10 }, () => 0);
    for (const r of rows) {
      const i = num(r.bucket) - 1;
      if (i >= 0 && i < 10) buckets[i] = num(r.n);
    }
    return buckets;
  },
};

export type TQuestionRow = {
  id: string;
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  answers: number;
  mean: number | null;
  median: number | null;
  overridden: number;
};

/**
 * Per question of the scope: the class's questions in their order (answered or not) and any other
 * question answered in it; for a question scope, that question.
 */
export function questionsPart(scope: TScope): TPart<TQuestionRow[]> {
  const listed =
    scope.kind === 'class'
      ? sql`select cq.question_id as id, cq.position, cq.created_at from class_questions cq
          where cq.class_id = ${scope.classId}`
      : scope.kind === 'question'
        ? sql`select ${scope.questionId}::uuid as id, 0 as position, now() as created_at`
        : sql`select null::uuid as id, 0 as position, now() as created_at where false`;
  return {
    query: sql`with stats as (
        select question_id, count(*) as answers, avg(score) as mean,
          percentile_cont(0.5) within group (order by score) as median,
          count(overridden_by) as overridden
        from marked where question_id is not null group by question_id
      ),
      listed as (${listed}),
      ids as (
        select id, min(position) as position, min(created_at) as created_at from (
          select id, position, created_at from listed
          union all select question_id, 1000000, null from stats
        ) x group by id
      )
      select q.id, q.question, q.marks, q.low_mark_range, q.high_mark_range,
        coalesce(st.answers, 0) as answers, st.mean, st.median,
        coalesce(st.overridden, 0) as overridden
      from ids
      join questions q on q.id = ids.id and q.school_id = ${scope.schoolId}
      left join stats st on st.question_id = ids.id
      order by ids.position, ids.created_at nulls last, q.created_at, q.id`,
    map: (rows) =>
      rows.map((r) => ({
        id: String(r.id),
        question: String(r.question),
        marks: num(r.marks),
        lowMarkRange: String(r.low_mark_range),
        highMarkRange: String(r.high_mark_range),
        answers: num(r.answers),
        mean: numOrNull(r.mean),
        median: numOrNull(r.median),
        overridden: num(r.overridden),
      })),
  };
}

/** How many answers of each question got each score. */
export const scoreCountsPart: TPart<{ questionId: string; score: number; n: number }[]> = {
  query: sql`select question_id, score, count(*) as n from marked where question_id is not null
    group by question_id, score`,
  map: (rows) =>
    rows.map((r) => ({ questionId: String(r.question_id), score: num(r.score), n: num(r.n) })),
};

/** The mean share at the 1st, 2nd… attempt of each student at each question. */
export const byAttemptPart: TPart<{ attempt: number; answers: number; mean: number }[]> = {
  query: sql`select attempt, count(*) as answers, avg(share) as mean
    from attempts group by attempt order by attempt`,
  map: (rows) =>
    rows.map((r) => ({ attempt: num(r.attempt), answers: num(r.answers), mean: num(r.mean) })),
};

export type TMovementRow = {
  pairs: number;
  improved: number;
  same: number;
  worse: number;
  firstMean: number | null;
  latestMean: number | null;
};

/** First against latest attempt, for student × question pairs with two or more attempts. */
export const movementPart: TPart<TMovementRow> = {
  query: sql`with ends as (
      select student_id, question_id,
        (array_agg(share order by attempt))[1] as first,
        (array_agg(share order by attempt desc))[1] as latest
      from attempts group by student_id, question_id having count(*) > 1
    )
    select count(*) as pairs,
      count(*) filter (where latest > first + 1e-9) as improved,
      count(*) filter (where abs(latest - first) <= 1e-9) as same,
      count(*) filter (where latest < first - 1e-9) as worse,
      avg(first) as first_mean, avg(latest) as latest_mean
    from ends`,
  map: ([row]) => ({
    pairs: num(row?.pairs),
    improved: num(row?.improved),
    same: num(row?.same),
    worse: num(row?.worse),
    firstMean: numOrNull(row?.first_mean),
    latestMean: numOrNull(row?.latest_mean),
  }),
};

export type TStudentRow = {
  id: string;
  name: string;
  email: string;
  answers: number;
  meanShare: number | null;
};

/** The class's students (answered or not) and anyone who answered in the scope, by name. */
export function studentsPart(scope: TScope): TPart<TStudentRow[]> {
  const enrolled =
    scope.kind === 'class'
      ? sql`select cs.student_id as id from class_students cs where cs.class_id = ${scope.classId}`
      : sql`select null::uuid as id where false`;
  return {
    query: sql`with stats as (
        select student_id, count(*) as answers, avg(share) as mean from marked group by student_id
      ),
      ids as (select id from (${enrolled}) e union select student_id from stats)
      select u.id, u.name, u.email, coalesce(st.answers, 0) as answers, st.mean
      from ids join users u on u.id = ids.id and u.school_id = ${scope.schoolId}
      left join stats st on st.student_id = ids.id
      order by lower(u.name), u.id`,
    map: (rows) =>
      rows.map((r) => ({
        id: String(r.id),
        name: String(r.name),
        email: String(r.email),
        answers: num(r.answers),
        meanShare: numOrNull(r.mean),
      })),
  };
}

export type TGridRow = {
  studentId: string;
  questionId: string;
  submissionId: string;
  score: number;
  marks: number;
  attempts: number;
};

/** Each student's latest marked attempt at each question, with how many attempts were marked. */
export const gridPart: TPart<TGridRow[]> = {
  query: sql`select distinct on (student_id, question_id) student_id, question_id, submission_id,
      score, marks, count(*) over (partition by student_id, question_id) as attempts
    from marked where question_id is not null
    order by student_id, question_id, submitted_at desc, submission_id desc, answer_id desc`,
  map: (rows) =>
    rows.map((r) => ({
      studentId: String(r.student_id),
      questionId: String(r.question_id),
      submissionId: String(r.submission_id),
      score: num(r.score),
      marks: num(r.marks),
      attempts: num(r.attempts),
    })),
};

const weekOf = sql`to_char(date_trunc('week', submitted_at at time zone 'UTC'), 'YYYY-MM-DD')`;

/** Each student's mean share per week (Monday, UTC), oldest first. */
export const progressPart: TPart<
  { studentId: string; week: string; answers: number; meanShare: number }[]
> = {
  query: sql`select student_id, ${weekOf} as week, count(*) as answers, avg(share) as mean
    from marked group by 1, 2 order by 2, 1`,
  map: (rows) =>
    rows.map((r) => ({
      studentId: String(r.student_id),
      week: String(r.week),
      answers: num(r.answers),
      meanShare: num(r.mean),
    })),
};

/** The whole scope's mean share per week, oldest first. */
export const weeksPart: TPart<{ week: string; answers: number; meanShare: number }[]> = {
  query: sql`select ${weekOf} as week, count(*) as answers, avg(share) as mean
    from marked group by 1 order by 1`,
  map: (rows) =>
    rows.map((r) => ({ week: String(r.week), answers: num(r.answers), meanShare: num(r.mean) })),
};

export type TSchoolClassRow = {
  id: string;
  name: string;
  teacherName: string | null;
  students: number;
  answers: number;
  meanShare: number | null;
  medianShare: number | null;
};

/** Every class of the school with its enrolment and its marks' mean and median, by name. */
export function schoolClassesPart(schoolId: string): TPart<TSchoolClassRow[]> {
  return {
    query: sql`with stats as (
        select class_id, count(*) as answers, avg(share) as mean,
          percentile_cont(0.5) within group (order by share) as median
        from marked where class_id is not null group by class_id
      ),
      enrolled as (
        select cs.class_id, count(*) as students from class_students cs
        join classes c on c.id = cs.class_id and c.school_id = ${schoolId} group by cs.class_id
      )
      select c.id, c.name, t.name as teacher_name, coalesce(e.students, 0) as students,
        coalesce(st.answers, 0) as answers, st.mean, st.median
      from classes c
      left join users t on t.id = c.teacher_id
      left join stats st on st.class_id = c.id
      left join enrolled e on e.class_id = c.id
      where c.school_id = ${schoolId}
      order by lower(c.name), c.id`,
    map: (rows) =>
      rows.map((r) => ({
        id: String(r.id),
        name: String(r.name),
        teacherName:
          r.teacher_name === null || r.teacher_name === undefined ? null : String(r.teacher_name),
        students: num(r.students),
        answers: num(r.answers),
        meanShare: numOrNull(r.mean),
        medianShare: numOrNull(r.median),
      })),
  };
}

export async function findSchoolClass(
  db: TDb,
  schoolId: string,
  classId: string,
): Promise<{ id: string; name: string; schoolId: string; teacherId: string | null } | null> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select id, name, school_id, teacher_id from classes where id = ${classId} and school_id = ${schoolId}`,
  );
  if (!row) return null;
  return {
    id: String(row.id),
    name: String(row.name),
    schoolId: String(row.school_id),
    teacherId: row.teacher_id === null ? null : String(row.teacher_id),
  };
}

/** A question of the school with its owner, or null. */
export async function findSchoolQuestion(
  db: TDb,
  schoolId: string,
  questionId: string,
): Promise<{ id: string; question: string; schoolId: string; teacherId: string | null } | null> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select id, question, school_id, teacher_id from questions where id = ${questionId} and school_id = ${schoolId}`,
  );
  if (!row) return null;
  return {
    id: String(row.id),
    question: String(row.question),
    schoolId: String(row.school_id),
    teacherId: row.teacher_id === null ? null : String(row.teacher_id),
  };
}

/**
 * For the class CSV: each of these students' best (highest) or latest marked score at each question
 * of the class, and the date of each student's latest submission in it (any status).
 */
export async function selectExportScores(
  db: TDb,
  scope: { schoolId: string; classId: string },
  studentIds: string[],
  choice: 'best' | 'latest',
): Promise<{
  scores: { studentId: string; questionId: string; score: number }[];
  latest: Map<string, Date>;
}> {
  if (studentIds.length === 0) return { scores: [], latest: new Map() };
  const ids = sql.join(
    studentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const pick =
    choice === 'best'
      ? sql`max(score)`
      : sql`(array_agg(score order by submitted_at desc, submission_id desc, answer_id desc))[1]`;
  const [scores, latest] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`with ${markedCtes({ kind: 'class', ...scope })}
      select student_id, question_id, ${pick} as score from marked
      where student_id in (${ids}) and question_id is not null group by 1, 2`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select student_id, max(submitted_at) as at from submissions
      where school_id = ${scope.schoolId} and class_id = ${scope.classId} and student_id in (${ids})
      group by 1`,
    ),
  ]);
  return {
    scores: scores.map((r) => ({
      studentId: String(r.student_id),
      questionId: String(r.question_id),
      score: num(r.score),
    })),
    latest: new Map(
      latest.map((r) => [
        String(r.student_id),
        r.at instanceof Date ? r.at : new Date(String(r.at)),
      ]),
    ),
  };
}
