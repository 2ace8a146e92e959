import { createHmac, randomUUID } from 'node:crypto';
import {
  MAX_PRINT_PAGES,
  SCAN_MESSAGES,
  type TAnswerSheetsQuery,
  type TPaperSize,
  type TSheetFormat,
} from '@stem/contract/scans';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { ExtractionError } from '../../extraction/file-type';
import { bookletLayoutOf, type TSheetStudent } from '../../extraction/sheets/sheet-pdf';
import type { ImageWork, TTaskInput, TTaskName, TTaskOutput } from '../../extraction/work/tasks';
import { MESSAGES } from '@stem/contract/messages';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { findSchoolById } from '../auth/auth.queries';
import { requireTeacherClass } from '../classes/classes.access';
import { listClassStudents } from '../classes/classes.service';
import { findClassTest } from '../class-tests/class-tests.service';
import { listQuestionsOfClass } from '../questions/questions.service';
import { bookletFor, layoutHash } from './scans.booklets';
import { insertPrint } from './scans.queries';

/**
 * The key that signs sheet codes: derived from the server's secret (never the secret itself), so
 * codes stay valid across restarts and a forged code cannot name another student.
 */
export function sheetKey(config: Pick<TConfig, 'jwtSecret'>): string {
  return createHmac('sha256', config.jwtSecret).update('stem-answer-sheets-v1').digest('hex');
}

/** A safe file name for the pack: letters, digits and dashes of the class name. */
export function sheetsFileName(className: string, blank: boolean, booklet = false): string {
  const base = className
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  if (booklet) return `test-booklets-${base || 'class'}.pdf`;
  return `answer-sheets-${base || 'class'}${blank ? '-blank' : ''}.pdf`;
}

/**
 * The questions to print, in order: the test's (its questions still set in the class), the chosen
 * ones, or all the class's. 400 for a question not assigned to the class, a test with no question
 * left, or a test and a list at once; 404 for a test that is not the class's.
 */
async function questionsToPrint(
  db: TDb,
  cls: Awaited<ReturnType<typeof requireTeacherClass>>,
  query: { questionIds?: string[] | undefined; testId?: string | undefined },
) {
  const all = await listQuestionsOfClass(db, cls);
  if (all.length === 0)
    throw new AppError('VALIDATION', SCAN_MESSAGES.noQuestions, { field: 'classId' });
  let ids = query.questionIds;
  if (query.testId) {
    if (query.questionIds) {
      throw new AppError('VALIDATION', SCAN_MESSAGES.testOrQuestions, { field: 'testId' });
    }
    const test = await findClassTest(db, cls, query.testId);
    if (!test) throw new AppError('NOT_FOUND', MESSAGES.classTests.notFound);
    if (test.questions.length === 0) {
      throw new AppError('VALIDATION', MESSAGES.classTests.noQuestionsLeft, { field: 'testId' });
    }
    ids = test.questions.map((q) => q.id);
  }
  if (!ids) return all;
  const byId = new Map(all.map((q) => [q.id, q]));
  return ids.map((id) => {
    const question = byId.get(id);
    if (!question) {
      throw new AppError('VALIDATION', SCAN_MESSAGES.questionNotInClass, {
        field: 'questionIds',
      });
    }
    return question;
  });
}

/**
 * Draws a pack in the image-work threads, never on the event loop (a class's pack is seconds of
 * pdf-lib work), with printing's own time budget. A full waiting line is 503 and a pack over its
 * budget or a thread's memory 422, each with a message about printing rather than about a file.
 */
async function draw<N extends 'answerSheets' | 'answerBooklets'>(
  work: ImageWork,
  printMs: number,
  name: N & TTaskName,
  input: TTaskInput<N>,
): Promise<TTaskOutput<N>> {
  try {
    return await work.run(name, input, { taskMs: printMs });
  } catch (error) {
    if (!(error instanceof ExtractionError)) throw error;
    if (error.kind === 'busy') throw new AppError('UNAVAILABLE', SCAN_MESSAGES.printBusy);
    throw new AppError('UNPROCESSABLE', SCAN_MESSAGES.printTooLarge);
  }
}

/** Refuses a pack past MAX_PRINT_PAGES before any drawing. */
function checkPages(pages: number): void {
  if (pages > MAX_PRINT_PAGES) {
    throw new AppError('VALIDATION', SCAN_MESSAGES.tooManyPrintPages(pages), {
      field: 'questionIds',
    });
  }
}

