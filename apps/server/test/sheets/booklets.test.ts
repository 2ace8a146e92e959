import { PDFDocument } from 'pdf-lib';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_MESSAGES, SCAN_PATHS, type TScanBatchDetails } from '@stem/contract/scans';
import { characterErrorRate } from '../../src/extraction/cer';
import {
  answerBooklets,
  scanCrops,
  scanPages,
  submissionAnswers,
  submissions,
} from '../../src/db/schema';
import type { TBookletLayout } from '../../src/extraction/sheets/booklet-layout';
import { answersOf, decide } from '../../src/modules/scans/scans.reader';
import { buildSchool, buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  actor,
  addToClass,
  createClass,
  createQuestion,
  expectError,
  url,
  type TActor,
} from '../teaching/teaching-helpers';
import {
  fillBooklets,
  multipart,
  renderSheets,
  scanLook,
  scannedPdf,
  type TScanLook,
  waitForScanBatch,
} from './scan-fixtures';

const QUESTIONS = [
  { text: 'Explain how photosynthesis makes glucose in a leaf.', marks: 2 },
  { text: 'Describe osmosis in a root hair cell.', marks: 3 },
  { text: 'Why do enzymes stop working at high temperatures?', marks: 4 },
  { text: 'Name the gas that plants release in daylight.', marks: 2 },
];
const ANSWERS = [
  'Light energy is absorbed by chlorophyll and makes glucose',
  'Water moves from a dilute solution into the root hair cell',
  'High temperatures change the shape of the active site',
  'Oxygen is released through the stomata',
];
const MORE = 'so the substrate no longer fits and the enzyme is denatured';
/** What a smudged or scribbled box reads as: no words anyone could mark. */
const SCRIBBLE = 'Xqzv Jkwp zzkt Wxvq bnkq Pqxz vvkj Zqwx';

