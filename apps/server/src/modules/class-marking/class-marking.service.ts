import { createHash } from 'node:crypto';
import {
  FEW_FIRST_SIZE,
  type TAnonymousQuery,
  type TClassAnswer,
  type TClassQuestionAnswers,
  type TFewFirst,
} from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { screenReviewOrderSteps } from '../../marking/loop/teacher-loop';
import { createPromiseCache, runInSlices } from '../../lib/slices';
import type { TAccessClaims } from '../../lib/tokens';
import { requireClassForReader } from '../classes/classes.school';
import { rubricVersionOf } from '../rubric-items/rubric-version';
import { cropIdOf, selectSubmissionCrops } from '../scans/scans.crops';
import { anonymiseStudents } from './class-marking.anonymous';
import { presentStudentAnswer } from './class-marking.presenter';
import * as queries from './class-marking.queries';

type TQuestionRow = NonNullable<Awaited<ReturnType<typeof queries.findClassQuestion>>>;
type TAnswer = NonNullable<ReturnType<typeof presentStudentAnswer>['answer']>;

/**
 * Orders already worked out, by what they were worked out from (the question and every marked
 * answer with the teacher's marks so far): the screen asks again after each review and on focus,
 * and an unchanged class gets the same order without marking its answers again.
 */
const reviewOrders = createPromiseCache<string[]>(64);

/**
 * The marker's suggested review order (`screenReviewOrderSteps`), marked a slice at a time so the
 * server keeps answering other requests while a big class's long answers are read.
 */
function reviewOrderOf(
  question: TQuestionRow,
  answers: readonly TAnswer[],
  options: { limit?: number } = {},
): Promise<string[]> {
  const input = {
    question: {
      question: question.question,
      marks: question.marks,
      lowMarkRange: question.lowMarkRange,
      highMarkRange: question.highMarkRange,
      rubric: question.rubric,
      referenceAnswer: question.referenceAnswer ?? '',
    },
    answers: answers.flatMap((a) =>
      a.score === null
        ? []
        : [
            {
              id: a._id,
              answer: a.answer,
              teacherScore: a.reviewedAt !== null ? a.score : undefined,
            },
          ],
    ),
  };
  const key = createHash('sha256')
    .update(JSON.stringify({ ...input, limit: options.limit ?? null }))
    .digest('base64url');
  return reviewOrders.get(key, () =>
    runInSlices(screenReviewOrderSteps(input.question, input.answers, options)),
  );
}

/**
 * How the marking screen's reads name the students: `anonymousKey` null, by name; else (anonymous
 * mode, `?anonymous=true`) by pseudonym in the order drawn with that server-held key.
 */
export type TNaming = { anonymousKey: string | null };

/**
 * The class (the class's teacher or the school's admin; anyone else 404 as a missing class), the
 * question (404 when not in the class) and every student with their latest answer to it: by name,
 * or anonymised (`anonymiseStudents`) before anything is presented.
 */
export async function loadClassQuestion(
  db: TDb,
  user: TAccessClaims,
  params: { classId: string; questionId: string },
  naming: TNaming,
) {
  const cls = await requireClassForReader(db, user, params.classId);
  const [question, named] = await Promise.all([
    queries.findClassQuestion(db, cls.schoolId, cls.id, params.questionId),
    queries.selectStudentAnswers(db, cls.schoolId, cls.id, params.questionId),
  ]);
  if (!question) {
    throw new AppError('NOT_FOUND', MESSAGES.release.notInClass, { field: 'questionId' });
  }
  const students =
    naming.anonymousKey === null
      ? named
      : anonymiseStudents(named, {
          secret: naming.anonymousKey,
          userId: user.userId,
          questionId: question.questionId,
        });
  return { cls, question, students };
}

/**
 * GET /classes/{classId}/questions/{questionId}/answers (issue 27): every student of the class with
 * their latest answer to the question, for the class's teacher or the school's admin. Another
 * teacher's or another school's class is 404 (as a missing one), and so is a question not in the
 * class. Reviews made on the screen go through the submissions module's review calls.
 */
export async function getClassQuestionAnswers(
  db: TDb,
  user: TAccessClaims,
  params: { classId: string; questionId: string },
  naming: TNaming = { anonymousKey: null },
): Promise<TClassQuestionAnswers> {
  const { cls, question, students } = await loadClassQuestion(db, user, params, naming);
  const version = rubricVersionOf(question);
  const rows = students.map((student) => presentStudentAnswer(student, version));
  const answers = rows.flatMap((r) => (r.answer ? [r.answer] : []));
  if (naming.anonymousKey === null) await withScanImages(db, cls.schoolId, question, answers);
  return {
    class: { _id: cls.id, name: cls.name },
    question: {
      _id: question.questionId,
      question: question.question,
      marks: question.marks,
      lowMarkRange: question.lowMarkRange,
      highMarkRange: question.highMarkRange,
      rubric: question.rubric,
      releaseMode: question.releaseMode,
    },
    rows,
    anonymous: naming.anonymousKey !== null,
    counts: {
      students: rows.length,
      answered: answers.length,
      marked: answers.filter((a) => a.score !== null).length,
      reviewed: answers.filter((a) => a.score !== null && a.reviewedAt !== null).length,
    },
    reviewOrder: await reviewOrderOf(question, answers),
  };
}

/** Each scanned answer's image while its batch keeps it (issue 28): one query for the class. */
async function withScanImages(
  db: TDb,
  schoolId: string,
  question: { questionId: string },
  answers: TClassAnswer[],
): Promise<void> {
  const scanned = answers.filter((a) => a.source === 'scan');
  const crops = await selectSubmissionCrops(
    db,
    schoolId,
    scanned.map((a) => a.submissionId),
  );
  for (const answer of scanned) {
    answer.cropId = cropIdOf(crops, {
      submissionId: answer.submissionId,
      questionId: question.questionId,
    });
  }
}

/** The naming a request asks for: anonymous (`?anonymous=true`) with the server's own key. */
export function namingOf(ctx: { config: { jwtSecret: string } }, query: TAnonymousQuery): TNaming {
  return { anonymousKey: query.anonymous ? ctx.config.jwtSecret : null };
}

/**
 * GET /classes/{classId}/questions/{questionId}/few-first ("Test on a few first", issue 27): the
 * FEW_FIRST_SIZE answers the marker proposes the teacher marks before it marks the rest: the start
 * of the review order (`screenReviewOrderSteps` cut short: one of each of the biggest groups and
 * the least sure in turn, with the teacher's marks so far as examples), never a reviewed answer.
 * The class's teacher or the school's admin, as the screen.
 */
export async function getFewFirst(
  db: TDb,
  user: TAccessClaims,
  params: { classId: string; questionId: string },
): Promise<TFewFirst> {
  const { question, students } = await loadClassQuestion(db, user, params, {
    anonymousKey: null,
  });
  const version = rubricVersionOf(question);
  const answers = students.flatMap((s) => {
    const a = presentStudentAnswer(s, version).answer;
    return a ? [a] : [];
  });
  const marked = answers.filter((a) => a.status === 'marked' && a.score !== null);
  const examples = marked.filter((a) => a.reviewedAt !== null).length;
  return {
    answerIds: await reviewOrderOf(question, marked, { limit: FEW_FIRST_SIZE }),
    examples,
    rest: marked.length - examples,
  };
}
