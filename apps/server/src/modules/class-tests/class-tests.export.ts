import { Readable } from 'node:stream';
import { SCHOOL_TIME_ZONE } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TDb } from '../../db/client';
import { localDayText } from '../../lib/london-month';
import type { TAccessClaims } from '../../lib/tokens';
import { attachmentHeader, CSV_BOM, csvRow, studentKeyCells } from '../analytics/analytics.policy';
import type { TCsvDownload } from '../analytics/analytics.service';
import { readTestResults } from './class-tests.service';

const C = MESSAGES.classTests.csv;

/** '66.7%': a share to one decimal; empty when there is nothing to share. */
function percentOf(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : '';
}

/**
 * GET /class/{classId}/tests/{testId}/export: the results as CSV (the class exports' helpers: a
 * formula-safe cell, CRLF, a byte-order mark, the student's e-mail and id beside the name so a
 * gradebook import can match rows). One row per student: each question's latest marked score (empty
 * when not answered), how many are answered, the total, the test's marks and the share of them.
 */
export async function exportTestResults(
  db: TDb,
  user: TAccessClaims,
  classId: string,
  testId: string,
  now: Date,
  timeZone: string = SCHOOL_TIME_ZONE,
): Promise<TCsvDownload> {
  const { cls, test, marks } = await readTestResults(db, user, classId, testId);
  let text =
    CSV_BOM +
    csvRow([
      C.student,
      C.studentEmail,
      C.studentId,
      ...test.questions.map((q) => C.questionColumn(q.number, q.question, q.marks)),
      C.answered,
      C.total,
      C.outOf,
      C.percentage,
    ]);
  for (const student of marks) {
    text += csvRow([
      student.name,
      ...studentKeyCells(student),
      ...student.cells.map((c) => c.score),
      MESSAGES.classTests.answeredOf(student.answered, test.questions.length),
      student.total,
      test.totalMarks,
      student.total === null ? '' : percentOf(student.total, test.totalMarks),
    ]);
  }
  return {
    disposition: attachmentHeader(`${cls.name} - ${test.title}`, localDayText(now, timeZone)),
    body: Readable.from([text]),
  };
}
