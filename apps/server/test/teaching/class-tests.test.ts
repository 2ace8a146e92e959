import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_PATHS } from '@stem/contract/api';
import {
  CLASS_TEST_PATHS,
  TEST_TITLE_MAX,
  type TClassTest,
  type TClassTestResults,
} from '@stem/contract/class-tests';
import { MESSAGES } from '@stem/contract/messages';
import { RELEASE_PATHS } from '@stem/contract/regrades';
import { SCAN_MESSAGES, SCAN_PATHS } from '@stem/contract/scans';
import {
  answerBooklets,
  auditLog,
  classStudents,
  paperPrints,
  scanBatches,
  scanCrops,
  scanPages,
  submissionAnswers,
} from '../../src/db/schema';
import { selectClassBooklets } from '../../src/modules/scans/scans.queries';
import { buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  classroom,
  markOk,
  PHOTOSYNTHESIS_ANSWER,
  submitOk,
} from '../submissions/submission-helpers';
import {
  actor,
  addToClass,
  createQuestion,
  expectError,
  present,
  signedIn,
  url,
  type TActor,
} from './teaching-helpers';

/**
 * A class's tests (issues 28, 29): the teacher's CRUD with its rules, the admin's and an enrolled
 * student's reads, booklets printed from a test reusing their layout row, and each student's sum of
 * the latest marks of the test's questions (with the CSV).
 */

const M = MESSAGES.classTests;
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

function call(
  who: TActor,
  method: InjectOptions['method'],
  path: string,
  params: Record<string, string>,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method,
    url: url(path, params),
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });
}

async function createTest(
  who: TActor,
  classId: string,
  body: { title: string; questionIds: string[] },
): Promise<TClassTest> {
  const response = await call(who, 'POST', CLASS_TEST_PATHS.tests, { classId }, body);
  expect(response.statusCode, response.body).toBe(201);
  const reply = response.json<{ message: string; data: TClassTest }>();
  expect(reply.message).toBe(M.created(body.title.trim()));
  return reply.data;
}

