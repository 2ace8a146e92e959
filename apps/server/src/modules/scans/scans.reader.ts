import type { TStudentRef } from '@stem/contract/teaching';
import { MESSAGES } from '@stem/contract/messages';
import { SCAN_MESSAGES, type TPageReason } from '@stem/contract/scans';
import { stripUnstorableCharacters } from '@stem/contract/text';
import type { TJobContext, TJobOutcome } from '../../adapters/queue/port';
import type { TConfig } from '../../config';
import { ExtractionError } from '../../extraction/file-type';
import { OcrError, pagePreparation, type OcrPort } from '../../extraction/ocr/port';
import { isOcrDebris } from '../../extraction/sheets/debris';
import {
  answerPartOf,
  matchName,
  matchQuestion,
  printedQuestionNumber,
} from '../../extraction/sheets/match';
import type { TBookletLayout } from '../../extraction/sheets/booklet-layout';
import { readPreparedSheet, type TSheetRead } from '../../extraction/sheets/read-sheet';
import type { TCodeOrigin } from '../../extraction/sheets/sheet-code';
import type { ImageWork } from '../../extraction/work/tasks';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { findSchoolById } from '../auth/auth.queries';
import { requireTeacherClass } from '../classes/classes.access';
import { listClassStudents } from '../classes/classes.service';
import { listQuestionsOfClass } from '../questions/questions.service';
import { submitScannedAnswers, type TSubmitDeps } from '../submissions/submissions.service';
import { memoryFiles, openScanFile, type TOpenedFile } from './scans.files';
import * as queries from './scans.queries';
import { attachCropsToSubmission, keepCrop } from './scans.crops';
import { claimBatchForReading } from './scans.recovery';
import { earlierAnswerOf, placeOnEarlierAnswer } from './scans.rescan';
import { sheetKey } from './scans.sheets';

/** What reading a batch needs: the worker builds it without an HTTP context. */
export type TScanDeps = TSubmitDeps & {
  ocr: OcrPort;
  /** Draws and cuts the pages in worker threads (adapters/image-work). */
  imageWork: ImageWork;
  config: Pick<TConfig, 'jwtSecret' | 'imageWork' | 'scanImageKey'>;
};

/** A page waits this long for a file reader when every one is busy with requests, then tries again. */
const BUSY_RETRY_MS = 1_000;

/** Pages read at once: rendering one overlaps reading another (the OCR pool has a worker per core). */
const PAGES_AT_ONCE = 2;

type TQuestionRef = { id: string; text: string };

/** Who and which question a page is, as far as it says, and the question's printed number. */
type TPlace = { studentId?: string; questionId?: string; questionNumber?: number };

export type TDecision =
  | {
      status: 'assigned';
      studentId: string;
      questionId: string;
      questionNumber?: number;
      by: 'code' | 'name';
      text: string;
    }
  /** The answer box holds no writing: not answered (no submission, no attempt used). */
  | ({ status: 'blank'; text: '' } & TPlace)
  | ({
      status: 'needs_teacher' | 'duplicate';
      reason: TPageReason;
      text: string;
    } & TPlace);

/**
 * A page whose student and question are known: its answer placed, reported blank, or, when what was
 * read looks like OCR debris, kept for the teacher's look with its place (never marked unseen).
 */
function placed(
  place: { studentId: string; questionId: string; questionNumber: number | null },
  by: 'code' | 'name',
  text: string,
  confidence: number | undefined,
  blank: boolean,
): TDecision {
  const { questionNumber, ...rest } = place;
  const where = questionNumber === null ? rest : { ...rest, questionNumber };
  if (blank || text.trim() === '') return { status: 'blank', text: '', ...where };
  if (isOcrDebris(text, confidence)) {
    return { status: 'needs_teacher', reason: 'unsure_text', text, ...where };
  }
  return { status: 'assigned', by, text, ...where };
}

/**
 * What tells the paper of the batch's class: the class, and the ids of its printings (a page printed
 * since printings were recorded names its printing, not its class; see sheet-code).
 */
export type TClassPaper = { classId: string; prints?: ReadonlySet<string> };

