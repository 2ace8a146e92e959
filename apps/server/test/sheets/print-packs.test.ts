import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { RATE_LIMITS } from '@stem/contract/limits';
import { MAX_PRINT_PAGES, SCAN_MESSAGES, SCAN_PATHS } from '@stem/contract/scans';
import { paperPrints } from '../../src/db/schema';
import { buildSchool, buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  actor,
  addToClass,
  createClass,
  createQuestion,
  expectError,
  type TActor,
  url,
} from '../teaching/teaching-helpers';

/**
 * Printing a class's pack (defect found in session 16's final read): the PDF is drawn in the
 * image-work threads with printing's own budget, never on the event loop; a pack has a page
 * ceiling; and each teacher may print RATE_LIMITS.answerSheets packs a minute.
 */
describe('printing answer sheets and booklets off the event loop, with limits', () => {
  let t: TTestApp;
  let slow: TTestApp;
  let teacher: TActor;
  let colleague: TActor;
  let classId: string;
  let colleagueClassId: string;
  let questionIds: string[];

  async function setUp(app: TTestApp) {
    const school = await buildSchool(app);
    const me = await actor(app, 'teacher', school);
    const other = await actor(app, 'teacher', school);
    const student = await buildUser(app, { role: 'student', schoolId: school.id });
    const cls = await createClass(app.app, me, 'Year 8 Physics', [student.id]);
    const otherCls = await createClass(app.app, other, 'Year 8 Physics B', [student.id]);
    const ids: string[] = [];
    for (let i = 1; i <= 10; i += 1) {
      const q = await createQuestion(app.app, me, { question: `Question ${i} of the test.` });
      await addToClass(app.app, me, q.id, cls.id);
      ids.push(q.id);
    }
    const shared = await createQuestion(app.app, other, { question: 'A colleague question.' });
    await addToClass(app.app, other, shared.id, otherCls.id);
    return { me, other, cls, otherCls, ids };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const made = await setUp(t);
    teacher = made.me;
    colleague = made.other;
    classId = made.cls.id;
    colleagueClassId = made.otherCls.id;
    questionIds = made.ids;
    // A printing budget no pack of hundreds of pages can be drawn in: only work that runs under the
    // pool's budget (a worker thread, stopped when it runs out) can be refused for it.
    slow = await buildTestApp({ EXTRACTION_PRINT_MS: '100' });
  });
  afterAll(async () => {
    await t.close();
    await slow.close();
  });

  const print = (app: TTestApp, who: TActor, id: string, query: string) =>
    app.app.inject({
      method: 'GET',
      url: `${url(SCAN_PATHS.answerSheets, { classId: id })}?${query}`,
      headers: who.headers,
    });

  it('draws the pack in a worker thread and refuses one past its budget with 422', async () => {
    const made = await setUp(slow);
    // 200 blank copies of 5 questions: 1,000 pages.
    const response = await print(
      slow,
      made.me,
      made.cls.id,
      `blank=true&copies=200&questionIds=${made.ids.slice(0, 5).join(',')}`,
    );
    expectError(response, 422, { message: SCAN_MESSAGES.printTooLarge });
  });

  it('refuses a pack of more than MAX_PRINT_PAGES pages before drawing it', async () => {
    // 200 copies of 10 questions: 2,000 pages is the ceiling; 11 questions would pass it.
    expect(200 * 10).toBe(MAX_PRINT_PAGES);
    const extra = await createQuestion(t.app, teacher, { question: 'One question too many.' });
    await addToClass(t.app, teacher, extra.id, classId);
    const response = await print(
      t,
      teacher,
      classId,
      `blank=true&copies=200&questionIds=${[...questionIds, extra.id].join(',')}`,
    );
    expectError(response, 400, {
      message: SCAN_MESSAGES.tooManyPrintPages(2_200),
      field: 'questionIds',
    });
  });

  it('lets a teacher print a limited number of packs a minute, counted per teacher', async () => {
    // The request above counted as one: the rest of the allowance prints, the next is refused. The
    // clock stands still, so a slow machine cannot let the minute's window pass between requests.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 1; i < RATE_LIMITS.answerSheets.max; i += 1) {
        const response = await print(t, teacher, classId, `questionIds=${questionIds[0]}`);
        expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      }
      const refused = await print(t, teacher, classId, `questionIds=${questionIds[0]}`);
      expectError(refused, 429, { message: MESSAGES.generic.rateLimited });
      // Another teacher of the same school (the same network address) still prints.
      const other = await print(t, colleague, colleagueClassId, '');
      expect(other.statusCode, other.body.slice(0, 300)).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
  it('records each pack it delivers as a printing of the class, and none it refuses', async () => {
    const rows = await t.database.db
      .select()
      .from(paperPrints)
      .where(eq(paperPrints.classId, classId))
      .orderBy(asc(paperPrints.createdAt));
    // The packs printed within the minute's allowance above; the 400 and the 429 drew nothing.
    expect(rows).toHaveLength(RATE_LIMITS.answerSheets.max - 1);
    for (const row of rows) {
      expect(row).toMatchObject({
        format: 'sheets',
        bookletId: null,
        pages: 1,
        createdBy: teacher.user.id,
      });
    }
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    // The pack past its budget (422) recorded no printing either.
    expect(await slow.database.db.select().from(paperPrints)).toHaveLength(0);
  });
});