describe('class tests: the teacher’s CRUD and who may read', () => {
  it('creates a test of the class’s questions in the chosen order, lists, edits and deletes it', async () => {
    const w = await classroom(t);
    const test = await createTest(w.teacher, w.cls.id, {
      title: '  Plants quiz  ',
      questionIds: [w.osmosis.id, w.photosynthesis.id],
    });
    expect(test).toMatchObject({
      classId: w.cls.id,
      title: 'Plants quiz',
      totalMarks: w.osmosis.marks + w.photosynthesis.marks,
      createdBy: { id: w.teacher.user.id, name: w.teacher.user.name },
      updatedBy: { id: w.teacher.user.id },
    });
    expect(test.questions.map((q) => [q.number, q.id])).toEqual([
      [1, w.osmosis.id],
      [2, w.photosynthesis.id],
    ]);

    const list = await call(w.teacher, 'GET', CLASS_TEST_PATHS.tests, { classId: w.cls.id });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: TClassTest[] }>().data.map((x) => x.id)).toEqual([test.id]);

    const edited = await call(
      w.teacher,
      'PUT',
      CLASS_TEST_PATHS.test,
      { classId: w.cls.id, testId: test.id },
      { title: 'Photosynthesis only', questionIds: [w.photosynthesis.id] },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: TClassTest }>().data).toMatchObject({
      title: 'Photosynthesis only',
      totalMarks: w.photosynthesis.marks,
      questions: [{ id: w.photosynthesis.id, number: 1 }],
    });

    const gone = await call(w.teacher, 'DELETE', CLASS_TEST_PATHS.test, {
      classId: w.cls.id,
      testId: test.id,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ message: M.deleted('Photosynthesis only') });
    const after = await call(w.teacher, 'GET', CLASS_TEST_PATHS.test, {
      classId: w.cls.id,
      testId: test.id,
    });
    expectError(after, 404, { message: M.notFound });
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, test.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'test.created',
      'test.deleted',
      'test.updated',
    ]);
  });

  it('refuses a title, a question list or a question that breaks the rules, naming the problem', async () => {
    const w = await classroom(t);
    const post = (body: Record<string, unknown>) =>
      call(w.teacher, 'POST', CLASS_TEST_PATHS.tests, { classId: w.cls.id }, body);
    const one = [w.photosynthesis.id];
    expectError(await post({ title: '   ', questionIds: one }), 400, {
      message: M.titleRequired,
      field: 'title',
    });
    expectError(await post({ title: 'x'.repeat(TEST_TITLE_MAX + 1), questionIds: one }), 400, {
      message: M.titleTooLong(TEST_TITLE_MAX),
      field: 'title',
    });
    expect((await post({ title: 'x'.repeat(TEST_TITLE_MAX), questionIds: one })).statusCode).toBe(
      201,
    );
    expectError(await post({ title: 'Empty', questionIds: [] }), 400, {
      message: M.questionsRequired,
      field: 'questionIds',
    });
    const many = Array.from({ length: 21 }, () => crypto.randomUUID());
    expectError(await post({ title: 'Too many', questionIds: many }), 400, {
      message: M.tooManyQuestions(20),
      field: 'questionIds',
    });
    expectError(await post({ title: 'Twice', questionIds: [...one, ...one] }), 400, {
      message: M.duplicateQuestion,
      field: 'questionIds',
    });
    // A question of the teacher's not set in this class, and one of another school.
    const loose = await createQuestion(t.app, w.teacher, { question: 'Not in the class?' });
    const elsewhere = await classroom(t);
    expectError(
      await post({ title: 'Mixed', questionIds: [...one, loose.id, elsewhere.osmosis.id] }),
      400,
      { message: M.questionNotInClass(2), field: 'questionIds' },
    );
    expectError(await post({ title: 'Mixed', questionIds: [loose.id] }), 400, {
      message: M.questionNotInClass(1),
    });
  });

  it('answers 404 for another school’s class or test and a colleague’s class; the admin reads, a student reads only an enrolled class’s test', async () => {
    const w = await classroom(t);
    const test = await createTest(w.teacher, w.cls.id, {
      title: 'Week 3',
      questionIds: [w.photosynthesis.id],
    });
    const ids = { classId: w.cls.id, testId: test.id };
    const other = await classroom(t);
    const colleague = await actor(t, 'teacher', w.school);
    const admin = await signedIn(t, await buildUser(t, { role: 'admin', schoolId: w.school.id }));
    const otherAdmin = await signedIn(
      t,
      await buildUser(t, { role: 'admin', schoolId: other.school.id }),
    );
    for (const who of [other.teacher, colleague]) {
      expect((await call(who, 'GET', CLASS_TEST_PATHS.test, ids)).statusCode).toBe(404);
      expect((await call(who, 'GET', CLASS_TEST_PATHS.tests, ids)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', CLASS_TEST_PATHS.test, ids)).statusCode).toBe(404);
      expect(
        (
          await call(who, 'PUT', CLASS_TEST_PATHS.test, ids, {
            title: 'Mine now',
            questionIds: [w.photosynthesis.id],
          })
        ).statusCode,
      ).toBe(404);
    }
    // The other school's teacher names their own class with this test: still not found.
    const crossed = await call(other.teacher, 'GET', CLASS_TEST_PATHS.test, {
      classId: other.cls.id,
      testId: test.id,
    });
    expectError(crossed, 404, { message: M.notFound });
    expect((await call(otherAdmin, 'GET', CLASS_TEST_PATHS.results, ids)).statusCode).toBe(404);

    expect((await call(admin, 'GET', CLASS_TEST_PATHS.tests, ids)).statusCode).toBe(200);
    expect((await call(admin, 'GET', CLASS_TEST_PATHS.results, ids)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', CLASS_TEST_PATHS.test, ids)).statusCode).toBe(403);

    const read = await call(w.student, 'GET', CLASS_TEST_PATHS.test, ids);
    expect(read.statusCode, read.body).toBe(200);
    expect((await call(w.student, 'GET', CLASS_TEST_PATHS.results, ids)).statusCode).toBe(403);
    // Adam is a student of the school, not of the class.
    expect((await call(w.outsider, 'GET', CLASS_TEST_PATHS.test, ids)).statusCode).toBe(404);
  });

  it('drops a question taken out of the class from its tests', async () => {
    const w = await classroom(t);
    const test = await createTest(w.teacher, w.cls.id, {
      title: 'Both',
      questionIds: [w.photosynthesis.id, w.osmosis.id],
    });
    const removed = await t.app.inject({
      method: 'POST',
      url: url(QUESTION_PATHS.removeFromClass),
      headers: w.teacher.headers,
      payload: { questionId: w.photosynthesis.id, classId: w.cls.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const read = await call(w.teacher, 'GET', CLASS_TEST_PATHS.test, {
      classId: w.cls.id,
      testId: test.id,
    });
    expect(read.json<{ data: TClassTest }>().data.questions).toEqual([
      { id: w.osmosis.id, number: 1, question: w.osmosis.question, marks: w.osmosis.marks },
    ]);
  });
});

describe('class tests: booklets printed from a test', () => {
  let w: Awaited<ReturnType<typeof classroom>>;
  let test: TClassTest;
  beforeAll(async () => {
    w = await classroom(t);
    test = await createTest(w.teacher, w.cls.id, {
      title: 'Booklet test',
      questionIds: [w.osmosis.id, w.photosynthesis.id],
    });
  });

  const print = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `${url(SCAN_PATHS.answerSheets, { classId: w.cls.id })}?${query}`,
      headers: w.teacher.headers,
    });
  const bookletRows = () =>
    t.database.db.select().from(answerBooklets).where(eq(answerBooklets.classId, w.cls.id));

  it('reuses the layout row when the same test is printed the same way again', async () => {
    const first = await print(`format=booklet&testId=${test.id}`);
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    const again = await print(`format=booklet&testId=${test.id}`);
    expect(again.statusCode).toBe(200);
    let rows = await bookletRows();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    // Each print is a printing of its own (its pages' codes name it), of the same booklet.
    const printings = await t.database.db
      .select()
      .from(paperPrints)
      .where(eq(paperPrints.classId, w.cls.id));
    expect(printings.map((p) => [p.format, p.bookletId])).toEqual([
      ['booklets', row?.id],
      ['booklets', row?.id],
    ]);
    expect(row).toMatchObject({
      testId: test.id,
      layoutHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The layout follows the test's order.
    expect(
      row?.layout.pages.flatMap((p) =>
        p.regions.filter((r) => !r.continuation).map((r) => r.questionId),
      ),
    ).toEqual([w.osmosis.id, w.photosynthesis.id]);
    expect(again.headers['x-sheet-pages']).toBe(first.headers['x-sheet-pages']);

    // Another paper, or no continuation page: another layout, kept once each.
    for (const query of ['paper=letter', 'continuation=false', 'paper=letter']) {
      expect((await print(`format=booklet&testId=${test.id}&${query}`)).statusCode).toBe(200);
    }
    rows = await bookletRows();
    expect(rows).toHaveLength(3);

    // Questions picked by hand are kept apart from the test's, once per layout too.
    const ids = `${w.osmosis.id},${w.photosynthesis.id}`;
    expect((await print(`format=booklet&questionIds=${ids}`)).statusCode).toBe(200);
    expect((await print(`format=booklet&questionIds=${ids}`)).statusCode).toBe(200);
    rows = await bookletRows();
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.testId === null)).toHaveLength(1);

    // Editing the test's questions makes a new layout; the printed ones stay readable.
    await call(
      w.teacher,
      'PUT',
      CLASS_TEST_PATHS.test,
      { classId: w.cls.id, testId: test.id },
      { title: 'Booklet test', questionIds: [w.photosynthesis.id] },
    );
    expect((await print(`format=booklet&testId=${test.id}`)).statusCode).toBe(200);
    expect(await bookletRows()).toHaveLength(5);
  });

  it('refuses a test with questions at once, and another class’s test', async () => {
    const both = await print(`format=booklet&testId=${test.id}&questionIds=${w.osmosis.id}`);
    expectError(both, 400, { message: SCAN_MESSAGES.testOrQuestions, field: 'testId' });
    const other = await classroom(t);
    const foreign = await createTest(other.teacher, other.cls.id, {
      title: 'Theirs',
      questionIds: [other.osmosis.id],
    });
    expectError(await print(`format=booklet&testId=${foreign.id}`), 404, {
      message: M.notFound,
    });
  });

  it('keeps booklets printed before tests readable beside the new rows', async () => {
    const legacyId = crypto.randomUUID();
    const [kept] = await bookletRows();
    await t.database.db.insert(answerBooklets).values({
      id: legacyId,
      schoolId: w.school.id,
      classId: w.cls.id,
      teacherId: w.teacher.user.id,
      layout: present(kept).layout,
    });
    const layouts = await selectClassBooklets(t.database.db, w.school.id, w.cls.id);
    expect(Object.keys(layouts)).toContain(legacyId);
    expect(Object.keys(layouts)).toHaveLength((await bookletRows()).length);
  });

  it('refuses to delete a test while a scan of its class is open; deleting it then deletes its booklets', async () => {
    const [batch] = await t.database.db
      .insert(scanBatches)
      .values({ schoolId: w.school.id, classId: w.cls.id, teacherId: w.teacher.user.id })
      .returning({ id: scanBatches.id });
    const ids = { classId: w.cls.id, testId: test.id };
    for (const status of ['queued', 'reading'] as const) {
      await t.database.db
        .update(scanBatches)
        .set({ status })
        .where(eq(scanBatches.id, present(batch).id));
      expectError(await call(w.teacher, 'DELETE', CLASS_TEST_PATHS.test, ids), 409, {
        message: M.scanOpen,
      });
    }
    // Read, with a page's image kept while it waits for the teacher: still open.
    await t.database.db
      .update(scanBatches)
      .set({ status: 'done' })
      .where(eq(scanBatches.id, present(batch).id));
    const [page] = await t.database.db
      .insert(scanPages)
      .values({
        batchId: present(batch).id,
        schoolId: w.school.id,
        pageNumber: 1,
        status: 'needs_teacher',
        reason: 'no_code',
      })
      .returning({ id: scanPages.id });
    await t.database.db.insert(scanCrops).values({
      id: crypto.randomUUID(),
      batchId: present(batch).id,
      schoolId: w.school.id,
      pageId: present(page).id,
      contentType: 'image/png',
      iv: Buffer.alloc(12),
      tag: Buffer.alloc(16),
      data: Buffer.alloc(8),
    });
    expectError(await call(w.teacher, 'DELETE', CLASS_TEST_PATHS.test, ids), 409, {
      message: M.scanOpen,
    });
    // Its images deleted (it closed): the test may go.
    await t.database.db.delete(scanCrops).where(eq(scanCrops.batchId, present(batch).id));
    const before = await bookletRows();
    const deleted = await call(w.teacher, 'DELETE', CLASS_TEST_PATHS.test, ids);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await bookletRows();
    expect(after.some((r) => r.testId === test.id)).toBe(false);
    expect(after.length).toBe(before.filter((r) => r.testId !== test.id).length);
  });
});

describe('class tests: each student’s marks and total', () => {
  it('sums the latest marks of the test’s questions per student, shows unanswered and held ones, and exports CSV with e-mail and id', async () => {
    const w = await classroom(t);
    // Chloe is in the class and answers nothing; Adam answered once and left the class.
    const chloe = await buildUser(t, { role: 'student', schoolId: w.school.id, name: 'Chloe Z' });
    await t.database.db.insert(classStudents).values([
      { classId: w.cls.id, studentId: chloe.id },
      { classId: w.cls.id, studentId: w.outsider.user.id },
    ]);
    const extra = await createQuestion(t.app, w.teacher, {
      question: 'Name the gas plants release in daylight.',
      marks: 2,
      lowMarkRange: '0-0',
      highMarkRange: '1-2',
      rubric: 'Low Mark Range (0-0):\nWrong gas.\n\nHigh Mark Range (1-2):\nOxygen.',
    });
    await addToClass(t.app, w.teacher, extra.id, w.cls.id);
    const test = await createTest(w.teacher, w.cls.id, {
      title: 'Plants',
      questionIds: [w.photosynthesis.id, w.osmosis.id, extra.id],
    });
    // Osmosis marks wait for the teacher's release.
    const held = await t.app.inject({
      method: 'PATCH',
      url: url(RELEASE_PATHS.questionMarking, { classId: w.cls.id, questionId: w.osmosis.id }),
      headers: w.teacher.headers,
      payload: { releaseMode: 'on_release' },
    });
    expect(held.statusCode, held.body).toBe(200);

    // Bella: photosynthesis twice (the latest counts) and osmosis; the gas question not answered.
    const first = await submitOk(t, w.student, w.cls, [
      { question: w.photosynthesis, answer: 'Plants make food.' },
    ]);
    await markOk(t, w.teacher, w.cls.id, first);
    const second = await submitOk(t, w.student, w.cls, [
      { question: w.photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
      {
        question: w.osmosis,
        answer: 'Water moves from a dilute solution to a concentrated one across a membrane.',
      },
    ]);
    await markOk(t, w.teacher, w.cls.id, second);
    const adam = await submitOk(t, w.outsider, w.cls, [
      { question: extra, answer: 'Oxygen is released.' },
    ]);
    await markOk(t, w.teacher, w.cls.id, adam);
    await t.database.db
      .delete(classStudents)
      .where(
        and(eq(classStudents.classId, w.cls.id), eq(classStudents.studentId, w.outsider.user.id)),
      );
    const scoreOf = async (submissionId: string, questionId: string) => {
      const [row] = await t.database.db
        .select({ score: submissionAnswers.score })
        .from(submissionAnswers)
        .where(
          and(
            eq(submissionAnswers.submissionId, submissionId),
            eq(submissionAnswers.questionId, questionId),
          ),
        );
      return present(row?.score, 'score');
    };
    const photo = await scoreOf(second, w.photosynthesis.id);
    const osmo = await scoreOf(second, w.osmosis.id);
    const gas = await scoreOf(adam, extra.id);

    const response = await call(w.teacher, 'GET', CLASS_TEST_PATHS.results, {
      classId: w.cls.id,
      testId: test.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<{ data: TClassTestResults }>().data;
    expect(results.test.totalMarks).toBe(w.photosynthesis.marks + w.osmosis.marks + 2);
    expect(results.students.map((s) => s.name)).toEqual([
      'Adam Student',
      'Bella Student',
      'Chloe Z',
    ]);
    const [a, b, c] = results.students;
    expect(b).toMatchObject({
      email: w.student.user.email,
      marks: [
        { score: photo, held: false },
        { score: osmo, held: true },
        { score: null, held: false },
      ],
      answered: 2,
      total: photo + osmo,
    });
    expect(a).toMatchObject({ answered: 1, total: gas });
    expect(c).toMatchObject({ answered: 0, total: null });

    const csv = await call(w.teacher, 'GET', CLASS_TEST_PATHS.export, {
      classId: w.cls.id,
      testId: test.id,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toContain('Biology 10 - Plants');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const C = M.csv;
    expect(lines[0]?.split(',').slice(0, 3)).toEqual([C.student, C.studentEmail, C.studentId]);
    expect(lines[0]).toContain(`${C.total},${C.outOf},${C.percentage}`);
    expect(lines[2]).toBe(
      [
        'Bella Student',
        w.student.user.email,
        w.student.user.id,
        photo,
        osmo,
        '',
        M.answeredOf(2, 3),
        photo + osmo,
        results.test.totalMarks,
        `${Math.round(((photo + osmo) / results.test.totalMarks) * 1000) / 10}%`,
      ].join(','),
    );
    expect(lines[3]).toBe(
      [
        'Chloe Z',
        chloe.email,
        chloe.id,
        '',
        '',
        '',
        M.answeredOf(0, 3),
        '',
        results.test.totalMarks,
        '',
      ].join(','),
    );
  }, 120_000);
});
