import { createHmac, randomUUID } from 'node:crypto';
import {
  SCAN_MESSAGES,
  type TAnswerSheetsQuery,
  type TPaperSize,
  type TSheetFormat,
} from '@stem/contract/scans';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import {
  buildAnswerBooklets,
  buildAnswerSheets,
  type TSheetStudent,
} from '../../extraction/sheets/sheet-pdf';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { findSchoolById } from '../auth/auth.queries';
import { requireTeacherClass } from '../classes/classes.access';
import { listClassStudents } from '../classes/classes.service';
import { listQuestionsOfClass } from '../questions/questions.service';
import { insertBooklet } from './scans.queries';

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
 * GET /class/{classId}/answer-sheets: the teacher's class's sheets as one PDF: a page per student
 * per chosen question (or, blank, per question and copy), in class-list order. 404 for a class that
 * is not the teacher's, 400 for a question not assigned to it or a class without questions/students.
 */
export async function answerSheets(
  db: TDb,
  config: Pick<TConfig, 'jwtSecret'>,
  user: TAccessClaims,
  classId: string,
  query: {
    questionIds?: string[] | undefined;
    paper: TPaperSize;
    blank: 'true' | 'false';
    copies: number;
    format?: TSheetFormat | undefined;
    continuation?: 'true' | 'false' | undefined;
  },
  now: Date = new Date(),
): Promise<{ pdf: Uint8Array; fileName: string; pages: number }> {
  const cls = await requireTeacherClass(db, user, classId);
  const all = await listQuestionsOfClass(db, cls);
  if (all.length === 0)
    throw new AppError('VALIDATION', SCAN_MESSAGES.noQuestions, { field: 'classId' });
  let chosen = all;
  if (query.questionIds) {
    const byId = new Map(all.map((q) => [q.id, q]));
    chosen = query.questionIds.map((id) => {
      const question = byId.get(id);
      if (!question) {
        throw new AppError('VALIDATION', SCAN_MESSAGES.questionNotInClass, {
          field: 'questionIds',
        });
      }
      return question;
    });
  }
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
    const bookletId = randomUUID();
    const { pdf, layout } = await buildAnswerBooklets({
      schoolName: school?.name ?? '',
      className: cls.name,
      classId: cls.id,
      bookletId,
      students,
      questions: chosen.map((q) => ({ id: q.id, text: q.question, marks: q.marks })),
      paper: query.paper,
      key: sheetKey(config),
      continuation: query.continuation !== 'false',
    });
    await insertBooklet(db, {
      id: bookletId,
      schoolId: cls.schoolId,
      classId: cls.id,
      teacherId: user.userId,
      layout,
      now,
    });
    return {
      pdf,
      fileName: sheetsFileName(cls.name, false, true),
      pages: students.length * layout.pages.length,
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
  const school = await findSchoolById(db, cls.schoolId);
  const pdf = await buildAnswerSheets({
    schoolName: school?.name ?? '',
    className: cls.name,
    classId: cls.id,
    students,
    questions: chosen.map((q) => ({ id: q.id, text: q.question, marks: q.marks })),
    paper: query.paper,
    key: sheetKey(config),
  });
  return { pdf, fileName: sheetsFileName(cls.name, blank), pages: students.length * chosen.length };
}

export type { TAnswerSheetsQuery };
