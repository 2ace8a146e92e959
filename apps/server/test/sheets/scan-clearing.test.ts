import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCAN_MESSAGES,
  SCAN_PATHS,
  type TScanBatchDetails,
  type TScanPage,
} from '@stem/contract/scans';
import { SUBMISSION_PATHS, type TSubmission } from '@stem/contract/submissions';
import { submissionAnswers, submissions } from '../../src/db/schema';
import { buildSchool, buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  actor,
  addToClass,
  createClass,
  createQuestion,
  expectError,
  signedIn,
  url,
  type TActor,
} from '../teaching/teaching-helpers';
import {
  fillSheets,
  getScanBatch,
  multipart,
  renderSheets,
  scanLook,
  scannedPdf,
  waitForScanBatch,
} from './scan-fixtures';

const ANSWERS = [
  'Plants use light energy to turn carbon dioxide and water into glucose and oxygen',
  'Water moves by osmosis from a dilute solution into the root hair cell',
];
/** What a smudged or scribbled box reads as: no words anyone could mark. */
const SCRIBBLE = 'Xqzv Jkwp zzkt Wxvq bnkq Pqxz vvkj Zqwx';

/**
 * Issue 28, first pieces: nothing is marked that nobody wrote (blank boxes upright and upside down,
 * OCR debris held for the teacher), and every page that needs the teacher can be cleared (assign to
 * another class, discard, absent, replace with a re-scan), the teacher's alone.
 */
