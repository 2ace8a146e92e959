import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_MARKING_PATHS, type TClassQuestionAnswers } from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';
import { SCAN_MESSAGES, SCAN_PATHS, type TScanBatchDetails } from '@stem/contract/scans';
import { SUBMISSION_PATHS, type TSubmission } from '@stem/contract/submissions';
import { auditLog, scanBatches, scanCrops, submissionAnswers, users } from '../../src/db/schema';
import { runScanImageCleanup } from '../../src/jobs/housekeeping';
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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DAY_MS = 24 * 60 * 60_000;
const ANSWER = 'Plants use light energy to turn carbon dioxide and water into glucose and oxygen';
/** What a smudged or scribbled box reads as: no words anyone could mark. */
const SCRIBBLE = 'Xqzv Jkwp zzkt Wxvq bnkq Pqxz vvkj Zqwx';
const CORRECTED =
  'Plants use light energy to turn carbon dioxide and water into glucose and oxygen in the chloroplasts';

/**
 * Issue 28, the scan beside the text: each answer region's image (and each page that needs the
 * teacher) is kept encrypted while its batch is open, served only to the class's teacher and the
 * school's admin, and deleted when the batch closes or 14 days after upload; a corrected text
 * re-marks the answer.
 */
describe('scan images kept while a batch is open', () => {
  let t: TTestApp;
  let teacher: TActor;
  let admin: TActor;
  let colleague: TActor;
  let student: TActor;
  let stranger: TActor;
  let strangerAdmin: TActor;
  let classId: string;
  let questionId: string;
  let studentIds: string[];
  let batch: TScanBatchDetails;
  let sheetsPdf: Uint8Array;

  beforeAll(async () => {
    t = await buildTestApp({ SCAN_MAX_PAGES: '8' });
    const school = await buildSchool(t);
    teacher = await actor(t, 'teacher', school);
    admin = await actor(t, 'admin', school);
    colleague = await actor(t, 'teacher', school);
    const other = await buildSchool(t);
    stranger = await actor(t, 'teacher', other);
    strangerAdmin = await actor(t, 'admin', other);
    const users = [];
    for (const name of ['Amara Okafor', 'Ben Carter']) {
      users.push(await buildUser(t, { role: 'student', schoolId: school.id, name }));
    }
    studentIds = users.map((u) => u.id);
    student = await signedIn(t, users[0]!);
    classId = (await createClass(t.app, teacher, 'Year 9 Biology', studentIds)).id;
    questionId = (
      await createQuestion(t.app, teacher, {
        question: 'Explain how photosynthesis makes glucose in a leaf.',
      })
    ).id;
    await addToClass(t.app, teacher, questionId, classId);
    const response = await t.app.inject({
      method: 'GET',
      url: `${url(SCAN_PATHS.answerSheets, { classId })}?questionIds=${questionId}`,
      headers: teacher.headers,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    sheetsPdf = response.rawPayload;
  });
  afterAll(() => t.close());

  const getBatch = (id: string) => getScanBatch(t.app, teacher.headers, id);
  /** Uploads the scans and waits until every page is read and every answer's marking ended. */
  const upload = async (scans: Buffer[]) => {
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
    return settled(id);
  };
  const settled = (id: string) =>
    waitForScanBatch(
      t.app,
      teacher.headers,
      id,
      (b) => (b.status === 'done' || b.status === 'failed') && b.answers.every((a) => !a.pending),
    );
  const crop = (cropId: string, who: TActor) =>
    t.app.inject({ method: 'GET', url: url(SCAN_PATHS.crop, { cropId }), headers: who.headers });
  const storedCrops = (batchId: string) =>
    t.database.db.select().from(scanCrops).where(eq(scanCrops.batchId, batchId));

  it(
    "keeps each answer's and each unmatched page's image, encrypted, while the batch is open",
    { timeout: 240_000 },
    async () => {
      const pages = await renderSheets(
        await fillSheets(sheetsPdf, [{ answer: ANSWER }, { answer: SCRIBBLE }]),
        2,
      );
      batch = await upload([await scanLook(pages[0]!, {}), await scanLook(pages[1]!, {})]);
      expect(batch).toMatchObject({ status: 'done', assigned: 1, needsTeacher: 1 });
      expect(batch.imagesDeletedAt).toBeNull();
      expect(new Date(batch.imagesKeptUntil).getTime()).toBe(
        new Date(batch.createdAt).getTime() + 14 * DAY_MS,
      );
      // Amara's answer, with its region's image; Ben's scribble waits for the teacher with its own.
      const [answer] = batch.answers;
      expect(answer).toMatchObject({ pageNumber: 1, student: { id: studentIds[0] } });
      expect(answer?.cropId).toEqual(expect.any(String));
      const waiting = batch.pages.find((p) => p.status === 'needs_teacher');
      expect(waiting).toMatchObject({ pageNumber: 2, reason: 'unsure_text' });
      expect(waiting?.cropId).toEqual(expect.any(String));

      // Stored encrypted: a 12-byte nonce, a 16-byte tag, and bytes that are not the PNG.
      const rows = await storedCrops(batch.id);
      expect(rows).toHaveLength(2);
      const served = await crop(answer!.cropId!, teacher);
      expect(served.statusCode, served.body.slice(0, 200)).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('no-store');
      const png = served.rawPayload;
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const stored = rows.find((r) => r.id === answer!.cropId)!;
      expect(stored).toMatchObject({
        studentId: studentIds[0],
        submissionId: answer!.submissionId,
        questionId,
      });
      expect(stored.iv).toHaveLength(12);
      expect(stored.tag).toHaveLength(16);
      expect(stored.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(false);
      expect(stored.data.includes(png.subarray(8, 64))).toBe(false);
      expect(stored.data.length).toBe(png.length);
      // The answer region as cut: wider than tall, large enough to read.
      const meta = await sharp(png).metadata();
      expect(meta.width).toBeGreaterThan(meta.height ?? 0);
      expect(meta.width).toBeGreaterThan(800);

      // The submission's teacher sees the image's id beside the answer; a student never.
      const details = await t.app.inject({
        method: 'GET',
        url: url(SUBMISSION_PATHS.details, { id: answer!.submissionId }),
        headers: teacher.headers,
      });
      const mine = details.json<{ data: TSubmission }>().data.submissions[0];
      expect(mine).toMatchObject({ cropId: answer!.cropId, scanned: true });
      const own = await t.app.inject({
        method: 'GET',
        url: url(SUBMISSION_PATHS.details, { id: answer!.submissionId }),
        headers: student.headers,
      });
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain(answer!.cropId!);
      expect(own.json<{ data: TSubmission }>().data.submissions[0]).not.toHaveProperty('cropId');

      // Marking the question across the class shows the same image beside the answer; in
      // anonymous mode none (a scanned page may carry the name).
      const across = (query: string) =>
        t.app.inject({
          method: 'GET',
          url: `${url(CLASS_MARKING_PATHS.answers, { classId, questionId })}${query}`,
          headers: teacher.headers,
        });
      const named = (await across('')).json<{ data: TClassQuestionAnswers }>().data;
      const row = named.rows.find((r) => r.answer?.submissionId === answer!.submissionId);
      expect(row?.answer?.cropId).toBe(answer!.cropId);
      const hidden = (await across('?anonymous=true')).json<{ data: TClassQuestionAnswers }>();
      expect(hidden.data.rows.every((r) => r.answer === null || r.answer.cropId === null)).toBe(
        true,
      );
    },
  );

  it("serves an image to its class's teacher and the school's admin only", async () => {
    const cropId = batch.answers[0]!.cropId!;
    expect((await crop(cropId, admin)).statusCode).toBe(200);
    expect((await crop(cropId, admin)).headers['cache-control']).toBe('no-store');
    // The student whose answer it is: refused by role.
    expect((await crop(cropId, student)).statusCode).toBe(403);
    // Another teacher of the school, another school's teacher and admin: not found.
    for (const who of [colleague, stranger, strangerAdmin]) {
      expectError(await crop(cropId, who), 404, { message: SCAN_MESSAGES.cropNotFound });
    }
    // Not signed in.
    const anonymous = await t.app.inject({ method: 'GET', url: url(SCAN_PATHS.crop, { cropId }) });
    expect(anonymous.statusCode).toBe(401);
    // A row moved to another crop's id does not decrypt: not served.
    const [a, b] = await storedCrops(batch.id);
    await t.database.db
      .update(scanCrops)
      .set({ data: b!.data, iv: b!.iv, tag: b!.tag })
      .where(eq(scanCrops.id, a!.id));
    expect((await crop(a!.id, teacher)).statusCode).toBe(404);
    await t.database.db
      .update(scanCrops)
      .set({ data: a!.data, iv: a!.iv, tag: a!.tag })
      .where(eq(scanCrops.id, a!.id));
    expect((await crop(a!.id, teacher)).statusCode).toBe(200);
  });

  it(
    'corrects the text read beside the scan: the answer is marked again, and audited',
    { timeout: 120_000 },
    async () => {
      const answer = batch.answers[0]!;
      const put = (who: TActor, text: string) =>
        t.app.inject({
          method: 'PUT',
          url: url(SUBMISSION_PATHS.answerText, {
            id: answer.submissionId,
            answerId: answer.answerId,
          }),
          headers: who.headers,
          payload: { text },
        });
      expect((await put(student, CORRECTED)).statusCode).toBe(403);
      expect((await put(stranger, CORRECTED)).statusCode).toBe(404);
      expectError(await put(teacher, '   '), 400, {});
      expectError(await put(teacher, answer.text), 400, { message: MESSAGES.review.textUnchanged });
      const response = await put(teacher, CORRECTED);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: MESSAGES.review.textCorrected,
        data: { submissionId: answer.submissionId, status: 'pending' },
      });
      batch = await settled(batch.id);
      const now = batch.answers[0]!;
      expect(now.text).toBe(CORRECTED);
      expect(now.score).not.toBeNull();
      const [row] = await t.database.db
        .select({
          answer: submissionAnswers.answer,
          ocr: submissionAnswers.ocrConfidence,
          rubricVersion: submissionAnswers.rubricVersion,
        })
        .from(submissionAnswers)
        .where(eq(submissionAnswers.id, answer.answerId));
      expect(row).toMatchObject({ answer: CORRECTED, ocr: null });
      expect(row?.rubricVersion).not.toBeNull();
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'marks.remarked'), eq(auditLog.targetId, answer.answerId)));
      expect(audits).toHaveLength(1);
      expect(JSON.stringify(audits[0]!.details)).not.toContain('chloroplasts');
      // Still open: Ben's page needs the teacher.
      expect(batch.imagesDeletedAt).toBeNull();
      expect(await storedCrops(batch.id)).toHaveLength(2);
    },
  );

  it(
    'deletes the images once every page is matched and every unsure answer reviewed, and says so',
    { timeout: 60_000 },
    async () => {
      const cropIds = (await storedCrops(batch.id)).map((c) => c.id);
      const waiting = batch.pages.find((p) => p.status === 'needs_teacher')!;
      const discarded = await t.app.inject({
        method: 'POST',
        url: url(SCAN_PATHS.discardPage, { id: batch.id, pageId: waiting.id }),
        headers: teacher.headers,
      });
      expect(discarded.statusCode, discarded.body).toBe(200);
      const answer = batch.answers[0]!;
      if ((await getBatch(batch.id)).answers[0]!.needsReview) {
        // The marker was unsure: the batch stays open until the teacher reviews it.
        expect(await storedCrops(batch.id)).toHaveLength(2);
        const reviewed = await t.app.inject({
          method: 'POST',
          url: url(SUBMISSION_PATHS.answerReviewed, {
            id: answer.submissionId,
            answerId: answer.answerId,
          }),
          headers: teacher.headers,
        });
        expect(reviewed.statusCode, reviewed.body).toBe(200);
      }
      expect(await storedCrops(batch.id)).toHaveLength(0);
      const closed = await getBatch(batch.id);
      expect(closed.imagesDeletedAt).toEqual(expect.any(String));
      expect(closed.answers[0]!.cropId).toBeNull();
      expect(closed.pages.every((p) => p.cropId === null)).toBe(true);
      for (const cropId of cropIds) {
        expectError(await crop(cropId, teacher), 404, { message: SCAN_MESSAGES.cropNotFound });
      }
      const details = await t.app.inject({
        method: 'GET',
        url: url(SUBMISSION_PATHS.details, { id: answer.submissionId }),
        headers: teacher.headers,
      });
      expect(details.json<{ data: TSubmission }>().data.submissions[0]?.cropId).toBeNull();
    },
  );

  it(
    'deletes the images of a batch still open 14 days after upload',
    { timeout: 240_000 },
    async () => {
      // A page whose code and header are hidden: it needs the teacher, with the whole page's image.
      const [page] = await renderSheets(await fillSheets(sheetsPdf, [{ answer: ANSWER }]), 2);
      const open = await upload([await scanLook(page!, { hideCode: true, hideHeader: true })]);
      expect(open.needsTeacher).toBe(1);
      const cropId = open.pages[0]!.cropId!;
      expect(cropId).toEqual(expect.any(String));
      const logger = t.app.log;
      const created = new Date(open.createdAt).getTime();
      // A day before its last day, and housekeeping: still kept (the page still needs the teacher).
      const early = await runScanImageCleanup({
        db: t.database.db,
        logger,
        now: () => new Date(created + 13 * DAY_MS),
      });
      expect(early).toBe(0);
      expect(await storedCrops(open.id)).toHaveLength(1);
      // Its last day: deleted, open or not, and the batch says when.
      const late = new Date(created + 14 * DAY_MS + 1);
      expect(await runScanImageCleanup({ db: t.database.db, logger, now: () => late })).toBe(1);
      expect(await storedCrops(open.id)).toHaveLength(0);
      const [row] = await t.database.db
        .select({ deleted: scanBatches.imagesDeletedAt })
        .from(scanBatches)
        .where(eq(scanBatches.id, open.id));
      expect(row?.deleted?.getTime()).toBe(late.getTime());
      expect((await getBatch(open.id)).imagesDeletedAt).toBe(late.toISOString());
      expect((await crop(cropId, teacher)).statusCode).toBe(404);
      // The page still waits for the teacher, with its text: it can be assigned from the paper.
      expect((await getBatch(open.id)).pages[0]).toMatchObject({
        status: 'needs_teacher',
        cropId: null,
      });
      // Nothing is left to delete.
      expect(await runScanImageCleanup({ db: t.database.db, logger, now: () => late })).toBe(0);
    },
  );

  it(
    'closes a batch on its own once its last answer is marked with no doubt',
    { timeout: 240_000 },
    async () => {
      const pages = await renderSheets(
        await fillSheets(
          sheetsPdf,
          [{}, { answer: ANSWER }].map((f) => ({ answer: '', ...f })),
        ),
        2,
      );
      const read = await upload([await scanLook(pages[1]!, {})]);
      expect(read).toMatchObject({ status: 'done', assigned: 1, needsTeacher: 0 });
      const [answer] = read.answers;
      if (answer!.needsReview) {
        expect(await storedCrops(read.id)).toHaveLength(1);
        const reviewed = await t.app.inject({
          method: 'POST',
          url: url(SUBMISSION_PATHS.answerReviewed, {
            id: answer!.submissionId,
            answerId: answer!.answerId,
          }),
          headers: teacher.headers,
        });
        expect(reviewed.statusCode, reviewed.body).toBe(200);
      }
      // The marking job (or the review) closed it: nothing is left for the teacher to check. (The
      // job deletes them just after writing the marks the batch reply already shows; on a busy
      // machine that job may run seconds later: this waits for it, it does not time it.)
      await expect
        .poll(async () => (await storedCrops(read.id)).length, { timeout: 120_000, interval: 250 })
        .toBe(0);
      expect((await getBatch(read.id)).imagesDeletedAt).toEqual(expect.any(String));
    },
  );

  it(
    "deletes a student's scan images with their account, the batch open or not",
    { timeout: 240_000 },
    async () => {
      // Ben's scribble: it waits for the teacher, his by its code.
      const pages = await renderSheets(
        await fillSheets(sheetsPdf, [{ answer: '' }, { answer: SCRIBBLE }]),
        2,
      );
      const open = await upload([await scanLook(pages[1]!, {})]);
      expect(open.pages[0]).toMatchObject({ status: 'needs_teacher', reason: 'unsure_text' });
      const [kept] = await storedCrops(open.id);
      expect(kept?.studentId).toBe(studentIds[1]);
      await t.database.db.delete(users).where(eq(users.id, studentIds[1]!));
      expect(await storedCrops(open.id)).toHaveLength(0);
    },
  );
});
