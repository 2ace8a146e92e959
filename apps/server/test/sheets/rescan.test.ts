import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { SCAN_MESSAGES, SCAN_PATHS, type TScanBatchDetails } from '@stem/contract/scans';
import { SUBMISSION_PATHS, type TSubmission } from '@stem/contract/submissions';
import {
  answerBooklets,
  answerReviews,
  paperPrints,
  scanPages,
  submissionAnswers,
  submissions,
} from '../../src/db/schema';
import type { TBookletLayout } from '../../src/extraction/sheets/booklet-layout';
import { buildAnswerSheets } from '../../src/extraction/sheets/sheet-pdf';
import { sheetKey } from '../../src/modules/scans/scans.sheets';
import { buildSchool, buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { submit, waitForStatus } from '../submissions/submission-helpers';
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
  fillBooklets,
  fillSheets,
  multipart,
  renderSheets,
  scanLook,
  scannedPdf,
  waitForScanBatch,
} from './scan-fixtures';

const QUESTIONS = [
  { text: 'Explain how photosynthesis makes glucose in a leaf.', marks: 3 },
  { text: 'Describe osmosis in a root hair cell.', marks: 3 },
];
const ANSWERS = [
  'Light energy is absorbed by chlorophyll and turns carbon dioxide and water into glucose',
  'Water moves by osmosis from a dilute solution into the root hair cell',
];
/** What the first scan read of a page (a misread, or a poor scan). */
const MISREAD = 'Plants are green';

/**
 * Issue 28: a re-scan of a page already read replaces that page's answer in place. The answer made
 * from the page takes the new text and is marked again, in the same submission: no submission is
 * made and no attempt used (so a student with all 3 attempts used is never refused), and the earlier
 * text and marks stay in the answer's history. The same read again changes nothing; a blank re-scan
 * never takes an answer away; a box blank before and written now makes its answer.
 */
