import { createHmac } from 'node:crypto';
import { MESSAGES } from '@stem/contract/messages';
import type { TStudentAnswerRow } from './class-marking.queries';

/**
 * Anonymous marking (issue 27, `?anonymous=true`): the marking screen's replies name no student.
 * Each student gets a pseudonym, "Student n", numbered by an order drawn for that teacher and
 * question from a key only the server holds: the same on every read (so a reload keeps the numbers
 * and the order), different for each question, and neither alphabetical nor computable in the
 * browser from ids it may know. The student's id becomes a pseudonym drawn the same way.
 */

/** Who reads, and the server's key for the draw (derived from the app's secret, never sent). */
export type TAnonymity = { secret: string; userId: string; questionId: string };

function drawOf(anonymity: TAnonymity, studentId: string): string {
  return createHmac('sha256', anonymity.secret)
    .update(
      `anonymous-marking\u0000${anonymity.userId}\u0000${anonymity.questionId}\u0000${studentId}`,
    )
    .digest('hex');
}

/**
 * The class's rows in the drawn order, each student's name "Student n" (by place) and their id
 * a pseudonym ("a" and 24 hex digits). Nothing else of a row names the student.
 */
export function anonymiseStudents(
  rows: readonly TStudentAnswerRow[],
  anonymity: TAnonymity,
): TStudentAnswerRow[] {
  return rows
    .map((row) => ({ row, draw: drawOf(anonymity, row.studentId) }))
    .sort((a, b) => (a.draw < b.draw ? -1 : a.draw > b.draw ? 1 : 0))
    .map(({ row, draw }, index) => ({
      ...row,
      studentId: `a${draw.slice(0, 24)}`,
      studentName: MESSAGES.classMarking.anonymousName(index + 1),
    }));
}
