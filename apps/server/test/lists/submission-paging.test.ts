import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { apiPath, DASHBOARD_PATHS, fillPath } from '@stem/contract/api';
import { MESSAGES } from '@stem/contract/messages';
import {
  SUBMISSION_FLAG_FILTERS,
  SUBMISSION_PATHS,
  SUBMISSION_SORTS,
  type TSubmissionFlagFilter,
  type TSubmissionListResponse,
  type TSubmissionSort,
} from '@stem/contract/submissions';
import { classQuestions, classStudents, submissions, users } from '../../src/db/schema';
import { createDemoSchools } from '../../src/modules/demo/demo.service';
import { addSubmissionVolume } from '../../src/modules/demo/demo.volume';
import { fixtures } from '../dashboard/dashboard-fixtures';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

/**
 * The paged submissions lists (issue 14, spec 02 §2): every order, filter and search walked page by
 * page against the same rules applied to the rows themselves; pages stay stable while new work
 * arrives; counts agree with what is listed. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
type TRow = {
  id: string;
  studentName: string;
  className: string | null;
  searchText: string;
  status: string;
  totalScore: number | null;
  isFlagged: boolean;
  submittedAt: Date;
};

const byNewest = (a: TRow, b: TRow) =>
  b.submittedAt.getTime() - a.submittedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const codePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const scoreKey = (r: TRow) => (r.status === 'marked' ? (r.totalScore ?? -1) : -1);

/** The spec's five orders, as the list must give them (ties newest first). */
function expectedOrder(rows: TRow[], sort: TSubmissionSort): TRow[] {
  const list = [...rows];
  switch (sort) {
    case 'oldest':
      return list.sort((a, b) => -byNewest(a, b));
    case 'student':
      return list.sort(
        (a, b) =>
          codePoints(a.studentName.toLowerCase(), b.studentName.toLowerCase()) || byNewest(a, b),
      );
    case 'class':
      return list.sort(
        (a, b) =>
          codePoints((a.className ?? '').toLowerCase(), (b.className ?? '').toLowerCase()) ||
          byNewest(a, b),
      );
    case 'score':
      return list.sort((a, b) => scoreKey(b) - scoreKey(a) || byNewest(a, b));
    default:
      return list.sort(byNewest);
  }
}

function keeps(row: TRow, flag: TSubmissionFlagFilter, q: string): boolean {
  if (flag === 'flagged' && !row.isFlagged) return false;
  if (flag === 'unflagged' && row.isFlagged) return false;
  const term = q.trim().toLowerCase();
  if (!term) return true;
  return [row.studentName.toLowerCase(), (row.className ?? '').toLowerCase(), row.searchText].some(
    (text) => text.includes(term),
  );
}