describe('a re-scan of a page already read replaces its answer', () => {
  let t: TTestApp;
  let teacher: TActor;
  let classId: string;
  let questionIds: string[];
  let students: { id: string; name: string }[];
  let amara: TActor;
  let ben: TActor;
  /** Amara's scanned submission and its question 1 answer. */
  let scanned: { submissionId: string; answerId: string };
  let secondBatch: TScanBatchDetails;

  beforeAll(async () => {
    t = await buildTestApp({ SCAN_MAX_PAGES: '16' });
    const school = await buildSchool(t);
    teacher = await actor(t, 'teacher', school);
    students = [];
    const users = [];
    for (const name of ['Amara Okafor', 'Ben Carter', 'Chloe Dubois', 'Dev Patel']) {
      const user = await buildUser(t, { role: 'student', schoolId: school.id, name });
      students.push({ id: user.id, name });
      users.push(user);
    }
    amara = await signedIn(t, users[0]!);
    ben = await signedIn(t, users[1]!);
    classId = (
      await createClass(
        t.app,
        teacher,
        'Year 9 Biology',
        students.map((s) => s.id),
      )
    ).id;
    questionIds = [];
    for (const [i, q] of QUESTIONS.entries()) {
      const created = await createQuestion(t.app, teacher, {
        question: q.text,
        marks: q.marks,
        lowMarkRange: '0-1',
        highMarkRange: `2-${q.marks}`,
        rubric: `Low Mark Range (0-1):\nVague.\n\nHigh Mark Range (2-${q.marks}):\n${ANSWERS[i]}`,
      });
      questionIds.push(created.id);
      await addToClass(t.app, teacher, created.id, classId);
    }
  });
  afterAll(() => t.close());

  const print = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${url(SCAN_PATHS.answerSheets, { classId })}?${query}`,
      headers: teacher.headers,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.rawPayload;
  };
  /** Uploads scanned pages as one stack and waits until they are read and every answer marked. */
  const upload = async (jpegs: Buffer[], fields: Record<string, string> = {}) => {
    const form = multipart({ classId, ...fields }, [
      { name: 'stack.pdf', bytes: await scannedPdf(jpegs), type: 'application/pdf' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: url(SCAN_PATHS.batches),
      headers: { ...teacher.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    const id = response.json<{ data: { batchId: string } }>().data.batchId;
    return waitForScanBatch(
      t.app,
      teacher.headers,
      id,
      (b) =>
        b.status === 'failed' ||
        (b.status === 'done' && b.answers.every((a) => !a.pending) && b.marked >= b.assigned),
    );
  };
  const bookletQuery = () =>
    `format=booklet&continuation=false&questionIds=${questionIds.join(',')}`;
  /** The class's printings of a format, oldest first. */
  const printsOf = (format: 'sheets' | 'booklets') =>
    t.database.db
      .select()
      .from(paperPrints)
      .where(and(eq(paperPrints.classId, classId), eq(paperPrints.format, format)))
      .orderBy(asc(paperPrints.createdAt));
  const countSubmissions = async (studentId: string) =>
    (
      await t.database.db
        .select({ id: submissions.id })
        .from(submissions)
        .where(eq(submissions.studentId, studentId))
    ).length;
  const answerOf = async (submissionId: string, questionId: string) => {
    const [row] = await t.database.db
      .select()
      .from(submissionAnswers)
      .where(
        and(
          eq(submissionAnswers.submissionId, submissionId),
          eq(submissionAnswers.questionId, questionId),
        ),
      );
    if (!row) throw new Error('no answer');
    return row;
  };
  const rescans = (answerId: string) =>
    t.database.db
      .select()
      .from(answerReviews)
      .where(and(eq(answerReviews.answerId, answerId), eq(answerReviews.action, 'rescan')));
  const details = async (who: TActor, id: string) => {
    const reply = await t.app.inject({
      method: 'GET',
      url: url(SUBMISSION_PATHS.details, { id }),
      headers: who.headers,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ data: TSubmission }>().data;
  };
  /**
   * A student's sheet of a pack (one printing: printed once, whatever is written on it later),
   * written with `answer`, as the scanner gives it back.
   */
  const sheetOf = async (pack: Uint8Array, student: number, answer: string) => {
    const fills = students.map((_, i) => ({ answer: i === student ? answer : '' }));
    // One page per student, in class-list order.
    const pages = await renderSheets(await fillSheets(pack, fills), students.length);
    return scanLook(pages[student]!, {});
  };
  /** The pack of question 1 sheets the class sat first (printed once). */
  let firstPack: Uint8Array | undefined;
  /** Amara's question 1 sheet of the first pack, written with `answer`. */
  const amarasSheet = async (answer: string) => {
    firstPack ??= await print(`questionIds=${questionIds[0]}`);
    return sheetOf(firstPack, 0, answer);
  };

  it(
    'replaces the answer of a student who used all 3 attempts, in place, keeping the old marks in its history; the same scan again changes nothing',
    { timeout: 400_000 },
    async () => {
      const first = await upload([await amarasSheet(MISREAD)]);
      expect(first).toMatchObject({ status: 'done', assigned: 1 });
      const [placed] = first.answers;
      scanned = { submissionId: placed!.submissionId, answerId: placed!.answerId };
      const before = await answerOf(scanned.submissionId, questionIds[0]!);
      expect(before.answer).toContain('green');
      expect(before.score).not.toBeNull();
      // Amara uses her other two attempts at question 1 online: none is left.
      for (const answer of ['Plants make food', 'Plants use sunlight']) {
        const typed = await submit(t, amara, classId, [{ questionId: questionIds[0]!, answer }]);
        expect(typed.statusCode, typed.body).toBe(201);
      }
      const refused = await submit(t, amara, classId, [
        { questionId: questionIds[0]!, answer: 'One more' },
      ]);
      expectError(refused, 403, { code: 'ATTEMPTS_EXHAUSTED' });
      expect(await countSubmissions(students[0]!.id)).toBe(3);

      // The teacher scans the page again (the first scan was misread): a different read of it.
      secondBatch = await upload([await amarasSheet(ANSWERS[0]!)]);
      expect(secondBatch).toMatchObject({ status: 'done', assigned: 1, needsTeacher: 0 });
      expect(secondBatch.answers).toHaveLength(1);
      expect(secondBatch.answers[0]).toMatchObject({
        submissionId: scanned.submissionId,
        answerId: scanned.answerId,
        replacedEarlier: true,
        pending: false,
      });
      // No submission made, no attempt used, never refused: the same answer holds the new text.
      expect(await countSubmissions(students[0]!.id)).toBe(3);
      await waitForStatus(t, scanned.submissionId, 'marked');
      const after = await answerOf(scanned.submissionId, questionIds[0]!);
      expect(after.answer).toContain('chlorophyll');
      // Marked again: the full answer earns more than the misread did.
      expect(after.score).toBeGreaterThan(before.score!);
      // The old text and mark are in the answer's history.
      const history = await rescans(scanned.answerId);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ scoreBefore: before.score, textBefore: before.answer });
      expect(history[0]?.textAfter).toContain('chlorophyll');
      const asTeacher = await details(teacher, scanned.submissionId);
      expect(asTeacher.submissions[0]?.history?.[0]).toMatchObject({
        action: 'rescan',
        scoreBefore: before.score,
        textBefore: before.answer,
      });
      // The mark was released: the student sees the new one (and no history).
      const asStudent = await details(amara, scanned.submissionId);
      expect(asStudent.submissions[0]).toMatchObject({
        score: after.score,
        answer: after.answer,
        feedbackHeld: false,
      });
      expect(asStudent.submissions[0]?.history).toBeUndefined();
      // The first batch's read was replaced: set aside there, saying so.
      const firstNow = await waitForScanBatch(t.app, teacher.headers, first.id, () => true);
      expect(firstNow.answers).toHaveLength(0);
      expect(firstNow.pages[0]).toMatchObject({ status: 'duplicate', reason: 'replaced' });

      // The very same scan uploaded again reads the same: a repeat, nothing changes.
      const third = await upload([await amarasSheet(ANSWERS[0]!)]);
      expect(third).toMatchObject({ status: 'done', assigned: 0, duplicates: 1 });
      expect(third.pages[0]).toMatchObject({ status: 'duplicate', reason: 'duplicate' });
      expect(await rescans(scanned.answerId)).toHaveLength(1);
      expect(await countSubmissions(students[0]!.id)).toBe(3);
    },
  );

  it(
    'keeps a held answer held when a re-scan replaces it, and releasing the first stack releases the new mark',
    { timeout: 300_000 },
    async () => {
      const pack = await print(`questionIds=${questionIds[1]}`);
      const bensSheet = (answer: string) => sheetOf(pack, 1, answer);
      const held = await upload([await bensSheet(MISREAD)], { holdMarks: 'true' });
      expect(held).toMatchObject({ holdMarks: true, assigned: 1 });
      const { submissionId } = held.answers[0]!;
      const seen = async () => (await details(ben, submissionId)).submissions[0];
      expect(await seen()).toMatchObject({ score: null, feedbackHeld: true });
      // The re-scan comes in a stack whose marks go out at once: the answer stays held all the same.
      const again = await upload(
        [await bensSheet(`${ANSWERS[1]} through a partially permeable membrane`)],
        { holdMarks: 'false' },
      );
      expect(again.answers[0]).toMatchObject({ submissionId, replacedEarlier: true });
      await waitForStatus(t, submissionId, 'marked');
      expect(await seen()).toMatchObject({ score: null, feedbackHeld: true });
      // Releasing the first stack releases the answer it made, with the re-scan's mark.
      const released = await t.app.inject({
        method: 'POST',
        url: url(SCAN_PATHS.releaseBatch, { id: held.id }),
        headers: teacher.headers,
      });
      expect(released.statusCode, released.body).toBe(200);
      const now = await answerOf(submissionId, questionIds[1]!);
      expect(now.answer).toContain('osmosis');
      expect(await seen()).toMatchObject({ score: now.score, feedbackHeld: false });
    },
  );

  it(
    "replaces a placed answer from the batch's own page with the teacher's re-scan; a blank re-scan keeps the answer",
    { timeout: 300_000 },
    async () => {
      const pageId = secondBatch.answers[0]!.pageId;
      const replace = async (jpeg: Buffer) => {
        const form = multipart({}, [{ name: 'rescan.jpg', bytes: jpeg, type: 'image/jpeg' }]);
        return t.app.inject({
          method: 'POST',
          url: url(SCAN_PATHS.replacePage, { id: secondBatch.id, pageId }),
          headers: { ...teacher.headers, ...form.headers },
          payload: form.payload,
        });
      };
      // Blank where the answer was: refused, the answer and marks stay.
      const marked = await answerOf(scanned.submissionId, questionIds[0]!);
      expectError(await replace(await amarasSheet('')), 400, {
        message: SCAN_MESSAGES.replaceBlankKeeps,
      });
      expect(await answerOf(scanned.submissionId, questionIds[0]!)).toMatchObject({
        answer: marked.answer,
        score: marked.score,
      });
      // The teacher has reviewed the mark; a re-scan with more written replaces it all the same.
      const reviewed = await t.app.inject({
        method: 'POST',
        url: url(SUBMISSION_PATHS.answerReviewed, {
          id: scanned.submissionId,
          answerId: scanned.answerId,
        }),
        headers: teacher.headers,
      });
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      const more = `${ANSWERS[0]} in the chloroplasts`;
      const replaced = await replace(await amarasSheet(more));
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json<{ message: string }>().message).toBe(SCAN_MESSAGES.replacedEarlier);
      await waitForStatus(t, scanned.submissionId, 'marked');
      const now = await answerOf(scanned.submissionId, questionIds[0]!);
      expect(now.answer).toContain('chloroplasts');
      expect(now.reviewedAt).toBeNull();
      expect(await countSubmissions(students[0]!.id)).toBe(3);
      expect(await rescans(scanned.answerId)).toHaveLength(2);
      const batch = await waitForScanBatch(t.app, teacher.headers, secondBatch.id, () => true);
      expect(batch.answers[0]).toMatchObject({ answerId: scanned.answerId, replacedEarlier: true });
      // The history reads newest first.
      const history = (await details(teacher, scanned.submissionId)).submissions[0]?.history;
      expect(history?.map((h) => h.action)).toEqual(['rescan', 'accept', 'rescan']);
      expect(history?.[0]?.textBefore).toContain('chlorophyll');
      expect(MESSAGES.review.historyRescan('A', '1/3', 'today')).toContain('re-scan');
    },
  );

  it(
    'replaces a booklet box in place, makes the answer of a box blank before, keeps an answer a blank box would take away, and a held re-scan box assigned by the teacher replaces too',
    { timeout: 400_000 },
    async () => {
      const printed = await print(bookletQuery());
      const [booklet] = await t.database.db
        .select()
        .from(answerBooklets)
        .where(eq(answerBooklets.classId, classId));
      const [printing] = await printsOf('booklets');
      const layout: TBookletLayout = booklet!.layout;
      const perBooklet = layout.pages.length;
      const ben = 1;
      const chloe = 2;
      // Both questions sit on the booklet's first page.
      expect(layout.pages[0]!.regions.map((r) => r.number)).toEqual([1, 2]);
      const scanOf = async (write: (student: number, number: number) => string | null) => {
        const filled = await fillBooklets(printed, layout, (i, region) => {
          const text = write(Math.floor(i / perBooklet), region.number);
          return text ? { answer: text } : null;
        });
        const pages = await renderSheets(filled, students.length * perBooklet);
        return Promise.all([ben, chloe].map((s) => scanLook(pages[s * perBooklet]!, {})));
      };
      // Ben answers question 1 vaguely and leaves question 2; Chloe answers both.
      const first = await upload(
        await scanOf((s, n) => {
          if (s === ben) return n === 1 ? MISREAD : null;
          return ANSWERS[n - 1]!;
        }),
      );
      expect(first).toMatchObject({ status: 'done', assigned: 3, blank: 1 });
      const benFirst = first.answers.find((a) => a.student?.id === students[ben]!.id);
      const chloeFirst = first.answers.filter((a) => a.student?.id === students[chloe]!.id);
      expect(chloeFirst).toHaveLength(2);
      const benBefore = await countSubmissions(students[ben]!.id);
      const chloeBefore = await countSubmissions(students[chloe]!.id);

      // Re-scanned: Ben's question 1 now reads in full and his question 2 has writing; Chloe's
      // question 1 reads as before and her question 2 box came out blank.
      const second = await upload(
        await scanOf((s, n) => {
          if (s === ben) return ANSWERS[n - 1]!;
          return n === 1 ? ANSWERS[0]! : null;
        }),
      );
      expect(second.status).toBe('done');
      // Ben's question 1: replaced in its submission; his question 2: a new answer (its first).
      const benQ1 = await answerOf(benFirst!.submissionId, questionIds[0]!);
      expect(benQ1.answer).toContain('chlorophyll');
      expect(await rescans(benQ1.id)).toHaveLength(1);
      expect(await countSubmissions(students[ben]!.id)).toBe(benBefore + 1);
      const benQ2 = second.answers.find(
        (a) => a.student?.id === students[ben]!.id && a.questionId === questionIds[1],
      );
      expect(benQ2).toMatchObject({ replacedEarlier: false });
      expect(benQ2?.submissionId).not.toBe(benFirst!.submissionId);
      // Chloe: nothing replaced, nothing submitted; question 2's answer is kept.
      expect(await countSubmissions(students[chloe]!.id)).toBe(chloeBefore);
      const chloeQ2 = chloeFirst.find((a) => a.questionId === questionIds[1])!;
      expect((await answerOf(chloeQ2.submissionId, questionIds[1]!)).answer).toContain('osmosis');
      const reasons = second.pages
        .filter((p) => p.student?.id === students[chloe]!.id)
        .map((p) => [p.questionNumber, p.status, p.reason]);
      expect(reasons).toEqual(
        expect.arrayContaining([
          [1, 'duplicate', 'duplicate'],
          [2, 'duplicate', 'blank_rescan'],
        ]),
      );
      // Each page row knows which printed page it was, of which printing.
      const keys = await t.database.db
        .select({ key: scanPages.pageKey })
        .from(scanPages)
        .where(eq(scanPages.batchId, second.id));
      expect(printing).toMatchObject({
        bookletId: booklet!.id,
        pages: students.length * perBooklet,
      });
      expect(
        keys.every((k) => k.key?.startsWith(`print:${printing!.id}:booklet:${booklet!.id}:1`)),
      ).toBe(true);

      // A third scan of Chloe's page smudges question 1: it waits for the teacher, who reads it
      // from the paper and assigns it; it replaces her answer in place, as a re-scan.
      const SCRIBBLE = 'Xqzv Jkwp zzkt Wxvq bnkq Pqxz vvkj Zqwx';
      const [, chloeScan] = await scanOf((s, n) => (s === chloe && n === 1 ? SCRIBBLE : null));
      const third = await upload([chloeScan!]);
      const held = third.pages.find((p) => p.status === 'needs_teacher');
      expect(held).toMatchObject({ reason: 'unsure_text', questionId: questionIds[0] });
      const chloeQ1 = chloeFirst.find((a) => a.questionId === questionIds[0])!;
      const read = 'Chlorophyll absorbs light energy to make glucose from carbon dioxide and water';
      const assigned = await t.app.inject({
        method: 'POST',
        url: url(SCAN_PATHS.assignPage, { id: third.id, pageId: held!.id }),
        headers: teacher.headers,
        payload: { studentId: students[chloe]!.id, questionId: questionIds[0]!, text: read },
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json<{ data: { submissionId: string } }>().data.submissionId).toBe(
        chloeQ1.submissionId,
      );
      expect(await countSubmissions(students[chloe]!.id)).toBe(chloeBefore);
      const replacedQ1 = await answerOf(chloeQ1.submissionId, questionIds[0]!);
      expect(replacedQ1.answer).toBe(read);
      expect((await rescans(replacedQ1.id))[0]?.textBefore).toContain('chlorophyll');
      await waitForStatus(t, chloeQ1.submissionId, 'marked');
    },
  );
  it(
    'takes a reprint written again (a second sitting) as new work: a new submission and attempt, the first sitting untouched; two sittings in one stack wait for the teacher',
    { timeout: 500_000 },
    async () => {
      const dev = 3;
      const devId = students[dev]!.id;
      const q1 = questionIds[0]!;
      // Sitting 1 on printing A; the first scan misreads, the re-scan of the same paper replaces it.
      const packA = await print(`questionIds=${q1}`);
      const first = await upload([await sheetOf(packA, dev, MISREAD)]);
      expect(first).toMatchObject({ status: 'done', assigned: 1 });
      const sitting1 = first.answers[0]!;
      const again = await upload([await sheetOf(packA, dev, ANSWERS[0]!)]);
      expect(again.answers[0]).toMatchObject({
        submissionId: sitting1.submissionId,
        replacedEarlier: true,
      });
      expect(await countSubmissions(devId)).toBe(1);
      const sitting1Answer = await answerOf(sitting1.submissionId, q1);
      expect(sitting1Answer.answer).toContain('chlorophyll');

      // Sitting 2: the same question printed again (printing B) and written differently. Amara,
      // whose 3 attempts at question 1 are used, is refused as for any new answer.
      const packB = await print(`questionIds=${q1}`);
      const [printA, printB] = (await printsOf('sheets')).slice(-2);
      expect(printA).toMatchObject({ format: 'sheets', bookletId: null, pages: students.length });
      expect(printB!.id).not.toBe(printA!.id);
      const SECOND = 'Plants take in carbon dioxide and give out oxygen when the sun shines';
      const second = await upload([
        await sheetOf(packB, dev, SECOND),
        await sheetOf(packB, 0, ANSWERS[0]!),
      ]);
      expect(second).toMatchObject({ status: 'done', assigned: 1, needsTeacher: 1 });
      const sitting2 = second.answers[0]!;
      expect(sitting2).toMatchObject({ replacedEarlier: false });
      expect(sitting2.submissionId).not.toBe(sitting1.submissionId);
      expect((await answerOf(sitting2.submissionId, q1)).answer).toContain('oxygen');
      expect(second.pages.find((p) => p.status === 'needs_teacher')).toMatchObject({
        reason: 'attempts_exhausted',
      });
      expect(await countSubmissions(devId)).toBe(2);
      // The first sitting's answer, its marks and its history are as they were.
      expect(await answerOf(sitting1.submissionId, q1)).toMatchObject({
        answer: sitting1Answer.answer,
        score: sitting1Answer.score,
      });
      expect(await rescans(sitting1Answer.id)).toHaveLength(1);
      const keys = await t.database.db
        .select({ key: scanPages.pageKey })
        .from(scanPages)
        .where(eq(scanPages.batchId, second.id));
      expect(keys.map((k) => k.key?.split(':').slice(0, 2).join(':'))).toEqual([
        `print:${printB!.id}`,
        `print:${printB!.id}`,
      ]);

      // Two sittings' sheets of Dev's question in one stack: the one read first is his answer, the
      // other waits for the teacher (one submission holds one answer to a question).
      const packC = await print(`questionIds=${q1}`);
      const packD = await print(`questionIds=${q1}`);
      const both = await upload([
        await sheetOf(packC, dev, 'Sunlight and chlorophyll make sugar in the leaf'),
        await sheetOf(packD, dev, 'The leaf makes glucose and oxygen from light'),
      ]);
      expect(both).toMatchObject({ status: 'done', assigned: 1, needsTeacher: 1 });
      expect(both.pages.find((p) => p.status === 'needs_teacher')).toMatchObject({
        reason: 'other_paper',
        student: { id: devId },
        questionId: q1,
      });
      expect(await countSubmissions(devId)).toBe(3);
    },
  );

  it(
    'reads a sheet printed before printings were recorded as before (a re-scan of it replaces), and refuses a code of a printing never recorded or signed with another key',
    { timeout: 400_000 },
    async () => {
      const dev = 3;
      const devId = students[dev]!.id;
      const q2 = questionIds[1]!;
      const before = await countSubmissions(devId);
      /** Dev's question 2 sheet drawn as the server's printing `printId` (null: naming the class). */
      const drawn = async (printId: string | null, answer: string, key = sheetKey(t.config)) => {
        const pdf = await buildAnswerSheets({
          schoolName: 'School',
          className: 'Year 9 Biology',
          classId,
          printId,
          students: [students[dev]!],
          questions: [{ id: q2, text: QUESTIONS[1]!.text, marks: QUESTIONS[1]!.marks }],
          paper: 'a4',
          key,
        });
        const [png] = await renderSheets(await fillSheets(pdf, [{ answer }]), 1);
        return scanLook(png!, {});
      };
      const legacy = await upload([await drawn(null, MISREAD)]);
      expect(legacy).toMatchObject({ status: 'done', assigned: 1 });
      const { submissionId } = legacy.answers[0]!;
      const [row] = await t.database.db
        .select({ key: scanPages.pageKey })
        .from(scanPages)
        .where(eq(scanPages.batchId, legacy.id));
      expect(row?.key).toBe(`sheet:${classId}:${devId}:${q2}:1:1`);
      // Its re-scan replaces its answer in place; such paper cannot tell its printings apart.
      const rescan = await upload([await drawn(null, ANSWERS[1]!)]);
      expect(rescan.answers[0]).toMatchObject({ submissionId, replacedEarlier: true });
      expect((await answerOf(submissionId, q2)).answer).toContain('osmosis');
      expect(await countSubmissions(devId)).toBe(before + 1);

      // A code of a printing the class never made (signed by the server all the same), and one
      // signed with another key: neither is placed; both wait for the teacher.
      const refused = await upload([
        await drawn(randomUUID(), ANSWERS[1]!),
        await drawn(null, ANSWERS[1]!, 'another key'),
      ]);
      expect(refused).toMatchObject({ status: 'done', assigned: 0, needsTeacher: 2 });
      expect(refused.pages.map((p) => p.reason)).toEqual(['other_class', 'forged']);
      expect(await countSubmissions(devId)).toBe(before + 1);
    },
  );

  it(
    'tells two printings of one booklet apart: a reprint (the same booklet row) written again is new work',
    { timeout: 400_000 },
    async () => {
      const chloe = 2;
      const chloeId = students[chloe]!.id;
      const [booklet] = await t.database.db
        .select()
        .from(answerBooklets)
        .where(eq(answerBooklets.classId, classId));
      const layout: TBookletLayout = booklet!.layout;
      const perBooklet = layout.pages.length;
      const chloesPage = async (pdf: Uint8Array, answers: string[]) => {
        const filled = await fillBooklets(pdf, layout, (i, region) =>
          Math.floor(i / perBooklet) === chloe ? { answer: answers[region.number - 1]! } : null,
        );
        const pages = await renderSheets(filled, students.length * perBooklet);
        return scanLook(pages[chloe * perBooklet]!, {});
      };
      // Printed again the same way: the same booklet row, a printing of its own.
      const first = await print(bookletQuery());
      const second = await print(bookletQuery());
      const printings = (await printsOf('booklets')).slice(-2);
      expect(printings.map((p) => p.bookletId)).toEqual([booklet!.id, booklet!.id]);
      const before = await countSubmissions(chloeId);

      const sitting1 = await upload([await chloesPage(first, [MISREAD, ANSWERS[1]!])]);
      expect(sitting1).toMatchObject({ status: 'done', assigned: 2 });
      const { submissionId } = sitting1.answers[0]!;
      expect(await countSubmissions(chloeId)).toBe(before + 1);
      // The same booklet page scanned again: replaced in place.
      const rescan = await upload([await chloesPage(first, ANSWERS)]);
      expect(rescan.answers.find((a) => a.questionId === questionIds[0])).toMatchObject({
        submissionId,
        replacedEarlier: true,
      });
      expect(await countSubmissions(chloeId)).toBe(before + 1);
      const kept = await answerOf(submissionId, questionIds[0]!);

      // The reprint written at a second sitting: a new submission, the first sitting untouched.
      const SECOND = ['Chloroplasts trap light to make sugar', 'Water enters the root by osmosis'];
      const sitting2 = await upload([await chloesPage(second, SECOND)]);
      expect(sitting2).toMatchObject({ status: 'done', assigned: 2 });
      expect(sitting2.answers.every((a) => !a.replacedEarlier)).toBe(true);
      expect(sitting2.answers[0]!.submissionId).not.toBe(submissionId);
      expect(await countSubmissions(chloeId)).toBe(before + 2);
      expect(await answerOf(submissionId, questionIds[0]!)).toMatchObject({
        answer: kept.answer,
        score: kept.score,
      });
    },
  );
});
