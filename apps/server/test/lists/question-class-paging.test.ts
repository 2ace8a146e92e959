import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_PATHS, QUESTION_PATHS } from '@stem/contract/api';
import { QUESTION_PAGE_SIZE } from '@stem/contract/limits-teaching';
import { MESSAGES } from '@stem/contract/messages';
import {
  QUESTION_SORTS,
  type TClassListResponse,
  type TQuestionListResponse,
  type TQuestionSort,
} from '@stem/contract/teaching';
import { classes, classStudents, questions } from '../../src/db/schema';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  RUBRIC,
  actor,
  createClass,
  expectError,
  teacherWithStudents,
  url,
  type TActor,
} from '../teaching/teaching-helpers';

/**
 * The question list (/view-questions) and the class list (/classes) paged on the server (issue 14,
 * spec 02 §2 and §9): every order walked page by page against the same rule applied to the rows,
 * pages stable while rows arrive, counts from count queries. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
type TRow = { id: string; marks: number; createdAt: Date; question: string };

const newestFirst = (a: TRow, b: TRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

function expectedOrder(rows: TRow[], sort: TQuestionSort): TRow[] {
  const list = [...rows];
  switch (sort) {
    case 'createdAt-asc':
      return list.sort((a, b) => -newestFirst(a, b));
    case 'marks-desc':
      return list.sort((a, b) => b.marks - a.marks || newestFirst(a, b));
    case 'marks-asc':
      return list.sort((a, b) => a.marks - b.marks || newestFirst(a, b));
    default:
      return list.sort(newestFirst);
  }
}

describe('paged question and class lists', { timeout: 120_000 }, () => {
  let t: TTestApp;
  let teacher: TActor;
  let colleague: TActor;
  let schoolId: string;
  let studentIds: string[];
  let rows: TRow[];
  const base = Date.parse('2026-01-05T09:00:00.000Z');
  const questionsUrl = () => url(QUESTION_PATHS.byTeacher, { teacherId: teacher.user.id });

  async function get<T>(path: string, who: TActor, query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const response = await t.app.inject({
      method: 'GET',
      url: search ? `${path}?${search}` : path,
      headers: who.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  /** Every page of a list, following nextCursor; the ids in the order given, and the replies. */
  async function walk<T extends { data: { id: string }[]; page: { nextCursor: string | null } }>(
    path: string,
    who: TActor,
    query: Record<string, string | number>,
    between?: (pageIndex: number) => Promise<void>,
  ) {
    const ids: string[] = [];
    const replies: T[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 200; i += 1) {
      const reply: T = await get<T>(path, who, cursor ? { ...query, cursor } : query);
      replies.push(reply);
      ids.push(...reply.data.map((r) => r.id));
      cursor = reply.page.nextCursor;
      if (!cursor) break;
      if (between) await between(i);
    }
    return { ids, replies };
  }

  async function insertQuestions(
    teacherId: string,
    specs: { marks: number; at: number; text: string }[],
  ) {
    return t.database.db
      .insert(questions)
      .values(
        specs.map((s) => ({
          schoolId,
          teacherId,
          question: s.text,
          marks: s.marks,
          lowMarkRange: '0-1',
          highMarkRange: `2-${Math.max(2, s.marks)}`,
          rubric: RUBRIC,
          createdAt: new Date(s.at),
          updatedAt: new Date(s.at),
        })),
      )
      .returning({
        id: questions.id,
        marks: questions.marks,
        createdAt: questions.createdAt,
        question: questions.question,
      });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const setup = await teacherWithStudents(t);
    teacher = setup.teacher;
    schoolId = setup.school.id;
    studentIds = setup.students.map((s) => s.id);
    colleague = await actor(t, 'teacher', setup.school);
    // 37 questions: marks 1-6, several sharing a creation time (ties fall to the id), some
    // mentioning "energy" for the search.
    rows = await insertQuestions(
      teacher.user.id,
      Array.from({ length: 37 }, (_, i) => ({
        marks: (i % 6) + 1,
        at: base + Math.floor(i / 3) * 60_000,
        text: i % 4 === 0 ? `Question ${i}: describe kinetic ENERGY` : `Question ${i}: a cell`,
      })),
    );
    await insertQuestions(colleague.user.id, [{ marks: 3, at: base, text: 'Colleague energy' }]);
  });
  afterAll(() => t.close());

  describe('GET /question/questions/teacher/{teacherId}', () => {
    it(`sends ${QUESTION_PAGE_SIZE} a page, newest first, with the whole count`, async () => {
      const reply = await get<TQuestionListResponse>(questionsUrl(), teacher);
      expect(reply.success).toBe(true);
      expect(reply.data.map((q) => q.id)).toEqual(
        expectedOrder(rows, 'createdAt-desc')
          .slice(0, QUESTION_PAGE_SIZE)
          .map((r) => r.id),
      );
      expect(reply.page).toMatchObject({ total: 37, matched: 37 });
      expect(reply.page.nextCursor).toEqual(expect.any(String));
    });

    for (const sort of QUESTION_SORTS) {
      it(`walks every page of ${sort} in the spec's order, none skipped or repeated`, async () => {
        const { ids, replies } = await walk<TQuestionListResponse>(questionsUrl(), teacher, {
          sort,
          limit: 7,
        });
        expect(ids).toEqual(expectedOrder(rows, sort).map((r) => r.id));
        expect(replies.every((r) => r.page.total === 37 && r.page.matched === 37)).toBe(true);
        expect(replies.at(-1)?.page.nextCursor).toBeNull();
      });
    }

    it('searches the question text, any case, with the matched count', async () => {
      const { ids, replies } = await walk<TQuestionListResponse>(questionsUrl(), teacher, {
        sort: 'marks-asc',
        q: '  Energy ',
        limit: 4,
      });
      const kept = rows.filter((r) => r.question.toLowerCase().includes('energy'));
      expect(ids).toEqual(expectedOrder(kept, 'marks-asc').map((r) => r.id));
      expect(replies[0]?.page).toMatchObject({ total: 37, matched: kept.length });
    });

    it('keeps its pages while new questions arrive (no row skipped or repeated)', async () => {
      let added = 0;
      const before = [...rows];
      const { ids } = await walk<TQuestionListResponse>(
        questionsUrl(),
        teacher,
        { sort: 'createdAt-desc', limit: 5 },
        async (i) => {
          const made = await insertQuestions(teacher.user.id, [
            { marks: 9, at: Date.parse('2026-06-01T00:00:00Z') + i * 1000, text: `New ${i}` },
          ]);
          rows.push(...made);
          added += made.length;
        },
      );
      // Newest first: what arrives during the walk sorts before the cursor, so the walk shows
      // exactly the questions it started with, each once.
      expect(added).toBeGreaterThan(3);
      expect(ids).toEqual(expectedOrder(before, 'createdAt-desc').map((r) => r.id));
      const oldest = await walk<TQuestionListResponse>(
        questionsUrl(),
        teacher,
        { sort: 'marks-desc', limit: 6 },
        async (i) => {
          rows.push(
            ...(await insertQuestions(teacher.user.id, [
              { marks: 1, at: base - (i + 1) * 1000, text: `Late ${i}` },
            ])),
          );
        },
      );
      // Marks high first: new 1-mark questions dated before all others sort after the cursor, so
      // each is listed, once.
      expect(new Set(oldest.ids).size).toBe(oldest.ids.length);
      expect(oldest.ids).toEqual(expectedOrder(rows, 'marks-desc').map((r) => r.id));
    });

    it("never lists a colleague's questions and refuses another teacher's list", async () => {
      const { ids } = await walk<TQuestionListResponse>(questionsUrl(), teacher, { limit: 100 });
      expect(ids).toHaveLength(rows.length);
      const theirs = await t.app.inject({
        method: 'GET',
        url: url(QUESTION_PATHS.byTeacher, { teacherId: colleague.user.id }),
        headers: teacher.headers,
      });
      expectError(theirs, 403, { code: 'FORBIDDEN' });
    });

    it('refuses a bad sort, a forged cursor and a cursor of another order with 400', async () => {
      const first = await get<TQuestionListResponse>(questionsUrl(), teacher, {
        sort: 'marks-desc',
        limit: 2,
      });
      const ask = (query: string) =>
        t.app.inject({
          method: 'GET',
          url: `${questionsUrl()}?${query}`,
          headers: teacher.headers,
        });
      expectError(await ask('sort=name'), 400, { code: 'VALIDATION' });
      expectError(await ask('cursor=bm90LWEtY3Vyc29y'), 400, {
        message: MESSAGES.generic.badCursor,
      });
      expectError(await ask(`sort=createdAt-asc&cursor=${first.page.nextCursor ?? ''}`), 400, {
        message: MESSAGES.generic.badCursor,
      });
      expectError(await ask('limit=101'), 400, { code: 'VALIDATION' });
    });
  });

  describe('GET /teacher/classes', () => {
    it('walks every page newest first with student and question counts and the whole count', async () => {
      const made = await createClass(t.app, teacher, 'Made Through The API', studentIds);
      const at = (i: number) => new Date(base + Math.floor(i / 2) * 60_000);
      const inserted = await t.database.db
        .insert(classes)
        .values(
          Array.from({ length: 23 }, (_, i) => ({
            schoolId,
            teacherId: teacher.user.id,
            name: `Set ${i}`,
            createdAt: at(i),
            updatedAt: at(i),
          })),
        )
        .returning({ id: classes.id, createdAt: classes.createdAt });
      const firstStudent = studentIds[0] ?? '';
      await t.database.db
        .insert(classStudents)
        .values({ classId: inserted[0]?.id ?? '', studentId: firstStudent });
      await createClass(t.app, colleague, 'Not Mine', studentIds);

      const expected = [{ id: made.id, createdAt: new Date(made.createdAt) }, ...inserted].sort(
        (a, b) =>
          b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      );
      const { ids, replies } = await walk<TClassListResponse>(
        url(CLASS_PATHS.teacherClasses),
        teacher,
        {
          limit: 5,
        },
      );
      expect(ids).toEqual(expected.map((c) => c.id));
      expect(replies[0]?.message).toBe(MESSAGES.classes.loaded);
      expect(replies.every((r) => r.page.total === 24 && r.page.matched === 24)).toBe(true);
      const all = replies.flatMap((r) => r.data);
      expect(all.find((c) => c.id === made.id)).toMatchObject({
        studentCount: 2,
        questionCount: 0,
      });
      expect(all.find((c) => c.id === inserted[0]?.id)).toMatchObject({ studentCount: 1 });
    });

    it('keeps its pages while classes are created, and refuses a forged cursor', async () => {
      const before = await walk<TClassListResponse>(url(CLASS_PATHS.teacherClasses), teacher, {
        limit: 100,
      });
      const during = await walk<TClassListResponse>(
        url(CLASS_PATHS.teacherClasses),
        teacher,
        { limit: 4 },
        async (i) => {
          t.clock.advance(10);
          await createClass(t.app, teacher, `Arrived ${i}`, studentIds);
        },
      );
      expect(during.ids).toEqual(before.ids);
      const last = during.replies.at(-1);
      expect(last?.page.total).toBeGreaterThan(before.ids.length);
      const forged = await t.app.inject({
        method: 'GET',
        url: `${url(CLASS_PATHS.teacherClasses)}?cursor=${Buffer.from('["cnew","x","y"]').toString('base64url')}`,
        headers: teacher.headers,
      });
      expectError(forged, 400, { message: MESSAGES.generic.badCursor });
    });
  });
});