describe('test booklets: printed per student, split by answer box when scanned', () => {
  let t: TTestApp;
  let teacher: TActor;
  let classId: string;
  let questionIds: string[];
  let students: { id: string; name: string }[];

  beforeAll(async () => {
    t = await buildTestApp({ SCAN_MAX_PAGES: '16' });
    const school = await buildSchool(t);
    teacher = await actor(t, 'teacher', school);
    students = [];
    for (const name of ['Amara Okafor', 'Ben Carter', 'Chloe Dubois']) {
      const user = await buildUser(t, { role: 'student', schoolId: school.id, name });
      students.push({ id: user.id, name });
    }
    classId = (
      await createClass(
        t.app,
        teacher,
        'Year 9 Biology',
        students.map((s) => s.id),
      )
    ).id;
    questionIds = [];
    for (const q of QUESTIONS) {
      const created = await createQuestion(t.app, teacher, {
        question: q.text,
        marks: q.marks,
        lowMarkRange: '0-1',
        highMarkRange: `2-${q.marks}`,
        rubric: `Low Mark Range (0-1):\nVague.\n\nHigh Mark Range (2-${q.marks}):\n${ANSWERS[questionIds.length]}`,
      });
      questionIds.push(created.id);
      await addToClass(t.app, teacher, created.id, classId);
    }
  });
  afterAll(() => t.close());

  const print = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `${url(SCAN_PATHS.answerSheets, { classId })}?${query}`,
      headers: teacher.headers,
    });
  const layoutOf = async (): Promise<{ id: string; layout: TBookletLayout }> => {
    const [row] = await t.database.db
      .select()
      .from(answerBooklets)
      .where(eq(answerBooklets.classId, classId))
      .orderBy(answerBooklets.createdAt);
    if (!row) throw new Error('no booklet recorded');
    return { id: row.id, layout: row.layout };
  };
  const waitFor = (id: string, done: (b: TScanBatchDetails) => boolean, ms = 200_000) =>
    waitForScanBatch(t.app, teacher.headers, id, done, ms);

  it('sends a booklet page read without its code to the teacher, never to one question', () => {
    const student = { _id: 's1', id: 's1', name: 'Amara Okafor', email: 'a@example.com' };
    const question = { id: 'q1', text: QUESTIONS[0]!.text };
    const text = [
      'Amara Okafor',
      'Question 1 (2 marks)',
      QUESTIONS[0]!.text,
      'Write your answer inside this box.',
      ANSWERS[0]!,
      'Do not write on or fold the code. STEM@Home test booklet.',
    ].join('\n');
    // The same text without the booklet's footer is a one-question page, matched by name.
    const sheet = text.replace('STEM@Home test booklet.', '');
    const read = (page: string) =>
      decide(
        { kind: 'no_code', page: { text: page }, image: new Uint8Array() },
        { classId },
        [student],
        [question],
        [],
      );
    expect(read(text)).toMatchObject({ status: 'needs_teacher', reason: 'no_code' });
    expect(read(sheet)).toMatchObject({ status: 'assigned', studentId: 's1', questionId: 'q1' });
  });

  it("puts a student's answers in the order printed, whatever order the stack was scanned in", () => {
    const row = (pageNumber: number, questionNumber: number | null, continuation = false) =>
      ({
        pageNumber,
        questionId: `q${questionNumber ?? 'x'}`,
        questionNumber,
        continuation,
        extractedText: `answer ${questionNumber ?? 'x'}${continuation ? ' more' : ''}`,
        ocrConfidence: null,
      }) as unknown as Parameters<typeof answersOf>[0][number];
    const answers = answersOf([row(1, 3), row(2, null), row(3, 3, true), row(4, 1), row(5, 2)]);
    expect(answers.map((a) => [a.questionNumber, a.text])).toEqual([
      [1, 'answer 1'],
      [2, 'answer 2'],
      [3, 'answer 3\nanswer 3 more'],
      [undefined, 'answer x'],
    ]);
  });

  it('prints one booklet per student, A4 or Letter, and refuses blank booklets', async () => {
    const letter = await print(`format=booklet&paper=letter&questionIds=${questionIds.join(',')}`);
    expect(letter.statusCode, letter.body.slice(0, 300)).toBe(200);
    expect(letter.headers['content-disposition']).toContain('test-booklets-Year-9-Biology.pdf');
    const doc = await PDFDocument.load(letter.rawPayload);
    const perBooklet = Number(letter.headers['x-sheet-pages']) / students.length;
    expect(doc.getPageCount()).toBe(students.length * perBooklet);
    expect(doc.getPage(0).getHeight()).toBe(792);
    const blank = await print('format=booklet&blank=true');
    expectError(blank, 400, { message: SCAN_MESSAGES.bookletNoBlank });
    const none = await print('format=booklet&continuation=maybe');
    expect(none.statusCode).toBe(400);
  });

  it(
    'reads each box onto its student and question, appends continuations, reports blank boxes (upside down too) without a submission, and holds a continuation with its main box while the teacher looks at it',
    { timeout: 300_000 },
    async () => {
      await t.database.db.delete(answerBooklets).where(eq(answerBooklets.classId, classId));
      const printed = await print(`format=booklet&questionIds=${questionIds.join(',')}`);
      expect(printed.statusCode, printed.body.slice(0, 300)).toBe(200);
      const { layout } = await layoutOf();
      const perBooklet = layout.pages.length;
      // Two question pages (several questions each) and the continuation page.
      expect(perBooklet).toBe(3);
      expect(layout.pages[0]!.regions.length).toBeGreaterThanOrEqual(2);
      // Amara answers all and continues question 3; Ben answers question 1 only (question 2 on the
      // first page blank, the whole second page blank and scanned upside down); Chloe answers all.
      // Chloe leaves question 2's box empty and writes its answer on the continuation page.
      // Amara's question 3 box is a scribble the reader can't make out (its continuation is fine).
      const written = (student: number, number: number, continuation: boolean) => {
        if (continuation) {
          if (student === 0 && number === 3) return MORE;
          return student === 2 && number === 2 ? ANSWERS[1]! : null;
        }
        if (student === 0 && number === 3) return SCRIBBLE;
        if (student === 1 && number !== 1) return null;
        if (student === 2 && number === 2) return null;
        return `${ANSWERS[number - 1]}`;
      };
      const filled = await fillBooklets(printed.rawPayload, layout, (i, region) => {
        const text = written(Math.floor(i / perBooklet), region.number, region.continuation);
        return text ? { answer: text } : null;
      });
      const pages = await renderSheets(filled, students.length * perBooklet);
      const looks: Record<number, TScanLook> = {
        0: { rotate: 180 },
        1: { noisy: true },
        2: { rotate: -2 },
        4: { rotate: 180, noisy: true },
        6: { rotate: 2.5 },
        7: { rotate: 90 },
      };
      const order = [4, 7, 0, 2, 8, 1, 5, 3, 6];
      const scans = await Promise.all(order.map((i) => scanLook(pages[i]!, looks[i] ?? {})));
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
      const batchId = response.json<{ data: { batchId: string } }>().data.batchId;
      const read = await waitFor(batchId, (b) => b.status === 'done' || b.status === 'failed');
      expect(read).toMatchObject({
        status: 'done',
        totalPages: 9,
        readPages: 9,
        // 3 + 1 continuation waiting (Amara), 1 (Ben), 4 + 1 continuation (Chloe).
        assigned: 10,
        needsTeacher: 1,
        duplicates: 0,
        blank: 3,
      });
      // Ben's blank boxes: questions 2, 3 and 4 as printed; unused continuation boxes are not listed.
      const blanks = read.pages.filter((p) => p.status === 'blank');
      expect(blanks.map((p) => [p.student?.id, p.questionNumber, p.continuation])).toEqual(
        expect.arrayContaining([
          [students[1]!.id, 2, false],
          [students[1]!.id, 3, false],
          [students[1]!.id, 4, false],
        ]),
      );
      expect(blanks).toHaveLength(3);

      const rows = await t.database.db
        .select({
          studentId: submissions.studentId,
          questionId: submissionAnswers.questionId,
          answer: submissionAnswers.answer,
          questionNumber: submissionAnswers.questionNumber,
        })
        .from(submissions)
        .innerJoin(submissionAnswers, eq(submissionAnswers.submissionId, submissions.id))
        .where(and(eq(submissions.classId, classId), eq(submissions.source, 'bulk_scan')));
      expect(rows).toHaveLength(8);
      // Amara's question 3 waits for the teacher whole: its main box with its image, and the
      // continuation placed but not submitted on its own.
      const held = read.pages.find((p) => p.status === 'needs_teacher');
      expect(held).toMatchObject({
        student: { id: students[0]!.id },
        questionNumber: 3,
        continuation: false,
        reason: 'unsure_text',
      });
      // The teacher is told what the continuation adds, so the correction is of the box alone.
      expect(characterErrorRate(held?.continuedText ?? '', MORE).rate).toBeLessThan(0.2);
      const waiting = await t.database.db
        .select()
        .from(scanPages)
        .where(
          and(
            eq(scanPages.batchId, batchId),
            eq(scanPages.continuation, true),
            eq(scanPages.studentId, students[0]!.id),
            ne(scanPages.status, 'blank'),
          ),
        );
      expect(waiting.map((p) => [p.status, p.submissionId])).toEqual([['assigned', null]]);
      for (const [s, student] of students.entries()) {
        for (const [q, questionId] of questionIds.entries()) {
          const row = rows.find((r) => r.studentId === student.id && r.questionId === questionId);
          if (s === 0 && q === 2) {
            expect(row, 'held with its main box').toBeUndefined();
            continue;
          }
          const main = written(s, q + 1, false) ?? written(s, q + 1, true);
          if (!main) {
            // Nothing written: no answer, no attempt used.
            expect(row, `${student.name} Q${q + 1}`).toBeUndefined();
            continue;
          }
          expect(row, `${student.name} Q${q + 1}`).toBeDefined();
          expect(row?.questionNumber).toBe(q + 1);
          const more = written(s, q + 1, true);
          const expected = more && more !== main ? `${main}\n${more}` : main;
          const cer = characterErrorRate(row?.answer ?? '', expected).rate;
          expect(cer, `${student.name} Q${q + 1}: "${row?.answer}"`).toBeLessThan(0.2);
        }
      }
      // Every box kept (written, blank or continuation) has its own image beside it, once.
      const crops = await t.database.db
        .select({ pageId: scanCrops.pageId, submissionId: scanCrops.submissionId })
        .from(scanCrops)
        .where(eq(scanCrops.batchId, batchId));
      const kept = await t.database.db
        .select({ id: scanPages.id })
        .from(scanPages)
        .where(and(eq(scanPages.batchId, batchId), ne(scanPages.status, 'duplicate')));
      expect(new Set(crops.map((c) => c.pageId)).size).toBe(crops.length);
      expect(crops.length).toBe(kept.length);
      expect(crops.filter((c) => c.submissionId !== null).length).toBeGreaterThanOrEqual(
        rows.length,
      );
      const marked = await waitFor(batchId, (b) => b.marked + b.markingFailed >= 3, 120_000);
      expect(marked.markingFailed).toBe(0);

      // The teacher reads the scribble beside its image and types what it says: one answer with
      // the continuation's text after it, the continuation linked to the same submission.
      const assigned = await t.app.inject({
        method: 'POST',
        url: url(SCAN_PATHS.assignPage, { id: batchId, pageId: held!.id }),
        headers: teacher.headers,
        payload: { studentId: students[0]!.id, questionId: questionIds[2]!, text: ANSWERS[2]! },
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      const answers = await t.database.db
        .select({ id: submissions.id, answer: submissionAnswers.answer })
        .from(submissions)
        .innerJoin(submissionAnswers, eq(submissionAnswers.submissionId, submissions.id))
        .where(
          and(
            eq(submissions.studentId, students[0]!.id),
            eq(submissionAnswers.questionId, questionIds[2]!),
          ),
        );
      expect(answers).toHaveLength(1);
      expect(answers[0]!.answer.startsWith(`${ANSWERS[2]}\n`)).toBe(true);
      expect(characterErrorRate(answers[0]!.answer, `${ANSWERS[2]}\n${MORE}`).rate).toBeLessThan(
        0.2,
      );
      const [linked] = await t.database.db
        .select({ submissionId: scanPages.submissionId })
        .from(scanPages)
        .where(eq(scanPages.id, waiting[0]!.id));
      expect(linked?.submissionId).toBe(answers[0]!.id);
    },
  );
});
