import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, fillPath } from '@stem/contract/api';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_PATHS,
  type TClassAnalytics,
  type TSchoolAnalytics,
} from '@stem/contract/analytics';
import { eq } from 'drizzle-orm';
import {
  classQuestions,
  questions,
  submissionAnswers,
  submissions,
  users,
} from '../../src/db/schema';
import { teacherSubmissionBatches } from '../../src/modules/submissions/submissions.service';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { fixtures } from '../dashboard/dashboard-fixtures';

/**
 * Class, question and school analytics and the CSV exports (issue 11) over a small hand-made
 * fixture whose every figure is worked out below by hand.
 *
 * Class "Física 10A" (teacher T), questions Q1 (4 marks, low 0-1, high 3-4) and Q2 (2 marks, low
 * 0-0, high 2-2); students Ann, Bob, Cat (no work) and Dan. Days from Tuesday 11 March 2025:
 *   S1 Ann day 0:  Q1 1, Q2 0       S4 Bob day 0: Q1 2, Q2 2
 *   S2 Ann day 7:  Q1 3 (teacher override of the AI's 2)      S5 Bob day 7: Q2 0
 *   S3 Ann day 14: Q1 4             S6 Dan day 14: Q1 0
 *   S7 Bob day 20: Q1 pending (never counts as a mark)
 * Shares: Q1 .25 .75 1 .5 0; Q2 0 1 0 → sorted 0 0 0 .25 .5 .75 1 1: mean 3.5/8 = .4375, median
 * (.25 + .5)/2 = .375.
 */
const day = (n: number) => new Date(Date.UTC(2025, 2, 11, 9, 0, 0) + n * 86_400_000);

const ANN = 'Ängla, "Ann"';
const BOB = '=cmd|calc';
const DAN = 'Dan\nLine';