describe('blank answers, debris and clearing the pages that need the teacher', () => {
  let t: TTestApp;
  let teacher: TActor;
  let classId: string;
  let otherClassId: string;
  let questionIds: string[];
  let students: { id: string; name: string }[];
  let studentUsers: Awaited<ReturnType<typeof buildUser>>[];
  let esmeId: string;
  let batch: TScanBatchDetails;
  /** Scans of the named sheets: index = student * 2 + question. */
  let named: Buffer[];
  const names = ['Amara Okafor', 'Ben Carter', 'Chloe Dubois'];

  beforeAll(async () => {
    t = await buildTestApp({ SCAN_MAX_PAGES: '16' });
    const school = await buildSchool(t);
    teacher = await actor(t, 'teacher', school);
    students = [];
    studentUsers = [];
    for (const name of names) {
      const user = await buildUser(t, { role: 'student', schoolId: school.id, name });
      students.push({ id: user.id, name });
      studentUsers.push(user);
    }
    classId = (
      await createClass(
        t.app,
        teacher,
        'Year 9 Biology',
        students.map((s) => s.id),
      )
    ).id;
    const q1 = await createQuestion(t.app, teacher, {
      question: 'Explain how photosynthesis makes glucose in a leaf.',
    });
    const q2 = await createQuestion(t.app, teacher, {
      question: 'Describe osmosis in a root hair cell.',
    });
    questionIds = [q1.id, q2.id];
    for (const id of questionIds) await addToClass(t.app, teacher, id, classId);
    const esme = await buildUser(t, { role: 'student', schoolId: school.id, name: 'Esme Laurent' });
    esmeId = esme.id;
    otherClassId = (await createClass(t.app, teacher, 'Year 10 Chemistry', [esme.id])).id;
    await addToClass(t.app, teacher, q1.id, otherClassId);
  });
  afterAll(() => t.close());

  const sheets = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${url(SCAN_PATHS.answerSheets, { classId })}?${query}`,
      headers: teacher.headers,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.rawPayload;
  };
  const getBatch = (id: string) => getScanBatch(t.app, teacher.headers, id);
  const pageAt = (n: number): TScanPage => {
    const page = batch.pages.find((p) => p.pageNumber === n);
    if (!page) throw new Error(`page ${n} not listed: ${JSON.stringify(batch.pages)}`);
    return page;
  };
  const action = (
    path: string,
    pageId: string,
    payload?: Record<string, string>,
    who: TActor = teacher,
  ) =>
    t.app.inject({
      method: 'POST',
      url: url(path, { id: batch.id, pageId }),
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const replace = (pageId: string, jpeg: Buffer, who: TActor = teacher) => {
    const form = multipart({}, [{ name: 'rescan.jpg', bytes: jpeg, type: 'image/jpeg' }]);
    return t.app.inject({
      method: 'POST',
      url: url(SCAN_PATHS.replacePage, { id: batch.id, pageId }),
      headers: { ...who.headers, ...form.headers },
      payload: form.payload,
    });
  };
  const scanRows = (studentId: string, questionId: string) =>
    t.database.db
      .select({
        id: submissions.id,
        answer: submissionAnswers.answer,
        number: submissionAnswers.questionNumber,
      })
      .from(submissions)
      .innerJoin(submissionAnswers, eq(submissionAnswers.submissionId, submissions.id))
      .where(
        and(eq(submissions.studentId, studentId), eq(submissionAnswers.questionId, questionId)),
      );

  it(
    'reports blank boxes as blank, upright and upside down, and holds debris for the teacher',
    { timeout: 240_000 },
    async () => {
      // Amara leaves both boxes empty; Ben answers question 1 and scribbles in question 2; Chloe's
      // two pages lose their code and header; a blank sheet carries a name not in the class.
      const fills = [
        { answer: '' },
        { answer: '' },
        { answer: ANSWERS[0]! },
        { answer: SCRIBBLE },
        { answer: ANSWERS[0]! },
        { answer: ANSWERS[1]! },
      ];
      const pack = await sheets('');
      const pages = await renderSheets(await fillSheets(pack, fills), 6);
      const [stranger] = await renderSheets(
        await fillSheets(await sheets(`blank=true&questionIds=${questionIds[1]}`), [
          { answer: ANSWERS[1]!, name: 'Zoltan Quibble' },
        ]),
        1,
      );
      const scans = await Promise.all([
        scanLook(pages[0]!, {}),
        scanLook(pages[1]!, { rotate: 180, noisy: true }),
        scanLook(pages[2]!, { rotate: 180 }),
        scanLook(pages[3]!, {}),
        scanLook(pages[4]!, { hideCode: true, hideHeader: true }),
        scanLook(stranger!, {}),
        scanLook(pages[5]!, { hideCode: true, hideHeader: true }),
      ]);
      // The filled sheets of the same printing, for the re-scans below; and Amara's question 2
      // sheet of another printing (a second sitting's paper, no re-scan of this one).
      const filled = [{ answer: ANSWERS[0]! }, { answer: ANSWERS[1]! }];
      const answered = await renderSheets(await fillSheets(pack, filled), 6);
      named = await Promise.all(answered.slice(0, 2).map((png) => scanLook(png, {})));
      const [, reprinted] = await renderSheets(await fillSheets(await sheets(''), filled), 6);
      named.push(await scanLook(reprinted!, {}));

      const form = multipart({ classId }, [
        { name: 'stack.pdf', bytes: await scannedPdf(scans), type: 'application/pdf' },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: url(SCAN_PATHS.batches),
        headers: { ...teacher.headers, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(202);
      const id = response.json<{ data: { batchId: string } }>().data.batchId;
      batch = await waitForScanBatch(
        t.app,
        teacher.headers,
        id,
        (b) => b.status === 'done' || b.status === 'failed',
      );
      expect(batch).toMatchObject({
        status: 'done',
        // The class releases its marks at once: so does the batch, unless the teacher says.
        holdMarks: false,
        releasedAt: null,
        readPages: 7,
        assigned: 1,
        blank: 2,
        needsTeacher: 4,
      });
      const [amara, ben] = students;
      // Blank, upright and upside down (noisy): on Amara's questions, with no text and no submission.
      expect(pageAt(1)).toMatchObject({
        status: 'blank',
        text: '',
        student: { id: amara!.id },
        questionId: questionIds[0],
      });
      expect(pageAt(2)).toMatchObject({
        status: 'blank',
        text: '',
        student: { id: amara!.id },
        questionId: questionIds[1],
      });
      expect(await scanRows(amara!.id, questionIds[0]!)).toHaveLength(0);
      expect(await scanRows(amara!.id, questionIds[1]!)).toHaveLength(0);
      // The scribble is not marked: it waits for the teacher, on Ben's question 2.
      expect(pageAt(4)).toMatchObject({
        status: 'needs_teacher',
        reason: 'unsure_text',
        student: { id: ben!.id },
        questionId: questionIds[1],
      });
      expect(await scanRows(ben!.id, questionIds[1]!)).toHaveLength(0);
      // The upside-down answered page was placed and submitted, numbered as printed.
      expect(await scanRows(ben!.id, questionIds[0]!)).toHaveLength(1);
      const [numbered] = await t.database.db
        .select({ number: submissionAnswers.questionNumber })
        .from(submissionAnswers)
        .innerJoin(submissions, eq(submissions.id, submissionAnswers.submissionId))
        .where(eq(submissions.studentId, ben!.id));
      expect(numbered?.number).toBe(1);
      // The name written on the blank sheet is shown to the teacher as read.
      expect(pageAt(6)).toMatchObject({ status: 'needs_teacher', reason: 'name_unmatched' });
      expect(pageAt(6).readName?.toUpperCase()).toContain('QUIBBLE');
    },
  );

  it('keeps every clearing action to the teacher who uploaded the batch', async () => {
    const page = pageAt(4);
    const stranger = await actor(t, 'teacher', await buildSchool(t));
    const colleagueSchool = await buildSchool(t);
    const student = await signedIn(
      t,
      await buildUser(t, { role: 'student', schoolId: colleagueSchool.id }),
    );
    for (const path of [SCAN_PATHS.discardPage, SCAN_PATHS.absentPage]) {
      expectError(await action(path, page.id, {}, stranger), 404, {
        message: SCAN_MESSAGES.batchNotFound,
      });
      expect((await action(path, page.id, {}, student)).statusCode).toBe(403);
    }
    expectError(
      await action(
        SCAN_PATHS.assignPage,
        page.id,
        { studentId: students[1]!.id, questionId: questionIds[1]! },
        stranger,
      ),
      404,
      { message: SCAN_MESSAGES.batchNotFound },
    );
    expectError(await replace(page.id, named[0]!, stranger), 404, {
      message: SCAN_MESSAGES.batchNotFound,
    });
    // Nothing changed.
    expect((await getBatch(batch.id)).needsTeacher).toBe(4);
  });

  it(
    'clears every page that needs the teacher: absent, another class, assigned by name, discarded',
    { timeout: 120_000 },
    async () => {
      const [, ben, chloe] = students;
      // Ben was absent for question 2: no submission, no attempt used.
      const absent = await action(SCAN_PATHS.absentPage, pageAt(4).id, {});
      expect(absent.statusCode, absent.body).toBe(200);
      expect(absent.json<{ data: TScanPage }>().data).toMatchObject({
        status: 'absent',
        student: { id: ben!.id, name: ben!.name },
      });
      expect(await scanRows(ben!.id, questionIds[1]!)).toHaveLength(0);
      expectError(await action(SCAN_PATHS.absentPage, pageAt(4).id, {}), 409, {
        message: SCAN_MESSAGES.pageSettled,
      });
      // A page without a code needs a student and a question to be marked absent.
      expectError(await action(SCAN_PATHS.absentPage, pageAt(7).id, {}), 400, {
        message: SCAN_MESSAGES.absentNeedsWho,
      });

      // Chloe's coded page was Esme's, of the teacher's other class.
      const wrongClass = await action(SCAN_PATHS.assignPage, pageAt(5).id, {
        studentId: esmeId,
        questionId: questionIds[0]!,
      });
      expectError(wrongClass, 400, { message: SCAN_MESSAGES.studentNotInClass });
      const otherClass = await action(SCAN_PATHS.assignPage, pageAt(5).id, {
        studentId: esmeId,
        questionId: questionIds[0]!,
        classId: otherClassId,
      });
      expect(otherClass.statusCode, otherClass.body).toBe(200);
      expect(await scanRows(esmeId, questionIds[0]!)).toHaveLength(1);
      // Another teacher's class is refused.
      const colleague = await actor(t, 'teacher', await buildSchool(t));
      const theirs = await createClass(t.app, colleague, 'Not yours', []);
      expect(
        (
          await action(SCAN_PATHS.assignPage, pageAt(6).id, {
            studentId: chloe!.id,
            questionId: questionIds[1]!,
            classId: theirs.id,
          })
        ).statusCode,
      ).toBe(404);

      // The blank sheet with a stranger's name was Chloe's question 2; the teacher corrects its text
      // from the paper as they assign it.
      const corrected = 'Water moves by osmosis into the root hair cell';
      const byName = await action(SCAN_PATHS.assignPage, pageAt(6).id, {
        studentId: chloe!.id,
        questionId: questionIds[1]!,
        text: corrected,
      });
      expect(byName.statusCode, byName.body).toBe(200);
      expect((await scanRows(chloe!.id, questionIds[1]!)).map((r) => r.answer)).toEqual([
        corrected,
      ]);
      // Its sheet was printed alone, as "Question 1 of 1": the number the student and teacher see
      // is the printed one, not the question's place in the class (2).
      const details = await t.app.inject({
        method: 'GET',
        url: url(SUBMISSION_PATHS.details, {
          id: byName.json<{ data: { submissionId: string } }>().data.submissionId,
        }),
        headers: teacher.headers,
      });
      expect(details.statusCode, details.body).toBe(200);
      expect(
        details.json<{ data: TSubmission }>().data.submissions.map((a) => a.questionNumber),
      ).toEqual([1]);

      // An empty correction is no answer, refused; the last page is a spare: set aside.
      const empty = await action(SCAN_PATHS.assignPage, pageAt(7).id, {
        studentId: chloe!.id,
        questionId: questionIds[1]!,
        text: '   ',
      });
      expect(empty.statusCode, empty.body).toBe(400);
      const discarded = await action(SCAN_PATHS.discardPage, pageAt(7).id);
      expect(discarded.statusCode, discarded.body).toBe(200);
      expect(discarded.json<{ data: TScanPage }>().data.status).toBe('discarded');
      expectError(await action(SCAN_PATHS.discardPage, pageAt(7).id), 409, {
        message: SCAN_MESSAGES.pageSettled,
      });

      batch = await getBatch(batch.id);
      expect(batch.needsTeacher).toBe(0);
      expect(pageAt(5)).toMatchObject({
        status: 'assigned',
        classId: otherClassId,
        student: { id: esmeId, name: 'Esme Laurent' },
      });
    },
  );

  it(
    'replaces a page with a re-scan of it; the same read again changes nothing',
    { timeout: 120_000 },
    async () => {
      const [amara] = students;
      // A re-scan of another sheet is refused, and so is the same sheet of another printing.
      for (const other of [named[0]!, named[2]!]) {
        expectError(await replace(pageAt(2).id, other), 400, {
          message: SCAN_MESSAGES.replaceOtherSheet,
        });
      }
      // Amara's blank question 2 was a bad scan: the re-scan holds her answer.
      const first = await replace(pageAt(2).id, named[1]!);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<{ data: TScanPage }>().data).toMatchObject({
        status: 'assigned',
        student: { id: amara!.id },
        questionId: questionIds[1],
      });
      const before = await scanRows(amara!.id, questionIds[1]!);
      expect(before).toHaveLength(1);
      expect(before[0]?.answer).toContain('osmosis');
      // The only answer of its submission, numbered as its sheet was printed: "Question 2 of 2".
      expect(before[0]?.number).toBe(2);
      // The same scan again reads the same: its answer and marks are unchanged, nothing is made.
      const again = await replace(pageAt(2).id, named[1]!);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<{ message: string }>().message).toBe(SCAN_MESSAGES.replaceSameText);
      const after = await scanRows(amara!.id, questionIds[1]!);
      expect(after).toEqual(before);
      batch = await getBatch(batch.id);
      expect(batch).toMatchObject({ needsTeacher: 0, blank: 1 });
    },
  );

  it(
    "holds a batch's marks until the teacher releases it, the releasing teacher's alone",
    { timeout: 200_000 },
    async () => {
      const chloe = studentUsers[2]!;
      const filled = await renderSheets(
        await fillSheets(await sheets(''), [
          { answer: '' },
          { answer: '' },
          { answer: '' },
          { answer: '' },
          { answer: ANSWERS[0]! },
        ]),
        6,
      );
      const form = multipart({ classId, holdMarks: 'true' }, [
        { name: 'chloe.jpg', bytes: await scanLook(filled[4]!, {}), type: 'image/jpeg' },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: url(SCAN_PATHS.batches),
        headers: { ...teacher.headers, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(202);
      const id = response.json<{ data: { batchId: string } }>().data.batchId;
      const held = await waitForScanBatch(
        t.app,
        teacher.headers,
        id,
        (b) => b.status === 'done' && b.marked + b.markingFailed >= b.assigned,
      );
      expect(held).toMatchObject({ holdMarks: true, releasedAt: null, assigned: 1, marked: 1 });
      const [row] = await scanRows(chloe.id, questionIds[0]!);
      const asStudent = await signedIn(t, chloe);
      const seen = async () => {
        const reply = await t.app.inject({
          method: 'GET',
          url: url(SUBMISSION_PATHS.details, { id: row!.id }),
          headers: asStudent.headers,
        });
        expect(reply.statusCode, reply.body).toBe(200);
        return reply.json<{ data: TSubmission }>().data.submissions[0];
      };
      // Marked, but the student sees no mark yet.
      expect(await seen()).toMatchObject({ score: null, feedbackHeld: true });

      const releaseUrl = url(SCAN_PATHS.releaseBatch, { id });
      const stranger = await actor(t, 'teacher', await buildSchool(t));
      expectError(
        await t.app.inject({ method: 'POST', url: releaseUrl, headers: stranger.headers }),
        404,
        { message: SCAN_MESSAGES.batchNotFound },
      );
      expect(
        (await t.app.inject({ method: 'POST', url: releaseUrl, headers: asStudent.headers }))
          .statusCode,
      ).toBe(403);
      const released = await t.app.inject({
        method: 'POST',
        url: releaseUrl,
        headers: teacher.headers,
      });
      expect(released.statusCode, released.body).toBe(200);
      expect(released.json<{ data: { released: number } }>().data.released).toBe(1);
      expectError(
        await t.app.inject({ method: 'POST', url: releaseUrl, headers: teacher.headers }),
        409,
        { message: SCAN_MESSAGES.notHeld },
      );
      const after = await seen();
      expect(after?.feedbackHeld).toBe(false);
      expect(after?.score).not.toBeNull();
      expect((await getBatch(id)).releasedAt).not.toBeNull();
    },
  );
});
