import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { SCAN_MESSAGES, SCAN_PATHS, type TScanBatchDetails } from '@stem/contract/scans';
import { SUBMISSION_PATHS, type TSubmission } from '@stem/contract/submissions';
import {
  answerBooklets,
  answerReviews,
  scanPages,
  submissionAnswers,
  submissions,
} from '../../src/db/schema';
import type { TBookletLayout } from '../../src/extraction/sheets/booklet-layout';
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
    for (const name of ['Amara Okafor', 'Ben Carter', 'Chloe Dubois']) {
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
  /** Amara's question 1 sheet, written with `answer`, as the scanner gives it back. */
  const amarasSheet = async (answer: string) => {
    const pdf = await fillSheets(await print(`questionIds=${questionIds[0]}`), [{ answer }]);
    // One page per student, in class-list order: Amara's is the first.
    const [png] = await renderSheets(pdf, students.length);
    return scanLook(png!, {});
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
      const bensSheet = async (answer: string) => {
        const pdf = await fillSheets(await print(`questionIds=${questionIds[1]}`), [
          { answer: '' },
          { answer },
        ]);
        const pages = await renderSheets(pdf, students.length);
        return scanLook(pages[1]!, {});
      };
      const held = await upload([await bensSheet(MISREAD)], { holdMarks: 'true' });
      expect(held).toMatchObject({ holdMarks: true, assigned: 1 });
      const { submissionId } = held.answers[0]!;
      const seen = async () => (await details(ben, submissionId)).submissions[0];
      expect(await seen()).toMatchObject({ score: null, feedbackHeld: true });
      // The re-scan comes in a stack whose marks go out at once: the answer stays held all the same.
      // (Its words differ from what Ben writes in his booklet below: the same text of the same
      // student's question from another page is kept once, as the same sheet again.)
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
      const printed = await print(
        `format=booklet&continuation=false&questionIds=${questionIds.join(',')}`,
      );
      const [booklet] = await t.database.db
        .select()
        .from(answerBooklets)
        .where(eq(answerBooklets.classId, classId));
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
      // Each page row knows which printed page it was.
      const keys = await t.database.db
        .select({ key: scanPages.pageKey })
        .from(scanPages)
        .where(eq(scanPages.batchId, second.id));
      expect(keys.every((k) => k.key?.startsWith(`booklet:${booklet!.id}:1`))).toBe(true);

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
});