/**
 * GET /class/{classId}/answer-sheets: the teacher's class's sheets as one PDF: a page per student
 * per chosen question (or, blank, per question and copy), in class-list order; or a test booklet per
 * student. A booklet printed the same way as before (the same test, or the same hand-picked
 * questions, with the same layout) reuses the kept layout row and id. Every pack is a printing of
 * its own (a `paper_prints` row, written once the PDF is drawn), named by each page's code: a page
 * of this pack is told from one of any other, a reprint's included (issue 28).
 * 404 for a class that is not the teacher's, 400 for a question not assigned to it or a class
 * without questions/students.
 */
export async function answerSheets(
  {
    db,
    config,
    work,
  }: { db: TDb; config: Pick<TConfig, 'jwtSecret' | 'imageWork'>; work: ImageWork },
  user: TAccessClaims,
  classId: string,
  query: {
    questionIds?: string[] | undefined;
    testId?: string | undefined;
    paper: TPaperSize;
    blank: 'true' | 'false';
    copies: number;
    format?: TSheetFormat | undefined;
    continuation?: 'true' | 'false' | undefined;
  },
  now: Date = new Date(),
): Promise<{ pdf: Uint8Array; fileName: string; pages: number; bookletReused?: boolean }> {
  const cls = await requireTeacherClass(db, user, classId);
  const chosen = await questionsToPrint(db, cls, query);
  const blank = query.blank === 'true';
  if (query.format === 'booklet') {
    // A booklet carries its student's name and code on every page: never blank.
    if (blank) throw new AppError('VALIDATION', SCAN_MESSAGES.bookletNoBlank, { field: 'blank' });
    const students = (await listClassStudents(db, user, cls.id)).map((s) => ({
      id: s.id,
      name: s.name,
    }));
    if (students.length === 0)
      throw new AppError('VALIDATION', SCAN_MESSAGES.noStudents, { field: 'classId' });
    const school = await findSchoolById(db, cls.schoolId);
    const questions = chosen.map((q) => ({ id: q.id, text: q.question, marks: q.marks }));
    const continuation = query.continuation !== 'false';
    const planned = await bookletLayoutOf({ questions, paper: query.paper, continuation });
    checkPages(students.length * planned.pages.length);
    const booklet = await bookletFor(db, {
      schoolId: cls.schoolId,
      classId: cls.id,
      teacherId: user.userId,
      testId: query.testId ?? null,
      layout: planned,
      now,
    });
    const printId = randomUUID();
    const { pdf, layout } = await draw(work, config.imageWork.printMs, 'answerBooklets', {
      schoolName: school?.name ?? '',
      className: cls.name,
      classId: cls.id,
      printId,
      bookletId: booklet.id,
      students,
      questions,
      paper: query.paper,
      key: sheetKey(config),
      continuation,
    });
    // The reader cuts the scans with the kept layout: the printed one must be the same.
    if (layoutHash(layout) !== layoutHash(planned)) throw new Error('booklet layout drifted');
    const pages = students.length * layout.pages.length;
    await insertPrint(db, {
      id: printId,
      schoolId: cls.schoolId,
      classId: cls.id,
      createdBy: user.userId,
      format: 'booklets',
      bookletId: booklet.id,
      pages,
      now,
    });
    return {
      pdf,
      fileName: sheetsFileName(cls.name, false, true),
      pages,
      bookletReused: booklet.reused,
    };
  }
  let students: (TSheetStudent | null)[];
  if (blank) {
    students = Array.from({ length: query.copies }, () => null);
  } else {
    students = (await listClassStudents(db, user, cls.id)).map((s) => ({ id: s.id, name: s.name }));
    if (students.length === 0)
      throw new AppError('VALIDATION', SCAN_MESSAGES.noStudents, { field: 'classId' });
  }
  checkPages(students.length * chosen.length);
  const school = await findSchoolById(db, cls.schoolId);
  const printId = randomUUID();
  const pdf = await draw(work, config.imageWork.printMs, 'answerSheets', {
    schoolName: school?.name ?? '',
    className: cls.name,
    classId: cls.id,
    printId,
    students,
    questions: chosen.map((q) => ({ id: q.id, text: q.question, marks: q.marks })),
    paper: query.paper,
    key: sheetKey(config),
  });
  const pages = students.length * chosen.length;
  await insertPrint(db, {
    id: printId,
    schoolId: cls.schoolId,
    classId: cls.id,
    createdBy: user.userId,
    format: 'sheets',
    bookletId: null,
    pages,
    now,
  });
  return { pdf, fileName: sheetsFileName(cls.name, blank), pages };
}

export type { TAnswerSheetsQuery };