/** Whether a code is on paper of the class: one of its printings, or (printed before) the class. */
export function isClassPaper(code: TCodeOrigin, of: TClassPaper): boolean {
  if (code.printId === null) return code.classId === of.classId;
  return of.prints?.has(code.printId) ?? false;
}

/** Where a read page goes, from its code (or, without one, its name box and printed question). */
export function decide(
  read: TSheetRead,
  batch: TClassPaper,
  students: TStudentRef[],
  questions: TQuestionRef[],
  printed: string[],
): TDecision {
  if (read.kind === 'booklet') {
    // A booklet page is decided box by box (decideRegions); as one page it needs the teacher.
    return { status: 'needs_teacher', reason: 'unknown_booklet', text: '' };
  }
  if (read.kind !== 'code') {
    const text = answerPartOf(read.page.text, printed);
    if (read.kind === 'bad_code') return { status: 'needs_teacher', reason: 'forged', text };
    // A booklet page holds several answers: without its code, only the teacher can split it.
    if (/STEM@Home test booklet|Continuation of Question/i.test(read.page.text)) {
      return { status: 'needs_teacher', reason: 'no_code', text };
    }
    const student = matchName(read.page.text, students);
    const question = matchQuestion(read.page.text, questions);
    if (!student || !question) return { status: 'needs_teacher', reason: 'no_code', text };
    const questionNumber = printedQuestionNumber(read.page.text);
    return placed(
      { studentId: student.id, questionId: question.id, questionNumber },
      'name',
      text,
      read.page.confidence,
      false,
    );
  }
  const text = read.answer.text;
  const { code } = read;
  // Another class's printing, or a printing the server has no record of: not this class's paper.
  if (!isClassPaper(code, batch)) return { status: 'needs_teacher', reason: 'other_class', text };
  if (!questions.some((q) => q.id === code.questionId)) {
    return { status: 'needs_teacher', reason: 'question_not_in_class', text };
  }
  const questionId = code.questionId;
  const questionNumber = code.number > 0 ? code.number : null;
  // The sheet's question (and its printed number), for the teacher to pick only whose it is.
  const sheet = questionNumber === null ? { questionId } : { questionId, questionNumber };
  if (read.uncut) return { status: 'needs_teacher', reason: 'unreadable', text, ...sheet };
  if (code.studentId === null) {
    const student = matchName(read.name ?? '', students);
    // Nothing written at all (no name, no answer): a spare sheet, not anyone's answer.
    if (!student && read.blank) return { status: 'blank', text: '', ...sheet };
    if (!student) return { status: 'needs_teacher', reason: 'name_unmatched', text, ...sheet };
    return placed(
      { studentId: student.id, questionId, questionNumber },
      'name',
      text,
      read.answer.confidence,
      read.blank,
    );
  }
  if (!students.some((s) => s.id === code.studentId)) {
    return { status: 'needs_teacher', reason: 'student_not_in_class', text, ...sheet };
  }
  return placed(
    { studentId: code.studentId, questionId, questionNumber },
    'code',
    text,
    read.answer.confidence,
    read.blank,
  );
}

/** One answer box of a page (region 0: the page's one answer) and where it goes. */
export type TRegionDecision = {
  region: number;
  continuation: boolean;
  decision: TDecision;
  confidence: number | undefined;
  /**
   * The image the teacher sees (issue 28): the answer region as cut, blank ones too, or the whole
   * page when no region could be cut or the page had no code; null when nothing could be read.
   */
  image: Uint8Array | null;
  /** Which printed page it is, from its code (see scan_pages.page_key); null without one. */
  pageKey: string | null;
};

/**
 * Which printed page a read is, from its code (issue 28): a one-question sheet by its printing,
 * student (a blank sheet: none, and its copy), question, page and printed number; a booklet page by
 * its printing, booklet and page. Another scan with the same key (and box) is a re-scan of the same
 * paper; a page of another printing (a reprint written at a second sitting) has another key. Paper
 * printed before printings were recorded is keyed as it was, by its class instead of its printing
 * (`sheet:` and `booklet:` keys). Null without a valid code.
 */