/** An RFC 4180 reader, for checking what the server wrote. */
/** A CSV row without the student's e-mail and id (issue 29), which start at `at`. */
const withoutKeys = (at: number) => (row: string[]) => [...row.slice(0, at), ...row.slice(at + 2)];

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('analytics and CSV export', () => {
  let t: TTestApp;
  let f: ReturnType<typeof fixtures>;
  const ids = {} as Record<string, string>;
  const auth = {} as Record<string, Record<string, string>>;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    f = fixtures(db, t.config.jwtSecret);
    const school = await f.school();
    const other = await f.school();
    const teacher = await f.user('teacher', school.id, { name: 'Ms Curie' });
    const colleague = await f.user('teacher', school.id);
    const admin = await f.user('admin', school.id);
    const otherAdmin = await f.user('admin', other.id);
    const otherTeacher = await f.user('teacher', other.id);
    const student = await f.user('student', school.id, { name: ANN });
    const bob = await f.user('student', school.id, { name: BOB });
    const cat = await f.user('student', school.id, { name: 'Cat' });
    const dan = await f.user('student', school.id, { name: DAN });
    const cls = await f.klass(school.id, teacher.id, { name: 'Física 10A' });
    await f.enrol(cls.id, [student.id, bob.id, cat.id, dan.id]);
    const q1 = await f.question(school.id, teacher.id);
    const q2 = await f.question(school.id, teacher.id);
    await db
      .update(questions)
      .set({ question: 'Q1 forces', marks: 4, lowMarkRange: '0-1', highMarkRange: '3-4' })
      .where(eq(questions.id, q1.id));
    await db
      .update(questions)
      .set({ question: 'Q2 energy', marks: 2, lowMarkRange: '0-0', highMarkRange: '2-2' })
      .where(eq(questions.id, q2.id));
    await db.insert(classQuestions).values([
      { classId: cls.id, questionId: q1.id, position: 0 },
      { classId: cls.id, questionId: q2.id, position: 1 },
    ]);
    const marks = { [q1.id]: 4, [q2.id]: 2 };
    const text = { [q1.id]: 'Q1 forces', [q2.id]: 'Q2 energy' };
    const submit = async (
      studentId: string,
      when: Date,
      answers: { q: string; score: number | null; ai?: number; by?: string }[],
    ) => {
      const pending = answers.some((a) => a.score === null);
      const s = await f.submission({
        schoolId: school.id,
        classId: cls.id,
        className: cls.name,
        studentId,
        status: pending ? 'pending' : 'marked',
        totalScore: pending ? null : answers.reduce((n, a) => n + (a.score ?? 0), 0),
        totalMarks: answers.reduce((n, a) => n + (marks[a.q] ?? 0), 0),
        submittedAt: when,
      });
      await db.insert(submissionAnswers).values(
        answers.map((a, position) => ({
          submissionId: s.id,
          questionId: a.q,
          position,
          questionText: text[a.q] ?? '',
          marks: marks[a.q] ?? 0,
          lowMarkRange: '0-1',
          highMarkRange: '2-2',
          rubric: 'rubric',
          answer: 'an answer',
          score: a.score,
          aiScore: a.ai ?? a.score,
          markedBy: a.score === null ? null : 'offline@6',
          feedback:
            a.score === null
              ? null
              : { aiComment: '+1 for units, "good"', suggestion: 's', markRange: 'low' },
          overriddenBy: a.by ?? null,
          overriddenAt: a.by ? when : null,
          teacherFeedback: a.by ? '@see the formula' : null,
        })),
      );
      return s.id;
    };
    ids.s1 = await submit(student.id, day(0), [
      { q: q1.id, score: 1 },
      { q: q2.id, score: 0 },
    ]);
    ids.s2 = await submit(student.id, day(7), [{ q: q1.id, score: 3, ai: 2, by: teacher.id }]);
    ids.s3 = await submit(student.id, day(14), [{ q: q1.id, score: 4 }]);
    ids.s4 = await submit(bob.id, day(0), [
      { q: q1.id, score: 2 },
      { q: q2.id, score: 2 },
    ]);
    // Reviewed with a comment only: the marker's mark kept, so not "Changed by a teacher".
    ids.s5 = await submit(bob.id, day(7), [{ q: q2.id, score: 0, by: teacher.id }]);
    ids.s6 = await submit(dan.id, day(14), [{ q: q1.id, score: 0 }]);
    ids.s7 = await submit(bob.id, day(20), [{ q: q1.id, score: null }]);
    Object.assign(ids, {
      cls: cls.id,
      q1: q1.id,
      q2: q2.id,
      ann: student.id,
      bob: bob.id,
      cat: cat.id,
      dan: dan.id,
    });
    auth.teacher = await f.auth(teacher);
    auth.colleague = await f.auth(colleague);
    auth.admin = await f.auth(admin);
    auth.otherAdmin = await f.auth(otherAdmin);
    auth.otherTeacher = await f.auth(otherTeacher);
    auth.student = await f.auth(student);
    ids.teacher = teacher.id;
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: apiPath(path), headers });
  const classUrl = () => fillPath(ANALYTICS_PATHS.classAnalytics, { classId: ids.cls! });

  it('gives the class figures worked out by hand', async () => {
    const res = await get(classUrl(), auth.teacher!);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json<{ data: TClassAnalytics }>().data;
    expect(a.scope).toEqual({ kind: 'class', id: ids.cls, name: 'Física 10A' });
    expect(a.summary).toMatchObject({ answers: 8, students: 3, submissions: 6, overridden: 1 });
    // Students with marks (3) of the class's students (4: Cat has none yet).
    expect(a.summary.enrolled).toBe(4);
    expect(a.summary.meanShare).toBeCloseTo(0.4375, 10);
    expect(a.summary.medianShare).toBeCloseTo(0.375, 10);
    // width_bucket: 0 → 1, .25 → 3, .5 → 6, .75 → 8, 1 → 10 (full marks in the top bucket).
    expect(a.summary.histogram).toEqual([3, 0, 1, 0, 0, 1, 0, 1, 0, 2]);

    const [s1, s2] = a.questions;
    expect(a.questions.map((q) => q.id)).toEqual([ids.q1, ids.q2]);
    expect(s1).toMatchObject({ answers: 5, mean: 2, median: 2, overridden: 1 });
    expect(s1!.scores).toEqual([1, 1, 1, 1, 1]);
    expect(s1!.bands).toEqual({ low: 2, between: 1, high: 2, other: 0 });
    expect(s2).toMatchObject({ answers: 3, median: 0, overridden: 0 });
    expect(s2!.mean).toBeCloseTo(2 / 3, 10);
    expect(s2!.scores).toEqual([2, 0, 1]);
    expect(s2!.bands).toEqual({ low: 2, between: 0, high: 1, other: 0 });

    // Attempt 1: .25 0 .5 1 0; attempt 2: .75 0; attempt 3: 1. Pairs: Ann Q1 .25 → 1, Bob Q2 1 → 0.
    expect(a.attempts.byAttempt.map((x) => x.answers)).toEqual([5, 2, 1]);
    expect(a.attempts.byAttempt[0]!.mean).toBeCloseTo(0.35, 10);
    expect(a.attempts.byAttempt[1]!.mean).toBeCloseTo(0.375, 10);
    expect(a.attempts.byAttempt[2]!.mean).toBeCloseTo(1, 10);
    expect(a.attempts).toMatchObject({ pairs: 2, improved: 1, same: 0, worse: 1 });
    expect(a.attempts.firstMean).toBeCloseTo(0.625, 10);
    expect(a.attempts.latestMean).toBeCloseTo(0.5, 10);

    const byId = new Map(a.students.map((s) => [s.id, s]));
    expect(a.students).toHaveLength(4);
    expect(byId.get(ids.cat!)).toMatchObject({ name: 'Cat', answers: 0, meanShare: null });
    expect(byId.get(ids.ann!)!.meanShare).toBeCloseTo(0.5, 10);
    expect(byId.get(ids.bob!)!.meanShare).toBeCloseTo(0.5, 10);
    expect(byId.get(ids.dan!)!.meanShare).toBe(0);

    const cell = (student: string, question: string) =>
      a.grid.find((c) => c.studentId === ids[student] && c.questionId === ids[question]);
    expect(a.grid).toHaveLength(5);
    expect(cell('ann', 'q1')).toMatchObject({ submissionId: ids.s3, score: 4, attempts: 3 });
    expect(cell('ann', 'q2')).toMatchObject({ submissionId: ids.s1, score: 0, attempts: 1 });
    expect(cell('bob', 'q1')).toMatchObject({ submissionId: ids.s4, score: 2, attempts: 1 });
    expect(cell('bob', 'q2')).toMatchObject({ submissionId: ids.s5, score: 0, attempts: 2 });
    expect(cell('dan', 'q1')).toMatchObject({ submissionId: ids.s6, score: 0, marks: 4 });

    expect(a.weeks.map((w) => [w.week, w.answers])).toEqual([
      ['2025-03-10', 4],
      ['2025-03-17', 2],
      ['2025-03-24', 2],
    ]);
    expect(a.weeks.map((w) => w.meanShare)).toEqual([0.4375, 0.375, 0.5]);
    const annWeeks = a.progress.filter((p) => p.studentId === ids.ann);
    expect(annWeeks.map((p) => [p.week, p.meanShare])).toEqual([
      ['2025-03-10', 0.125],
      ['2025-03-17', 0.75],
      ['2025-03-24', 1],
    ]);
  });

  it('gives one question over its classes, and the school to its admin', async () => {
    const res = await get(
      fillPath(ANALYTICS_PATHS.questionAnalytics, { questionId: ids.q1! }),
      auth.teacher!,
    );
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<{ data: TClassAnalytics }>().data;
    expect(q.scope.kind).toBe('question');
    expect(q.summary.answers).toBe(5);
    expect(q.summary.enrolled).toBe(4);
    expect(q.questions).toHaveLength(1);
    expect(q.grid).toHaveLength(3);

    const school = await get(ANALYTICS_PATHS.schoolAnalytics, auth.admin!);
    expect(school.statusCode, school.body).toBe(200);
    const s = school.json<{ data: TSchoolAnalytics }>().data;
    expect(s.summary.answers).toBe(8);
    expect(s.summary).toMatchObject({ students: 3, enrolled: 4 });
    expect(s.summary.medianShare).toBeCloseTo(0.375, 10);
    expect(s.classes).toEqual([
      expect.objectContaining({
        id: ids.cls,
        name: 'Física 10A',
        teacherName: 'Ms Curie',
        students: 4,
        answers: 8,
        meanShare: 0.4375,
      }),
    ]);
    expect(s.attempts.pairs).toBe(2);
  });

  it('lets only the class teacher and the school admin in (404 otherwise)', async () => {
    expect((await get(classUrl(), auth.admin!)).statusCode).toBe(200);
    for (const who of ['colleague', 'otherAdmin', 'otherTeacher']) {
      const res = await get(classUrl(), auth[who]!);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: ANALYTICS_MESSAGES.notFound });
    }
    expect((await get(classUrl(), auth.student!)).statusCode).toBe(403);
    const qUrl = fillPath(ANALYTICS_PATHS.questionAnalytics, { questionId: ids.q1! });
    expect((await get(qUrl, auth.colleague!)).statusCode).toBe(404);
    expect((await get(qUrl, auth.otherAdmin!)).statusCode).toBe(404);
    expect((await get(qUrl, auth.admin!)).statusCode).toBe(200);
    expect((await get(ANALYTICS_PATHS.schoolAnalytics, auth.teacher!)).statusCode).toBe(403);
    const other = await get(ANALYTICS_PATHS.schoolAnalytics, auth.otherAdmin!);
    expect(other.json<{ data: TSchoolAnalytics }>().data.summary.answers).toBe(0);
    const exportUrl = fillPath(ANALYTICS_PATHS.classExport, { classId: ids.cls! });
    expect((await get(exportUrl, auth.colleague!)).statusCode).toBe(404);
    expect((await get(exportUrl, auth.otherAdmin!)).statusCode).toBe(404);
    expect((await get(ANALYTICS_PATHS.submissionsExport, auth.admin!)).statusCode).toBe(403);
    expect((await get('/analytics/class/not-an-id', auth.teacher!)).statusCode).toBe(400);
  });

  it('exports the class as CSV: BOM, best or latest scores, injection neutralised', async () => {
    const url = fillPath(ANALYTICS_PATHS.classExport, { classId: ids.cls! });
    const res = await get(url, auth.teacher!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="Fisica 10A \d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''F%C3%ADsica%2010A%20\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const keyed = parseCsv(text);
    // Issue 29: the student's e-mail and id follow the name, for a gradebook import to match rows.
    expect(keyed[0]!.slice(1, 3)).toEqual(['Student e-mail', 'Student ID']);
    const [annEmail] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, ids.ann!));
    expect(keyed.find((r) => r[2] === ids.ann)?.[1]).toBe(annEmail?.email);
    const rows = keyed.map(withoutKeys(1));
    expect(rows[0]).toEqual([
      'Student',
      'Q1 Q1 forces (best score out of 4)',
      'Q2 Q2 energy (best score out of 2)',
      'Questions marked',
      'Total',
      'Out of (marked questions)',
      'Percentage of marked questions',
      'Percentage of all questions',
      'Latest attempt',
    ]);
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(rows).toHaveLength(5);
    expect(byName.get(ANN)).toEqual([
      ANN,
      '4',
      '0',
      '2 of 2',
      '4',
      '6',
      '66.7%',
      '66.7%',
      '2025-03-25',
    ]);
    // Bob's name begins with "=": written as '=cmd|calc so no spreadsheet runs it.
    expect(byName.get(`'${BOB}`)).toEqual([
      `'${BOB}`,
      '2',
      '2',
      '2 of 2',
      '4',
      '6',
      '66.7%',
      '66.7%',
      '2025-03-31',
    ]);
    expect(byName.get('Cat')).toEqual(['Cat', '', '', '0 of 2', '', '', '', '', '']);
    // Dan answered one of the two questions: 0 of 4 there, and the share of all 6 marks says so.
    expect(byName.get(DAN)).toEqual([DAN, '0', '', '1 of 2', '0', '4', '0%', '0%', '2025-03-25']);
    expect(text).toContain('"Ängla, ""Ann"""');
    expect(text).toContain('"Dan\nLine"');

    const latest = parseCsv((await get(`${url}?score=latest`, auth.admin!)).body.slice(1)).map(
      withoutKeys(1),
    );
    expect(latest[0]![1]).toBe('Q1 Q1 forces (latest score out of 4)');
    expect(latest.find((r) => r[0] === `'${BOB}`)).toEqual([
      `'${BOB}`,
      '2',
      '0',
      '2 of 2',
      '2',
      '6',
      '33.3%',
      '33.3%',
      '2025-03-31',
    ]);
    expect((await get(`${url}?score=worst`, auth.teacher!)).statusCode).toBe(400);
  });

  it("exports the teacher's list, one row per answer, with its search", async () => {
    const res = await get(ANALYTICS_PATHS.submissionsExport, auth.teacher!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const keyed = parseCsv(res.body.slice(1));
    expect(keyed[0]!.slice(2, 4)).toEqual(['Student e-mail', 'Student ID']);
    expect(keyed.slice(1).every((r) => r[2]!.includes('@') && r[3]!.length === 36)).toBe(true);
    const rows = keyed.map(withoutKeys(2));
    expect(rows[0]).toEqual([
      'Date',
      'Student',
      'Class',
      'Question',
      'Score',
      'Marks',
      'Marker',
      'Teacher override',
      'AI score',
      'Comment',
      'Status',
    ]);
    expect(rows).toHaveLength(1 + 9);
    // Newest first, as the list: S7 (pending, no score) leads.
    // Dates as a spreadsheet reads them, on the school's clock without a zone (31 March is BST).
    expect(rows[1]).toEqual([
      '2025-03-31 10:00',
      `'${BOB}`,
      'Física 10A',
      'Q1 forces',
      '',
      '4',
      '',
      '',
      '',
      '',
      'Pending',
    ]);
    const overridden = rows.find((r) => r[7] === 'Ms Curie');
    expect(overridden).toEqual([
      '2025-03-18 09:00',
      ANN,
      'Física 10A',
      'Q1 forces',
      '3',
      '4',
      ANALYTICS_MESSAGES.csv.markerOffline,
      'Ms Curie',
      '2',
      "'@see the formula",
      'Marked',
    ]);
    // A review that kept the marker's mark is no teacher override (the marking screen's rule).
    expect(rows.filter((r) => r[7] === 'Ms Curie')).toHaveLength(1);
    // A comment starting with "+" is neutralised too, and its quotes doubled.
    expect(res.body).toContain(`"'+1 for units, ""good"""`);

    const searched = parseCsv(
      (await get(`${ANALYTICS_PATHS.submissionsExport}?q=CMD`, auth.teacher!)).body.slice(1),
    );
    expect(searched.slice(1).every((r) => r[1] === `'${BOB}`)).toBe(true);
    expect(searched).toHaveLength(1 + 4);
    const oldest = parseCsv(
      (await get(`${ANALYTICS_PATHS.submissionsExport}?sort=oldest`, auth.teacher!)).body.slice(1),
    );
    expect(oldest[1]![0]).toBe('2025-03-11 09:00');
    // On the reader's clock when the browser names its zone; a zone that is none is refused.
    const newYork = await get(
      `${ANALYTICS_PATHS.submissionsExport}?tz=${encodeURIComponent('America/New_York')}`,
      auth.teacher!,
    );
    expect(parseCsv(newYork.body.slice(1))[1]![0]).toBe('2025-03-31 05:00');
    const mars = await get(`${ANALYTICS_PATHS.submissionsExport}?tz=Mars%2FBase`, auth.teacher!);
    expect(mars.statusCode).toBe(400);
    expect(mars.body).toContain('must be a time zone such as Europe/London');
    expect(
      (await get(`${ANALYTICS_PATHS.submissionsExport}?flag=bad`, auth.teacher!)).statusCode,
    ).toBe(400);
  });

  it("exports the admin's All Submissions school-wide, with e-mail and id (issue 29)", async () => {
    const teacherCsv = parseCsv(
      (await get(ANALYTICS_PATHS.submissionsExport, auth.teacher!)).body.slice(1),
    );
    const res = await get(ANALYTICS_PATHS.schoolSubmissionsExport, auth.admin!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(teacherCsv[0]);
    // The school's every answer: at least the teacher's, each row with the student's e-mail and id.
    expect(rows.length).toBeGreaterThanOrEqual(teacherCsv.length);
    expect(rows.slice(1).every((r) => r[2]!.includes('@') && r[3]!.length === 36)).toBe(true);
    const others = parseCsv(
      (await get(ANALYTICS_PATHS.schoolSubmissionsExport, auth.otherAdmin!)).body.slice(1),
    );
    const ours = new Set(rows.slice(1).map((r) => r[3]));
    expect(others.slice(1).some((r) => ours.has(r[3]))).toBe(false);
    expect((await get(ANALYTICS_PATHS.schoolSubmissionsExport, auth.teacher!)).statusCode).toBe(
      403,
    );
  });

  it('streams an export of a few thousand answers in batches', async () => {
    const db = t.database.db;
    const school = await f.school();
    const teacher = await f.user('teacher', school.id);
    const kid = await f.user('student', school.id, { name: 'Élodie' });
    const cls = await f.klass(school.id, teacher.id, { name: 'Big' });
    const q = await f.question(school.id, teacher.id);
    const N = 3_000;
    const made = await db
      .insert(submissions)
      .values(
        Array.from({ length: N }, (_, i) => ({
          schoolId: school.id,
          classId: cls.id,
          className: 'Big',
          studentId: kid.id,
          status: 'marked' as const,
          totalScore: i % 6,
          totalMarks: 5,
          submittedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
        })),
      )
      .returning({ id: submissions.id });
    await db.insert(submissionAnswers).values(
      made.map((s, i) => ({
        submissionId: s.id,
        questionId: q.id,
        questionText: `Question ${i}`,
        marks: 5,
        lowMarkRange: '0-1',
        highMarkRange: '3-5',
        rubric: 'r',
        answer: 'a',
        score: i % 6 === 5 ? 5 : i % 5,
      })),
    );
    const teacherAuth = await f.auth(teacher);
    const res = await get(ANALYTICS_PATHS.submissionsExport, teacherAuth);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body.slice(1));
    expect(rows).toHaveLength(N + 1);
    expect(rows[1]![5]).toBe(`Question ${N - 1}`);
    expect(rows[N]![5]).toBe('Question 0');
    expect(new Set(rows.slice(1).map((r) => r[5])).size).toBe(N);

    // Over a real connection the file arrives as it is written: a chunk per batch at least.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const chunks = await new Promise<number>((resolve, reject) => {
      http
        .get(
          `${address}${apiPath(ANALYTICS_PATHS.submissionsExport)}`,
          { headers: teacherAuth },
          (reply) => {
            let n = 0;
            reply.on('data', () => (n += 1));
            reply.on('end', () => resolve(n));
          },
        )
        .on('error', reject);
    });
    expect(chunks).toBeGreaterThanOrEqual(6);

    // Read one keyset batch at a time: never the whole list at once.
    const claims = { userId: teacher.id, role: 'teacher' as const, schoolId: school.id };
    const sizes: number[] = [];
    for await (const batch of teacherSubmissionBatches(db, claims, {}, 500)) {
      sizes.push(batch.submissions.length);
      expect(batch.answers).toHaveLength(batch.submissions.length);
    }
    expect(sizes).toEqual([500, 500, 500, 500, 500, 500]);
  });
  it('shows in the class CSV that a student answered only some questions', async () => {
    const db = t.database.db;
    const [teacher] = await db.select().from(users).where(eq(users.id, ids.teacher!));
    const schoolId = teacher!.schoolId!;
    const eve = await f.user('student', schoolId, { name: 'Eve' });
    const cls = await f.klass(schoolId, ids.teacher!, { name: 'Chemistry 9' });
    await f.enrol(cls.id, [eve.id]);
    await db.insert(classQuestions).values([
      { classId: cls.id, questionId: ids.q1!, position: 0 },
      { classId: cls.id, questionId: ids.q2!, position: 1 },
    ]);
    // Eve answered Q2 (2 marks) in full and never Q1 (4 marks).
    const s = await f.submission({
      schoolId,
      classId: cls.id,
      className: cls.name,
      studentId: eve.id,
      status: 'marked',
      totalScore: 2,
      totalMarks: 2,
      submittedAt: day(3),
    });
    await db.insert(submissionAnswers).values({
      submissionId: s.id,
      questionId: ids.q2!,
      position: 0,
      questionText: 'Q2 energy',
      marks: 2,
      lowMarkRange: '0-0',
      highMarkRange: '2-2',
      rubric: 'rubric',
      answer: 'an answer',
      score: 2,
      aiScore: 2,
      markedBy: 'offline@6',
    });
    const res = await get(
      fillPath(ANALYTICS_PATHS.classExport, { classId: cls.id }),
      auth.teacher!,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body.slice(1)).map(withoutKeys(1));
    // Full marks on the one question marked, a third of the class's marks: both said, by name.
    expect(rows[1]).toEqual(['Eve', '', '2', '1 of 2', '2', '2', '100%', '33.3%', '2025-03-14']);
  });
});