describe('paged submissions lists', { timeout: 120_000 }, () => {
  let t: TTestApp;
  let teacher: { id: string; schoolId: string };
  let teacherHeaders: Record<string, string>;
  let student: { id: string; schoolId: string; name: string };
  let studentHeaders: Record<string, string>;
  let listUrl: string;

  async function rowsOf(where: 'teacher' | 'student', userId: string): Promise<TRow[]> {
    return t.database.db
      .select({
        id: submissions.id,
        studentName: submissions.studentName,
        className: submissions.className,
        searchText: submissions.searchText,
        status: submissions.status,
        totalScore: submissions.totalScore,
        isFlagged: submissions.isFlagged,
        submittedAt: submissions.submittedAt,
      })
      .from(submissions)
      .where(
        where === 'teacher' ? eq(submissions.teacherId, userId) : eq(submissions.studentId, userId),
      );
  }

  async function page(
    url: string,
    headers: Record<string, string>,
    query: Record<string, string | number>,
  ) {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const response = await t.app.inject({ method: 'GET', url: `${url}?${search}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TSubmissionListResponse>();
  }

  /** Every page of one view, with the cursor of each; the ids in the order the pages gave. */
  async function walk(
    url: string,
    headers: Record<string, string>,
    query: Record<string, string | number>,
  ) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let first: TSubmissionListResponse | undefined;
    for (let guard = 0; guard < 200; guard += 1) {
      const reply = await page(url, headers, cursor ? { ...query, cursor } : query);
      first ??= reply;
      ids.push(...reply.data.map((s) => s._id));
      cursor = reply.page.nextCursor;
      if (!cursor) break;
    }
    return { ids, first: first as TSubmissionListResponse };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const [school] = await createDemoSchools(db, { count: 2, password: 'volume-password' });
    const teacherEmail = school?.accounts.find((a) => a.role === 'teacher')?.email ?? '';
    await addSubmissionVolume(db, {
      schoolCodes: [school?.school.code ?? ''],
      submissions: 420,
      busiestTeacher: { email: teacherEmail, submissions: 330 },
      batchSize: 150,
      now: new Date('2026-06-01T12:00:00Z'),
    });
    const [teacherRow] = await db
      .select({ id: users.id, schoolId: users.schoolId })
      .from(users)
      .where(eq(users.email, teacherEmail));
    teacher = { id: teacherRow?.id ?? '', schoolId: teacherRow?.schoolId ?? '' };
    // Three submissions in the same instant: ties must be broken the same way on every page.
    const mine = await rowsOf('teacher', teacher.id);
    const same = mine.slice(0, 3).map((r) => r.id);
    await db
      .update(submissions)
      .set({ submittedAt: new Date('2026-03-03T03:03:03.123Z') })
      .where(inArray(submissions.id, same));
    const [someone] = await db
      .select({ id: users.id, schoolId: users.schoolId, name: users.name })
      .from(users)
      .innerJoin(classStudents, eq(classStudents.studentId, users.id))
      .where(eq(users.email, (await rowsOfStudentEmail()) ?? ''));
    student = {
      id: someone?.id ?? '',
      schoolId: someone?.schoolId ?? '',
      name: someone?.name ?? '',
    };
    const f = fixtures(db, t.config.jwtSecret);
    teacherHeaders = await f.auth({ id: teacher.id, role: 'teacher', schoolId: teacher.schoolId });
    studentHeaders = await f.auth({ id: student.id, role: 'student', schoolId: student.schoolId });
    listUrl = apiPath(fillPath(SUBMISSION_PATHS.teacherSubmissions, { userId: teacher.id }));

    async function rowsOfStudentEmail() {
      const [row] = await db
        .select({ email: users.email })
        .from(submissions)
        .innerJoin(users, eq(users.id, submissions.studentId))
        .where(eq(submissions.teacherId, teacherRow?.id ?? ''))
        .limit(1);
      return row?.email;
    }
  });

  afterAll(async () => {
    await t.close();
  });

  it('gives every order and flag filter page by page, as the spec orders them, with counts', async () => {
    const rows = await rowsOf('teacher', teacher.id);
    expect(rows.length).toBeGreaterThanOrEqual(330);
    const flagged = rows.filter((r) => r.isFlagged).length;
    expect(flagged).toBeGreaterThan(0);
    for (const sort of SUBMISSION_SORTS) {
      for (const flag of SUBMISSION_FLAG_FILTERS) {
        const expected = expectedOrder(
          rows.filter((r) => keeps(r, flag, '')),
          sort,
        ).map((r) => r.id);
        const { ids, first } = await walk(listUrl, teacherHeaders, { sort, flag, limit: 37 });
        expect(ids, `${sort} / ${flag}`).toEqual(expected);
        expect(first.page).toMatchObject({ total: rows.length, matched: expected.length });
        // The teacher's counts also hold the review queue's size (issue 11).
        expect(first.counts).toEqual({
          flagged,
          unflagged: rows.length - flagged,
          needsReview: expect.any(Number) as number,
        });
        // No answers in the list.
        expect(first.data[0]).not.toHaveProperty('submissions');
      }
    }
  });

  it('puts the seeded flagged and failed work in the review queue, as marking leaves it', async () => {
    const rows = await rowsOf('teacher', teacher.id);
    const waiting = rows.filter((r) => r.isFlagged || r.status === 'failed');
    expect(rows.some((r) => r.isFlagged)).toBe(true);
    expect(rows.some((r) => r.status === 'failed')).toBe(true);
    const { ids, first } = await walk(listUrl, teacherHeaders, { review: 'needed', limit: 50 });
    expect(new Set(ids)).toEqual(new Set(waiting.map((r) => r.id)));
    expect(first.counts).toMatchObject({ needsReview: waiting.length });
  });

  it('searches the student name, the class name and the question text, in any case', async () => {
    const rows = await rowsOf('teacher', teacher.id);
    const anyRow = rows[0] as TRow;
    const nameTerm = anyRow.studentName.split(' ').slice(-1)[0]?.toUpperCase() ?? '';
    for (const q of [nameTerm, 'SET C', 'osmosis', 'no such thing at all']) {
      const expected = expectedOrder(
        rows.filter((r) => keeps(r, 'all', q)),
        'student',
      ).map((r) => r.id);
      const { ids, first } = await walk(listUrl, teacherHeaders, { sort: 'student', q, limit: 50 });
      expect(ids, q).toEqual(expected);
      expect(first.page).toMatchObject({ total: rows.length, matched: expected.length });
    }
    // Search and the flag filter together.
    const both = rows.filter((r) => keeps(r, 'unflagged', 'photosynthesis'));
    const { ids } = await walk(listUrl, teacherHeaders, {
      flag: 'unflagged',
      q: 'Photosynthesis',
      limit: 100,
    });
    expect(new Set(ids)).toEqual(new Set(both.map((r) => r.id)));
  });

  it('skips and repeats nothing while new submissions arrive between pages', async () => {
    const before = await rowsOf('teacher', teacher.id);
    const firstPage = await page(listUrl, teacherHeaders, { limit: 25 });
    const oldestFirst = await page(listUrl, teacherHeaders, { sort: 'oldest', limit: 25 });

    // New work arrives through the API: the student answers a question of their class.
    const [enrolment] = await t.database.db
      .select({ classId: classStudents.classId })
      .from(classStudents)
      .where(eq(classStudents.studentId, student.id));
    const [question] = await t.database.db
      .select({ id: classQuestions.questionId })
      .from(classQuestions)
      .where(eq(classQuestions.classId, enrolment?.classId ?? ''));
    const created: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath(SUBMISSION_PATHS.studentSubmissions),
        headers: studentHeaders,
        payload: {
          classId: enrolment?.classId,
          submissions: [{ questionId: question?.id, answer: `A new answer ${i}` }],
        },
      });
      if (response.statusCode === 201)
        created.push(response.json<{ data: { _id: string } }>().data._id);
      else expect(response.statusCode, response.body).toBe(403); // attempts used up: still fine
    }

    expect(created.length).toBeGreaterThan(0);

    // Newest first: the rest of the walk is exactly the rows that followed page one.
    const ids = [...firstPage.data.map((s) => s._id)];
    let cursor = firstPage.page.nextCursor;
    while (cursor) {
      const next = await page(listUrl, teacherHeaders, { limit: 25, cursor });
      ids.push(...next.data.map((s) => s._id));
      cursor = next.page.nextCursor;
    }
    expect(ids).toEqual(expectedOrder(before, 'recent').map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);

    // Oldest first: the new ones come at the end, nothing before them moves.
    const old = [...oldestFirst.data.map((s) => s._id)];
    cursor = oldestFirst.page.nextCursor;
    while (cursor) {
      const next = await page(listUrl, teacherHeaders, { sort: 'oldest', limit: 25, cursor });
      old.push(...next.data.map((s) => s._id));
      cursor = next.page.nextCursor;
    }
    expect(old).toEqual([...expectedOrder(before, 'oldest').map((r) => r.id), ...created]);

    // A fresh first page counts and shows them.
    const fresh = await page(listUrl, teacherHeaders, { limit: 5 });
    expect(fresh.page.total).toBe(before.length + created.length);
    expect(created).toContain(fresh.data[0]?._id);
  });

  it('gives the student their own list with the same orders, filter and search', async () => {
    const rows = await rowsOf('student', student.id);
    const url = apiPath(SUBMISSION_PATHS.studentSubmissions);
    for (const sort of ['recent', 'class', 'score'] as const) {
      const { ids, first } = await walk(url, studentHeaders, { sort, limit: 4 });
      expect(ids).toEqual(expectedOrder(rows, sort).map((r) => r.id));
      expect(first.page.total).toBe(rows.length);
    }
    const { ids } = await walk(url, studentHeaders, { q: 'EXPLAIN', limit: 3 });
    expect(ids).toEqual(
      expectedOrder(
        rows.filter((r) => keeps(r, 'all', 'explain')),
        'recent',
      ).map((r) => r.id),
    );
  });

  it('keeps the counts true when marking flags work, and agrees with the dashboard', async () => {
    const before = await page(listUrl, teacherHeaders, { limit: 1 });
    const [row] = await rowsOf('teacher', teacher.id).then((rows) =>
      rows.filter((r) => !r.isFlagged),
    );
    await t.database.db
      .update(submissions)
      .set({ isFlagged: true })
      .where(eq(submissions.id, row?.id ?? ''));
    const after = await page(listUrl, teacherHeaders, { limit: 1, flag: 'flagged' });
    expect(after.counts.flagged).toBe(before.counts.flagged + 1);
    expect(after.page.matched).toBe(after.counts.flagged);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: apiPath(DASHBOARD_PATHS.teacher),
      headers: teacherHeaders,
    });
    expect(dashboard.json<{ data: { totalSubmissions: number } }>().data.totalSubmissions).toBe(
      after.page.total,
    );
  });

  it('refuses a cursor it did not make, one of another order, and a page size out of range', async () => {
    const first = await page(listUrl, teacherHeaders, { limit: 2 });
    const cursor = first.page.nextCursor ?? '';
    for (const query of [
      `cursor=${Buffer.from('["recent","x","y"]').toString('base64url')}`,
      `cursor=${cursor}&sort=score`,
      'cursor=not*base64',
      'limit=0',
      'limit=101',
      'sort=best',
      'flag=maybe',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${listUrl}?${query}`,
        headers: teacherHeaders,
      });
      expect(response.statusCode, query).toBe(400);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: `${listUrl}?cursor=${cursor}&sort=student`,
      headers: teacherHeaders,
    });
    expect(bad.json()).toMatchObject({ field: 'cursor', message: MESSAGES.generic.badCursor });
  });

  it('opens one submission for its teacher and its student only', async () => {
    const [row] = await rowsOf('student', student.id);
    const url = apiPath(fillPath(SUBMISSION_PATHS.details, { id: row?.id ?? '' }));
    const forTeacher = await t.app.inject({ method: 'GET', url, headers: teacherHeaders });
    expect(forTeacher.statusCode).toBe(200);
    expect(
      forTeacher.json<{ data: { submissions: unknown[] } }>().data.submissions.length,
    ).toBeGreaterThan(0);
    const forStudent = await t.app.inject({ method: 'GET', url, headers: studentHeaders });
    expect(forStudent.statusCode).toBe(200);
    const f = fixtures(t.database.db, t.config.jwtSecret);
    const colleague = await f.user('teacher', teacher.schoolId);
    const forColleague = await t.app.inject({
      method: 'GET',
      url,
      headers: await f.auth({ id: colleague.id, role: 'teacher', schoolId: teacher.schoolId }),
    });
    expect(forColleague.statusCode).toBe(404);
  });
});