export function pageKeyOf(read: TSheetRead): string | null {
  if (read.kind === 'code') {
    const { code } = read;
    const place = `${code.questionId}:${code.page}:${code.number}`;
    if (code.printId === null) return `sheet:${code.classId}:${code.studentId ?? '-'}:${place}`;
    const who = code.studentId ?? (code.copy === undefined ? '-' : `-${code.copy}`);
    return `print:${code.printId}:sheet:${who}:${place}`;
  }
  if (read.kind === 'booklet') {
    const { code } = read;
    const page = `booklet:${code.bookletId}:${code.page}`;
    return code.printId === null ? page : `print:${code.printId}:${page}`;
  }
  return null;
}

/** The printing a page key names (see pageKeyOf); null for paper printed before, or no key. */
export function printOfKey(pageKey: string | null): string | null {
  return /^print:([0-9a-f-]{36}):/.exec(pageKey ?? '')?.[1] ?? null;
}

/**
 * Whether two reads of a student's question are on two printed papers: both codes read, one naming
 * its printing, and different pages (another printing, or another blank copy). Paper printed before
 * printings were recorded cannot tell its printings apart and is taken as the same paper.
 */
export function otherPaper(a: string | null, b: string | null): boolean {
  if (a === null || b === null || a === b) return false;
  return printOfKey(a) !== null || printOfKey(b) !== null;
}

/**
 * Where each answer box of a read page goes. A one-question sheet (or a page without a readable
 * code) is one box, region 0. A booklet page gives a decision per box, each placed on the code's
 * student and the box's question as printed: its text, blank (no submission, no attempt used), or
 * held for the teacher when it looks like debris. A booklet page of another class, of a booklet
 * this class does not know, or of a student no longer in the class, waits for the teacher.
 */
export function decideRegions(
  read: TSheetRead,
  batch: TClassPaper,
  students: TStudentRef[],
  questions: TQuestionRef[],
  printed: string[],
): TRegionDecision[] {
  if (read.kind !== 'booklet') {
    const confidence = read.kind === 'code' ? read.answer.confidence : read.page.confidence;
    const decision = decide(read, batch, students, questions, printed);
    return [
      {
        region: 0,
        continuation: false,
        decision,
        confidence,
        image: read.image,
        pageKey: pageKeyOf(read),
      },
    ];
  }
  const { code } = read;
  const pageKey = pageKeyOf(read);
  const whole = (reason: TPageReason): TRegionDecision[] => [
    {
      region: 0,
      continuation: false,
      decision: { status: 'needs_teacher', reason, text: '' },
      confidence: undefined,
      image: read.image,
      pageKey,
    },
  ];
  if (!isClassPaper(code, batch)) return whole('other_class');
  if (!read.regions) return whole('unknown_booklet');
  const known = students.some((s) => s.id === code.studentId);
  return read.regions.map((region) => {
    const text = region.answer.text;
    const place = { questionId: region.questionId, questionNumber: region.number };
    const at = (decision: TDecision): TRegionDecision => ({
      region: region.region,
      continuation: region.continuation,
      decision,
      confidence: region.answer.confidence,
      image: region.image ?? read.image,
      pageKey,
    });
    if (!questions.some((q) => q.id === region.questionId)) {
      return at({ status: 'needs_teacher', reason: 'question_not_in_class', text, ...place });
    }
    if (!known) {
      return at({ status: 'needs_teacher', reason: 'student_not_in_class', text, ...place });
    }
    if (region.uncut) return at({ status: 'needs_teacher', reason: 'unreadable', text, ...place });
    return at(
      placed(
        { studentId: code.studentId, questionId: region.questionId, questionNumber: region.number },
        'code',
        text,
        region.answer.confidence,
        region.blank,
      ),
    );
  });
}

/**
 * A student's answers from their placed boxes, one per question in the order printed: the text of
 * a booklet's continuation box is added to its question's answer (or is the answer, when the main
 * box was left blank or waits for the teacher).
 */
export function answersOf(pages: queries.TPageRow[]) {
  const byQuestion = new Map<
    string,
    { questionId: string; text: string; ocrConfidence: number | undefined; questionNumber?: number }
  >();
  const ordered = [...pages.filter((p) => !p.continuation), ...pages.filter((p) => p.continuation)];
  for (const page of ordered) {
    const questionId = page.questionId ?? '';
    const seen = byQuestion.get(questionId);
    if (seen) {
      seen.text = `${seen.text}\n${page.extractedText}`.trim();
      continue;
    }
    byQuestion.set(questionId, {
      questionId,
      text: page.extractedText,
      ocrConfidence: page.ocrConfidence ?? undefined,
      ...(page.questionNumber === null ? {} : { questionNumber: page.questionNumber }),
    });
  }
  // In the order printed (a shuffled stack is read in any order); unnumbered ones after, as seen.
  return [...byQuestion.values()]
    .map((answer, seen) => ({ answer, seen }))
    .sort(
      (a, b) =>
        (a.answer.questionNumber ?? Infinity) - (b.answer.questionNumber ?? Infinity) ||
        a.seen - b.seen,
    )
    .map(({ answer }) => answer);
}

/** Whether the batch's marks still wait for the teacher's release (issue 28). */
export function holdsMarks(batch: Pick<queries.TBatchRow, 'holdMarks' | 'releasedAt'>): boolean {
  return batch.holdMarks && batch.releasedAt === null;
}

/** The page reason for a refused submission. */
export function refusalReason(error: AppError): TPageReason {
  if (error.code === 'ATTEMPTS_EXHAUSTED') return 'attempts_exhausted';
  if (error.message === MESSAGES.upload.studentNotInClass) return 'student_not_in_class';
  if (error.message === MESSAGES.submissions.questionNotInClass) return 'question_not_in_class';
  return 'refused';
}

/** Runs `work` over 0..count-1 with at most `limit` at once, in order of start. */
async function eachLimited(count: number, limit: number, work: (i: number) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, count) }, async () => {
    while (next < count) {
      const i = next++;
      await work(i);
    }
  });
  await Promise.all(lanes);
}

/** Whether a continuation box's question still has its main box waiting for the teacher. */
export function waitsForMainBox(
  pages: readonly queries.TPageRow[],
  continuation: Pick<queries.TPageRow, 'studentId' | 'questionId'>,
): boolean {
  return pages.some(
    (p) =>
      !p.continuation &&
      p.status === 'needs_teacher' &&
      p.studentId === continuation.studentId &&
      p.questionId === continuation.questionId,
  );
}

/**
 * Boxes of this batch that are re-scans of pages an earlier batch already read (issue 28): each
 * student's question whose earlier answer one of its boxes came from, with its placed boxes (and
 * its blank ones, which never take an answer away). What is left is placed as new.
 */
async function rescansOfEarlierPages(
  deps: TScanDeps,
  batch: queries.TBatchRow,
  all: readonly queries.TPageRow[],
) {
  const byAnswer = new Map<
    string,
    { target: { submissionId: string; questionId: string }; rows: queries.TPageRow[] }
  >();
  // Only earlier batches' reads: a page twice in one stack is a repeat (kept once) as before.
  const mine = all.map((p) => p.id);
  for (const page of all) {
    const open = page.status === 'assigned' && page.submissionId === null;
    if (!open && page.status !== 'blank') continue;
    if (!page.studentId || !page.questionId || page.pageKey === null) continue;
    if (page.continuation && waitsForMainBox(all, page)) continue;
    const place = { studentId: page.studentId, questionId: page.questionId };
    const earlier = await earlierAnswerOf(deps, batch.classId, page, place, mine);
    if (!earlier) continue;
    const key = `${earlier.submissionId}:${earlier.questionId}`;
    const entry = byAnswer.get(key) ?? { target: earlier, rows: [] };
    entry.rows.push(page);
    byAnswer.set(key, entry);
  }
  return [...byAnswer.values()];
}

/**
 * Makes the submissions of a read batch: one per student, holding every answer of theirs in the
 * stack (so a class's stack counts one assessment per student, as a class's typed work does). Pages
 * a previous run already submitted keep their submission. A re-scan of a page an earlier batch read
 * replaces the answer made from it instead (issue 28: no submission, no attempt). A refused student
 * (attempts, allowance) gets their pages back as needing the teacher, with the reason.
 */
async function submitAssignedPages(
  deps: TScanDeps,
  teacher: TAccessClaims,
  batch: queries.TBatchRow,
): Promise<void> {
  const pages: queries.TPageRow[] = [];
  let all = await queries.selectPages(deps.db, batch.id);
  const rescans = await rescansOfEarlierPages(deps, batch, all);
  const placedOnEarlier = new Set<string>();
  for (const { target, rows } of rescans) {
    const outcome = await placeOnEarlierAnswer(deps, teacher, batch.schoolId, target, rows);
    if (outcome !== 'missing') for (const row of rows) placedOnEarlier.add(row.id);
  }
  if (placedOnEarlier.size > 0) all = await queries.selectPages(deps.db, batch.id);
  for (const page of all) {
    if (page.status !== 'assigned' || page.submissionId !== null) continue;
    if (!page.studentId || !page.questionId) continue;
    if (placedOnEarlier.has(page.id)) continue;
    // A continuation waits with its question's main box while that box waits for the teacher:
    // the answer is submitted whole, once, when the teacher has dealt with it.
    if (page.continuation && waitsForMainBox(all, page)) continue;
    // The same sheet uploaded again (this very text already placed by another batch) is kept once.
    // A page naming its printing is the same sheet only as the same printed page: the same answer
    // written again on another printing (a second sitting) is new work.
    const again = await queries.findEarlierRead(deps.db, {
      classId: batch.classId,
      studentId: page.studentId,
      questionId: page.questionId,
      text: page.extractedText,
      otherBatch: batch.id,
      ...(page.pageKey !== null && printOfKey(page.pageKey) !== null
        ? { page: { key: page.pageKey, region: page.region } }
        : {}),
    });
    if (again) await queries.markDuplicate(deps.db, page.id, deps.now());
    else pages.push(page);
  }
  const byStudent = new Map<string, queries.TPageRow[]>();
  for (const page of pages) {
    const studentId = page.studentId ?? '';
    byStudent.set(studentId, [...(byStudent.get(studentId) ?? []), page]);
  }
  for (const [studentId, own] of byStudent) {
    try {
      const submissionId = await submitScannedAnswers(deps, teacher, {
        classId: batch.classId,
        holdForRelease: holdsMarks(batch),
        studentId,
        answers: answersOf(own),
      });
      await deps.db.transaction(async (tx) => {
        const pageIds = own.map((p) => p.id);
        await queries.setPagesSubmission(tx, pageIds, submissionId);
        await attachCropsToSubmission(tx, pageIds, submissionId);
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      for (const page of own) {
        await queries.releasePage(deps.db, page.id, refusalReason(error), deps.now());
      }
    }
  }
}

/**
 * The scan-batch job: reads every page of a batch (skipping pages a previous run recorded), assigns
 * each to its student and question, creates and queues a submission per answer, and records the rest
 * for the teacher with their text and place only. The batch's files are deleted when it ends, done or
 * failed; pages exist only in memory while read.
 */
export async function readBatch(
  deps: TScanDeps,
  batchId: string,
  context: TJobContext,
): Promise<TJobOutcome> {
  const batch = await queries.findBatch(deps.db, batchId);
  if (!batch) return { status: 'skipped', reason: 'batch not found' };
  if (batch.status === 'done' || batch.status === 'failed') {
    return { status: 'skipped', reason: `batch already ${batch.status}` };
  }
  // A batch another live process is reading stays with it (its heartbeat is fresh).
  if (!(await claimBatchForReading(deps, batchId))) {
    return { status: 'skipped', reason: 'batch read by another process' };
  }
  const fail = (reason: string) => {
    memoryFiles.drop(batchId);
    return queries.finishBatch(deps.db, batchId, {
      status: 'failed',
      failureReason: reason,
      now: deps.now(),
    });
  };
  const teacher: TAccessClaims = {
    userId: batch.teacherId,
    role: 'teacher',
    schoolId: batch.schoolId,
  };
  const opened: TOpenedFile[] = [];
  try {
    const reading = await readingContext(deps, teacher, batch);
    const files = memoryFiles.get(batchId) ?? (await queries.selectFiles(deps.db, batchId));
    if (files.length === 0) {
      // A restart lost the files this process held: nothing left to read.
      await fail(SCAN_MESSAGES.batchReasons.interrupted);
      return { status: 'skipped', reason: 'files lost' };
    }
    for (const [i, bytes] of files.entries())
      opened.push(await openScanFile(deps.imageWork, bytes, `file ${i + 1}`));
    const places = opened.flatMap((file, f) =>
      Array.from({ length: file.pages }, (_, index) => ({ file: f, index })),
    );
    await queries.markReading(deps.db, batchId, places.length);

    const done = await queries.selectPages(deps.db, batchId);
    const recorded = new Set(done.map((p) => p.pageNumber));
    // Each box placed so far, by its student, question and part, with the printed page it was on.
    const taken = new Map(
      done
        .filter((p) => p.status === 'assigned')
        .map((p) => [`${p.studentId}:${p.questionId}:${p.continuation}`, p.pageKey]),
    );

    await eachLimited(places.length, PAGES_AT_ONCE, async (i) => {
      const pageNumber = i + 1;
      const place = places[i];
      const file = place ? opened[place.file] : undefined;
      if (!place || !file || recorded.has(pageNumber)) return;
      const { regions, readName } = await readPage(deps, file, place.index, {
        batch,
        ...reading,
      });
      const images = new Map<number, { image: Uint8Array; questionId: string | null }>();
      const rows = regions.map((region) => {
        const { decision } = region;
        const base = {
          batchId,
          schoolId: batch.schoolId,
          pageNumber,
          ...pageValues(region, readName),
        };
        if (decision.status === 'duplicate') return base;
        const image = { image: region.image, questionId: decision.questionId ?? null };
        if (decision.status !== 'assigned') {
          if (region.image) images.set(region.region, { ...image, image: region.image });
          return base;
        }
        // The same box twice (a page scanned twice) is kept once, and so is its image. The same
        // student's question on another printed paper (a second sitting in the same stack) waits
        // for the teacher: one submission cannot hold two answers to a question.
        const key = `${decision.studentId}:${decision.questionId}:${region.continuation}`;
        const repeat = taken.has(key);
        if (repeat && otherPaper(taken.get(key) ?? null, region.pageKey)) {
          if (region.image) images.set(region.region, { ...image, image: region.image });
          return {
            ...base,
            status: 'needs_teacher' as const,
            reason: 'other_paper',
            matchedBy: null,
          };
        }
        if (!repeat) taken.set(key, region.pageKey);
        if (!repeat && region.image) images.set(region.region, { ...image, image: region.image });
        return {
          ...base,
          status: repeat ? ('duplicate' as const) : ('assigned' as const),
          reason: repeat ? 'duplicate' : null,
        };
      });
      // Each box's image (or the whole page that needs the teacher) is kept while the batch is
      // open, with its row: both or neither.
      await queries.insertPageRows(deps.db, rows, (tx: TDb, pageId, row) => {
        const kept = images.get(row.region ?? 0);
        return kept
          ? keepCrop(tx, deps.config, {
              batchId,
              pageId,
              submissionId: null,
              questionId: kept.questionId,
              image: kept.image,
            })
          : Promise.resolve(null);
      });
    });
    await queries.answeredOnContinuation(deps.db, batchId, deps.now());
    await submitAssignedPages(deps, teacher, batch);
    memoryFiles.drop(batchId);
    await queries.finishBatch(deps.db, batchId, {
      status: 'done',
      failureReason: null,
      now: deps.now(),
    });
    return { status: 'done' };
  } catch (error) {
    if (error instanceof AppError) {
      // The class is gone, or a file that opened at upload no longer does: nothing to retry.
      await fail(error.code === 'NOT_FOUND' ? SCAN_MESSAGES.failed : error.message);
      return { status: 'skipped', reason: error.code };
    }
    if (context.isFinalAttempt) await fail(SCAN_MESSAGES.failed);
    throw error;
  }
}

/** What reading a batch's pages needs to know: its class's students, questions and printed words. */
export type TReadingContext = {
  students: TStudentRef[];
  questions: TQuestionRef[];
  /** The sheets' printed words (school, class, names, questions): not part of any answer. */
  printed: string[];
  /** The layouts of the class's test booklets, by id (a booklet page's boxes are cut from them). */
  booklets: Record<string, TBookletLayout>;
  /** The ids of the class's printings: a page's code names one (read once a batch, not a page). */
  prints: ReadonlySet<string>;
};

export async function readingContext(
  deps: TScanDeps,
  teacher: TAccessClaims,
  batch: queries.TBatchRow,
): Promise<TReadingContext> {
  const cls = await requireTeacherClass(deps.db, teacher, batch.classId);
  const students = await listClassStudents(deps.db, teacher, cls.id);
  const questions = (await listQuestionsOfClass(deps.db, cls)).map((q) => ({
    id: q.id,
    text: q.question,
  }));
  const school = await findSchoolById(deps.db, batch.schoolId);
  const printed = [
    school?.name ?? '',
    cls.name,
    ...students.map((s) => s.name),
    ...questions.map((q) => q.text),
  ];
  const booklets = await queries.selectClassBooklets(deps.db, batch.schoolId, cls.id);
  const prints = new Set(await queries.selectClassPrints(deps.db, batch.schoolId, cls.id));
  return { students, questions, printed, booklets, prints };
}

/**
 * Reads one page of an opened file and decides where it goes. A page that cannot be read at all
 * (its image is damaged) goes to the teacher; an OCR engine failure is thrown (the job retries).
 */
export async function readPage(
  deps: TScanDeps,
  file: TOpenedFile,
  index: number,
  context: TReadingContext & { batch: Pick<queries.TBatchRow, 'id' | 'classId'> },
): Promise<{ regions: TRegionDecision[]; readName: string | null }> {
  try {
    const read = await readPreparedSheet(
      await preparePage(deps, file, index, context.booklets),
      deps.ocr,
    );
    const readName =
      read.kind === 'code' && read.name
        ? stripUnstorableCharacters(read.name).trim() || null
        : null;
    const { batch, students, questions, printed, prints } = context;
    const paper = { classId: batch.classId, prints };
    return { regions: decideRegions(read, paper, students, questions, printed), readName };
  } catch (error) {
    if (error instanceof OcrError) throw error;
    deps.logger.warn({ batchId: context.batch.id, index, err: error }, 'scanned page unreadable');
    return {
      regions: [
        {
          region: 0,
          continuation: false,
          decision: { status: 'needs_teacher', reason: 'unreadable', text: '' },
          confidence: undefined,
          image: null,
          pageKey: null,
        },
      ],
      readName: null,
    };
  }
}

/** The columns of a page read as `decision` decides (text cleaned of what cannot be stored). */
export function pageValues(
  { decision, confidence, region, continuation, pageKey }: TRegionDecision,
  readName: string | null,
) {
  return {
    pageKey,
    region,
    continuation,
    status: decision.status,
    reason: decision.status === 'assigned' || decision.status === 'blank' ? null : decision.reason,
    matchedBy: decision.status === 'assigned' ? decision.by : null,
    studentId: decision.studentId ?? null,
    questionId: decision.questionId ?? null,
    questionNumber: decision.questionNumber ?? null,
    extractedText: stripUnstorableCharacters(decision.text),
    ocrConfidence: confidence ?? null,
    readName,
  };
}

/** A page's image work in the worker threads; it waits its turn when they are busy with requests. */
export async function preparePage(
  deps: TScanDeps,
  file: TOpenedFile,
  index: number,
  booklets: Record<string, TBookletLayout>,
) {
  for (;;) {
    try {
      return await deps.imageWork.run('sheetPage', {
        file: file.file,
        type: file.type,
        index,
        key: sheetKey(deps.config),
        budget: deps.config.imageWork.pageBudget,
        preparation: pagePreparation(deps.ocr),
        booklets,
      });
    } catch (error) {
      if (!(error instanceof ExtractionError) || error.kind !== 'busy') throw error;
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  }
}
