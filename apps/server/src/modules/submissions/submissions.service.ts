import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_ATTEMPTS_PER_QUESTION } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type {
  TAnswerReviewResponse,
  TCreateSubmissionRequest,
  TOverrideAnswerRequest,
  TQuestionAgreement,
  TMarkResponse,
  TSubmission,
  TSubmissionListQuery,
  TSubmissionListResponse,
  TSubmitForStudentRequest,
} from '@stem/contract/submissions';
import { scoreWithinMarks } from '@stem/contract/submissions';
import type { TQuestion } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { enqueueMarking } from '../../jobs/mark-submission.job';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { requireEnrolledClass, requireTeacherClass } from '../classes/classes.access';
import type { TClassRow } from '../classes/classes.queries';
import { listClassStudents } from '../classes/classes.service';
import { markingLeaseMs } from '../marking/marking.service';
import { listQuestionsOfClass } from '../questions/questions.service';
import { releaseHeldQuestions } from '../release/release.service';
import { assertSubmissionAllowed } from '../limits/limits.service';
import {
  answerOverAttemptLimit,
  canActOnSubmission,
  canReviewSubmission,
  canViewSubmission,
} from './submissions.policy';
import { pageLimit } from '../../lib/keyset';
import {
  presentAnswer,
  presentMarkResult,
  presentSubmission,
  presentSubmissionSummary,
} from './submissions.presenter';
import * as queries from './submissions.queries';
import { stripUnstorableCharacters } from '@stem/contract/text';
import { recordAudit } from '../audit/audit.service';
import {
  batchesOfSubmission,
  cropIdOf,
  deleteImagesIfClosed,
  selectSubmissionCrops,
} from '../scans/scans.crops';

/** How often the mark call looks at the submission while a marking runs. */
export const MARK_POLL_MS = 200;

function schoolOf(user: TAccessClaims): string {
  if (!user.schoolId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  return user.schoolId;
}

/** What creating and queueing a submission needs (the scan worker has no HTTP context). */
export type TSubmitDeps = Pick<TAppContext, 'db' | 'now' | 'queue' | 'logger'>;

const submissionNotFound = () => new AppError('NOT_FOUND', MESSAGES.submissions.notFound);

type TAnswerInput = {
  questionId: string;
  answer: string;
  source: queries.TNewAnswer['answerSource'];
  /** The OCR confidence the extraction reply gave, for text read from a photo or upload. */
  ocrConfidence?: number | undefined;
  /** Where the question id came from in the request, for the error's `field`. */
  field: string;
  /** The number printed on the paper sheet the answer came on (bulk scans). */
  questionNumber?: number | undefined;
  /** The mark waits for the teacher's release whatever the question's setting (a held scan batch). */
  holdForRelease?: boolean;
};

/**
 * Snapshots each answered question as it is now (text, marks, ranges, rubric), so later edits of the
 * question never change this submission's marks. 400 naming the field for a question not in the class.
 */
async function snapshotAnswers(
  tx: TDb,
  cls: TClassRow,
  inputs: TAnswerInput[],
): Promise<queries.TNewAnswer[]> {
  const byId = new Map<string, TQuestion>(
    (await listQuestionsOfClass(tx, cls)).map((q) => [q.id, q]),
  );
  const releaseHeld = await releaseHeldQuestions(tx, cls.id);
  return inputs.map((input) => {
    const question = byId.get(input.questionId);
    if (!question) {
      throw new AppError('VALIDATION', MESSAGES.submissions.questionNotInClass, {
        field: input.field,
      });
    }
    return {
      questionId: question.id,
      questionText: question.question,
      marks: question.marks,
      lowMarkRange: question.lowMarkRange,
      highMarkRange: question.highMarkRange,
      rubric: question.rubric,
      answer: input.answer,
      answerSource: input.source,
      ocrConfidence: input.source === 'typed' ? null : (input.ocrConfidence ?? null),
      reviewHeld: question.holdFeedback,
      releaseHeld: releaseHeld.has(question.id) || input.holdForRelease === true,
      questionNumber: input.questionNumber,
    };
  });
}

/**
 * Creates a pending submission inside one transaction that first locks the student's attempts, so
 * the 3-attempts rule (spec 01 §9) holds under parallel requests; 403 ATTEMPTS_EXHAUSTED past it.
 */
async function insertWithinAttemptLimit(
  ctx: TSubmitDeps,
  values: {
    cls: TClassRow;
    studentId: string;
    uploadedBy: string | null;
    source: 'student' | 'teacher_upload' | 'bulk_scan';
    answers: TAnswerInput[];
  },
): Promise<string> {
  const { cls } = values;
  return ctx.db.transaction(async (tx) => {
    await queries.lockStudentAttempts(tx, values.studentId);
    // Then the school (always in this order): the trial's expiry and the assessment allowance.
    await assertSubmissionAllowed(tx, cls.schoolId, cls.id, ctx.now());
    const answers = await snapshotAnswers(tx, cls, values.answers);
    const questionIds = answers.map((a) => a.questionId);
    const previous = await queries.countStudentAnswers(
      tx,
      cls.schoolId,
      values.studentId,
      questionIds,
    );
    const index = answerOverAttemptLimit(previous, questionIds);
    if (index >= 0) {
      throw new AppError(
        'ATTEMPTS_EXHAUSTED',
        MESSAGES.limits.attemptsExhaustedFor(answers[index]?.questionText ?? ''),
        {
          field: values.answers[index]?.field ?? 'questionId',
        },
      );
    }
    return queries.insertSubmission(tx, {
      schoolId: cls.schoolId,
      classId: cls.id,
      className: cls.name,
      studentId: values.studentId,
      uploadedBy: values.uploadedBy,
      source: values.source,
      answers,
      now: ctx.now(),
    });
  });
}

/**
 * Queues the marking of a committed submission. A queue that is down does not fail the request: the
 * work is saved, and the recovery sweep queues it again later.
 */
async function startMarking(ctx: TSubmitDeps, submissionId: string): Promise<void> {
  try {
    await enqueueMarking(ctx.queue, submissionId);
  } catch (err) {
    ctx.logger.error({ err, submissionId }, 'could not queue marking; recovery will retry');
  }
}

/**
 * POST /student/submissions: the student answers questions of a class they are enrolled in (404 for
 * any other class). Each question must be in the class (400) and within 3 attempts (403). Marking
 * starts as soon as the submission is saved.
 */
export async function createStudentSubmission(
  ctx: TAppContext,
  user: TAccessClaims,
  input: TCreateSubmissionRequest,
): Promise<string> {
  schoolOf(user);
  let cls: TClassRow;
  try {
    cls = await requireEnrolledClass(ctx.db, user, input.classId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError('NOT_FOUND', MESSAGES.submissions.notEnrolled, { field: 'classId' });
    }
    throw error;
  }
  const id = await insertWithinAttemptLimit(ctx, {
    cls,
    studentId: user.userId,
    uploadedBy: null,
    source: 'student',
    answers: input.submissions.map((s, i) => ({
      questionId: s.questionId,
      answer: s.answer,
      source: s.source ?? 'typed',
      ocrConfidence: s.ocrConfidence,
      field: `submissions.${i}.questionId`,
    })),
  });
  await startMarking(ctx, id);
  return id;
}

/**
 * POST /api/textract/teacher/submit-for-student: the teacher submits extracted work for a student of
 * one of their classes, for a question of that class. The student's attempt limit applies.
 */
export async function submitForStudent(
  ctx: TAppContext,
  user: TAccessClaims,
  input: TSubmitForStudentRequest,
): Promise<string> {
  const cls = await requireTeacherClass(ctx.db, user, input.classId);
  const students = await listClassStudents(ctx.db, user, cls.id);
  if (!students.some((s) => s.id === input.studentId)) {
    throw new AppError('VALIDATION', MESSAGES.upload.studentNotInClass, { field: 'studentId' });
  }
  const id = await insertWithinAttemptLimit(ctx, {
    cls,
    studentId: input.studentId,
    uploadedBy: user.userId,
    source: 'teacher_upload',
    answers: [
      {
        questionId: input.questionId,
        answer: input.extractedText,
        source: 'upload',
        ocrConfidence: input.ocrConfidence,
        field: 'questionId',
      },
    ],
  });
  await startMarking(ctx, id);
  return id;
}

/**
 * A student's answers read from scanned answer sheets (issue 12): one submission per student per
 * stack, uploaded by the teacher, for a student of one of their classes and questions of that class,
 * with the student's attempt limit and the school's allowance. Refusals are AppErrors (NOT_FOUND
 * class, VALIDATION student or question, ATTEMPTS_EXHAUSTED, ASSESSMENT_LIMIT, ...).
 */
export async function submitScannedAnswers(
  ctx: TSubmitDeps,
  teacher: TAccessClaims,
  input: {
    classId: string;
    studentId: string;
    answers: {
      questionId: string;
      text: string;
      ocrConfidence: number | undefined;
      /** The question's number printed on the sheet, when known. */
      questionNumber?: number | undefined;
    }[];
    /** The marks wait until the teacher releases the batch (issue 28). */
    holdForRelease?: boolean;
  },
): Promise<string> {
  const cls = await requireTeacherClass(ctx.db, teacher, input.classId);
  const students = await listClassStudents(ctx.db, teacher, cls.id);
  if (!students.some((s) => s.id === input.studentId)) {
    throw new AppError('VALIDATION', MESSAGES.upload.studentNotInClass, { field: 'studentId' });
  }
  const id = await insertWithinAttemptLimit(ctx, {
    cls,
    studentId: input.studentId,
    uploadedBy: teacher.userId,
    source: 'bulk_scan',
    answers: input.answers.map((answer, i) => ({
      questionId: answer.questionId,
      answer: answer.text,
      source: 'scan' as const,
      ocrConfidence: answer.ocrConfidence,
      questionNumber: answer.questionNumber,
      holdForRelease: input.holdForRelease === true,
      field: `answers.${i}.questionId`,
    })),
  });
  await startMarking(ctx, id);
  return id;
}

/**
 * Inside the caller's transaction: a re-scan of a scanned answer's paper page replaces its text
 * (issue 28). No submission is made and no attempt is used (the attempt limit never refuses it):
 * the answer's text, mark and teacher's comment go to its history, and it waits to be marked again
 * (queue it with `queueRemark` once the transaction commits). 'unchanged' when the text is the same,
 * 'missing' when the submission has no scanned answer to that question (deleted since).
 */
export async function replaceScannedAnswer(
  tx: TDb,
  values: {
    schoolId: string;
    submissionId: string;
    questionId: string;
    text: string;
    ocrConfidence: number | null;
    actorId: string;
    now: Date;
  },
): Promise<'replaced' | 'unchanged' | 'missing'> {
  const answer = await queries.lockScannedAnswer(
    tx,
    values.schoolId,
    values.submissionId,
    values.questionId,
  );
  if (!answer) return 'missing';
  const text = stripUnstorableCharacters(values.text).trim();
  if (answer.answer.trim() === text) return 'unchanged';
  await queries.replaceAnswerText(tx, { ...values, answer, text });
  await recordAudit(tx, {
    schoolId: values.schoolId,
    actorId: values.actorId,
    action: 'marks.remarked',
    targetType: 'answer',
    targetId: answer.id,
    // Never the text itself: audit records hold no answers.
    after: {
      submissionId: values.submissionId,
      questionId: values.questionId,
      why: 'rescan',
      answers: 1,
    },
  });
  return 'replaced';
}

/** Queues the marking of answers sent back to the marker (a re-scan's text, issue 28). */
export async function queueRemark(
  ctx: TSubmitDeps,
  submissionId: string,
  now: Date,
): Promise<void> {
  try {
    await enqueueMarking(ctx.queue, submissionId, { kind: 'remark', at: now });
  } catch (err) {
    // The work is saved as pending: the recovery sweep queues it again later.
    ctx.logger.error({ err, submissionId }, 'could not queue a re-mark; recovery will retry');
  }
}

/** The status of each of these submissions of a school (bulk-scan progress). */
export async function statusesOf(
  db: TDb,
  schoolId: string,
  submissionIds: string[],
): Promise<Map<string, queries.TSubmissionStatus>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await queries.selectStatuses(db, schoolId, submissionIds);
  return new Map(rows.map((r) => [r.id, r.status]));
}

/**
 * One page of a teacher's or a student's list with its counts: the page is one index range scan, the
 * counts one row of the tallies; only a search adds a count over the owner's rows.
 */
export async function listPage(
  db: TDb,
  owner: queries.TListOwner,
  query: TSubmissionListQuery,
): Promise<TSubmissionListResponse> {
  const isTeacher = owner.kind === 'teacher';
  const isStudent = owner.kind === 'student';
  const filter: queries.TListFilter = {
    // A student's list has no teacher's filter or order (issue 26): every card is the student's own,
    // and 'Flagged Only' is the teacher's moderation view. Sent anyway, they are ignored.
    sort: isStudent && query.sort === 'student' ? 'recent' : (query.sort ?? 'recent'),
    flag: isStudent ? 'all' : (query.flag ?? 'all'),
    q: (query.q ?? '').toLowerCase(),
    // The review queue is the teacher's; a student's list ignores it.
    review: isTeacher ? (query.review ?? 'all') : 'all',
  };
  const [page, tally, needsReview] = await Promise.all([
    queries.selectSubmissionPage(db, owner, filter, {
      cursor: query.cursor,
      limit: pageLimit(query.limit),
    }),
    owner.kind === 'school'
      ? queries.selectSchoolTally(db, owner.schoolId)
      : queries.selectTally(db, owner),
    isTeacher ? queries.countNeedingReview(db, owner) : Promise.resolve(undefined),
  ]);
  // The student's cards say which attempt each was ("Attempt 2 of 3").
  const attempts = isStudent
    ? await queries.selectAttemptNumbers(
        db,
        owner.schoolId,
        owner.userId,
        page.rows.map((row) => row.id),
      )
    : null;
  let matched: number;
  if (filter.q || (filter.review === 'needed' && filter.flag !== 'all')) {
    matched = await queries.countMatching(db, owner, filter);
  } else if (filter.review === 'needed') matched = needsReview ?? 0;
  else if (filter.flag === 'flagged') matched = tally.flagged;
  else if (filter.flag === 'unflagged') matched = tally.total - tally.flagged;
  else matched = tally.total;
  return {
    success: true,
    data: page.rows.map((row) => {
      const summary = presentSubmissionSummary(row, isTeacher ? 'reviewer' : 'student');
      if (!attempts) return summary;
      const numbers = attempts.get(row.id);
      return {
        ...summary,
        attempts: numbers ? { ...numbers, limit: MAX_ATTEMPTS_PER_QUESTION } : null,
      };
    }),
    page: { nextCursor: page.nextCursor, total: tally.total, matched },
    counts: {
      flagged: tally.flagged,
      unflagged: tally.total - tally.flagged,
      ...(needsReview !== undefined ? { needsReview } : {}),
    },
  };
}

/** GET /student/submissions: a page of the student's own submissions (newest first by default). */
export async function listStudentSubmissions(
  db: TDb,
  user: TAccessClaims,
  query: TSubmissionListQuery,
): Promise<TSubmissionListResponse> {
  const schoolId = schoolOf(user);
  return listPage(db, { kind: 'student', schoolId, userId: user.userId }, query);
}

/** GET /student/submissions/{id}: one of the student's own submissions; anything else is 404. */
export async function getStudentSubmission(
  db: TDb,
  user: TAccessClaims,
  submissionId: string,
): Promise<TSubmission> {
  const schoolId = schoolOf(user);
  const row = await queries.findSubmission(db, schoolId, submissionId);
  if (!row || row.studentId !== user.userId) throw submissionNotFound();
  return presentSubmission(row, await queries.selectAnswersOf(db, schoolId, [row.id]));
}

/**
 * GET /question/submissions/teacher/{userId}: a page of the submissions the teacher's lists hold
 * (the teacher's classes', and the work the teacher uploaded). Another user's id is 403.
 */
export async function listTeacherSubmissions(
  db: TDb,
  user: TAccessClaims,
  teacherId: string,
  query: TSubmissionListQuery,
): Promise<TSubmissionListResponse> {
  if (teacherId !== user.userId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  const schoolId = schoolOf(user);
  return listPage(db, { kind: 'teacher', schoolId, userId: user.userId }, query);
}

/**
 * GET /submissions/{id}: one submission with every answer, for its student, its teacher or the
 * school's admin. Teachers and admins also see the AI's own marks, the doubts and the review history.
 */
export async function getSubmissionDetails(
  db: TDb,
  user: TAccessClaims,
  submissionId: string,
): Promise<TSubmission> {
  const row = await queries.findSubmission(db, schoolOf(user), submissionId);
  if (!row) throw submissionNotFound();
  const reviewer = canReviewSubmission(user, row);
  if (!reviewer && !canActOnSubmission(user, row)) throw submissionNotFound();
  const answers = await queries.selectAnswersOf(db, row.schoolId, [row.id]);
  if (!reviewer) return presentSubmission(row, answers);
  const history = await queries.selectReviewHistory(
    db,
    row.schoolId,
    answers.map((a) => a.id),
  );
  return presentSubmission(row, answers, 'reviewer', history, await cropsOf(db, row, answers));
}

/** Each scanned answer's kept image (issue 28), by answer id. */
async function cropsOf(
  db: TDb,
  row: Pick<queries.TSubmissionRow, 'id' | 'schoolId'>,
  answers: queries.TAnswerRow[],
): Promise<Map<string, string>> {
  if (!answers.some((a) => a.answerSource === 'scan')) return new Map();
  const crops = await selectSubmissionCrops(db, row.schoolId, [row.id]);
  const out = new Map<string, string>();
  for (const a of answers) {
    const id = cropIdOf(crops, a);
    if (id) out.set(a.id, id);
  }
  return out;
}

/**
 * PUT /submissions/{id}/answers/{answerId}/text (issue 28): the teacher, beside the scan, corrects
 * the text read from a scanned answer; the answer is marked again under its rubric (as a re-mark,
 * through the marking queue) and the correction is in the audit log. Only a scanned answer (400),
 * marked (409) and not yet reviewed (409: a reviewed mark is the teacher's; they change it instead).
 */
export async function correctAnswerText(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { submissionId: string; answerId: string },
  input: { text: string },
): Promise<{ submissionId: string; status: queries.TSubmissionStatus }> {
  const row = await requireReviewable(ctx.db, user, params.submissionId);
  const text = stripUnstorableCharacters(input.text).trim();
  if (text === '') {
    throw new AppError('VALIDATION', MESSAGES.review.textEmpty, { field: 'text' });
  }
  const answers = await queries.selectAnswersOf(ctx.db, row.schoolId, [row.id]);
  const answer = answers.find((a) => a.id === params.answerId);
  if (!answer) throw answerNotFound();
  if (answer.answerSource !== 'scan') {
    throw new AppError('VALIDATION', MESSAGES.review.textNotScanned, { field: 'text' });
  }
  if (answer.reviewedAt !== null) throw new AppError('CONFLICT', MESSAGES.review.textReviewed);
  if (row.status !== 'marked') throw new AppError('CONFLICT', MESSAGES.review.notMarked);
  if (answer.answer.trim() === text) {
    throw new AppError('VALIDATION', MESSAGES.review.textUnchanged, { field: 'text' });
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const target = await queries.lockAnswerForReview(tx, row.schoolId, row.id, answer.id);
    if (target?.status !== 'marked' || target.reviewedAt !== null) {
      throw new AppError('CONFLICT', MESSAGES.review.textReviewed);
    }
    const reopened = await queries.reopenWithText(tx, {
      schoolId: row.schoolId,
      submissionId: row.id,
      answerId: answer.id,
      text,
      now,
    });
    if (!reopened) throw new AppError('CONFLICT', MESSAGES.review.textReviewed);
    await recordAudit(tx, {
      schoolId: row.schoolId,
      actorId: user.userId,
      action: 'marks.remarked',
      targetType: 'answer',
      targetId: answer.id,
      // Never the text itself: audit records hold no answers.
      after: { submissionId: row.id, questionId: answer.questionId, why: 'text', answers: 1 },
    });
  });
  try {
    await enqueueMarking(ctx.queue, row.id, { kind: 'remark', at: now });
  } catch (err) {
    // The work is saved as pending: the recovery sweep queues it again later.
    ctx.logger.error(
      { err, submissionId: row.id },
      'could not queue a re-mark; recovery will retry',
    );
  }
  return { submissionId: row.id, status: 'pending' };
}

/** The submission if the caller may review its marks (its teacher, the school's admin); else 404. */
async function requireReviewable(
  db: TDb,
  user: TAccessClaims,
  submissionId: string,
): Promise<queries.TSubmissionRow> {
  const row = await queries.findSubmission(db, schoolOf(user), submissionId);
  if (!row || !canReviewSubmission(user, row)) throw submissionNotFound();
  return row;
}

/** An override's comment left out (undefined) keeps the teacher's comment as it is (issue 27). */
export type TReviewChange =
  { action: 'accept' } | { action: 'override'; score: number; comment: string | null | undefined };

/**
 * One review of an answer's mark, inside the caller's transaction, which it locks the answer in: the
 * teacher's own score and comment ('override'), or the AI's mark kept ('accept'). The history row,
 * the submission's new total and its place in the review queue are written with it. Also the path of
 * a re-mark reply's new mark (issue 27). Returns the score before and after.
 */
export async function applyReview(
  tx: TDb,
  row: Pick<queries.TSubmissionRow, 'id' | 'schoolId'>,
  actorId: string,
  answerId: string,
  change: TReviewChange,
  now: Date,
  options: {
    /**
     * A mark a teacher reviewed already may change while its submission is being marked again (a
     * re-mark of its other answers): the marking job never writes over a reviewed mark and adds the
     * submission's total up again when it ends. For the teacher's own items (`rubric-items`).
     */
    reviewedWhileMarking?: boolean;
  } = {},
): Promise<{ scoreBefore: number; scoreAfter: number; marks: number }> {
  const target = await queries.lockAnswerForReview(tx, row.schoolId, row.id, answerId);
  if (!target) throw answerNotFound();
  const markedNow =
    target.status === 'marked' ||
    (options.reviewedWhileMarking === true && target.reviewedAt !== null);
  if (!markedNow || target.score === null) {
    throw new AppError('CONFLICT', MESSAGES.review.notMarked);
  }
  const scoreBefore = target.score;
  if (change.action === 'override' && change.comment === undefined) {
    change = { ...change, comment: target.teacherFeedback };
  }
  const result = {
    scoreBefore,
    scoreAfter: change.action === 'override' ? change.score : scoreBefore,
    marks: target.marks,
  };
  if (change.action === 'override' && !scoreWithinMarks(change.score, target.marks)) {
    throw new AppError('VALIDATION', MESSAGES.review.scoreOutOfRange(target.marks), {
      field: 'score',
    });
  }
  // Reviewed already and nothing changes (A pressed again, the same mark saved twice): no second
  // history line, and the first review's date stands.
  const unchanged =
    target.reviewedAt !== null &&
    (change.action === 'accept' ||
      (change.score === target.score && change.comment === target.teacherFeedback));
  if (unchanged) return result;
  // The mark saved as it stands (a digit key equal to the AI's mark): the AI's mark is kept, and
  // the answer is not 'changed by a teacher' for the student or the analytics.
  const keeps =
    change.action === 'override' &&
    change.score === target.score &&
    change.comment === target.teacherFeedback;
  const action = keeps ? 'accept' : change.action;
  await queries.writeAnswerReview(tx, {
    schoolId: row.schoolId,
    target,
    actorId,
    now,
    action,
    score: change.action === 'override' ? change.score : null,
    comment: change.action === 'override' ? (change.comment ?? null) : null,
  });
  await queries.recomputeSubmission(tx, row.id, now);
  return result;
}

/** One review of an answer's mark (applyReview in its own transaction), and the answer after it. */
async function reviewAnswer(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { submissionId: string; answerId: string },
  change: TReviewChange,
): Promise<TAnswerReviewResponse['data']> {
  const row = await requireReviewable(ctx.db, user, params.submissionId);
  const now = ctx.now();
  await ctx.db.transaction((tx) => applyReview(tx, row, user.userId, params.answerId, change, now));
  await closeScanBatches(ctx, [row.id]);
  const fresh = (await queries.findSubmission(ctx.db, row.schoolId, row.id)) ?? row;
  const answers = await queries.selectAnswersOf(ctx.db, row.schoolId, [row.id]);
  const answer = answers.find((a) => a.id === params.answerId);
  if (!answer) throw answerNotFound();
  const history = await queries.selectReviewHistory(ctx.db, row.schoolId, [answer.id]);
  return {
    answer: presentAnswer(answer, 'reviewer', history),
    totalScore: fresh.totalScore,
    reviewDoubt: fresh.reviewDoubt,
  };
}

const answerNotFound = () => new AppError('NOT_FOUND', MESSAGES.submissions.notFound);

/**
 * PATCH /submissions/{id}/answers/{answerId}: the teacher's (or the school admin's) own score, within
 * 0..the question's marks, and comment; the AI's mark and comment are kept beside them.
 */
export function overrideAnswer(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { submissionId: string; answerId: string },
  input: TOverrideAnswerRequest,
): Promise<TAnswerReviewResponse['data']> {
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  return reviewAnswer(ctx, user, params, { action: 'override', score: input.score, comment });
}

/** POST /submissions/{id}/answers/{answerId}/reviewed: the mark is right as it stands. */
export function acceptAnswer(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { submissionId: string; answerId: string },
): Promise<TAnswerReviewResponse['data']> {
  return reviewAnswer(ctx, user, params, { action: 'accept' });
}

/**
 * Many answers given a teacher's mark at once (issue 27, a group of similar answers marked at once):
 * each as PATCH /submissions/{id}/answers/{answerId} would (applyReview: history, total, review
 * queue and holds), all in one transaction. The submissions are read in one statement and must all
 * be the user's to review, else 404 and nothing is saved. Returns each answer's mark before and after.
 */
export async function overrideAnswersTogether(
  ctx: TAppContext,
  user: TAccessClaims,
  items: readonly {
    submissionId: string;
    answerId: string;
    score: number;
    comment: string | null;
  }[],
): Promise<{ answerId: string; scoreBefore: number; scoreAfter: number }[]> {
  const schoolId = schoolOf(user);
  const rows = await queries.findSubmissions(ctx.db, schoolId, [
    ...new Set(items.map((i) => i.submissionId)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const targets = items.map((item) => {
    const row = byId.get(item.submissionId);
    if (!row || !canReviewSubmission(user, row)) throw submissionNotFound();
    return { item, row };
  });
  const now = ctx.now();
  return ctx.db
    .transaction(async (tx) => {
      const out: { answerId: string; scoreBefore: number; scoreAfter: number }[] = [];
      for (const { item, row } of targets) {
        const change = { action: 'override' as const, score: item.score, comment: item.comment };
        const result = await applyReview(tx, row, user.userId, item.answerId, change, now);
        out.push({ answerId: item.answerId, ...result });
      }
      return out;
    })
    .then(async (out) => {
      await closeScanBatches(
        ctx,
        rows.map((r) => r.id),
      );
      return out;
    });
}

/**
 * After a review: a scan batch whose last unsure answer this was is closed, and its kept images
 * deleted (issue 28). Never fails the review (housekeeping deletes them on its next round).
 */
export async function closeScanBatches(
  ctx: Pick<TAppContext, 'db' | 'now' | 'logger'>,
  submissionIds: string[],
): Promise<void> {
  try {
    const batches: string[] = [];
    for (const id of submissionIds) batches.push(...(await batchesOfSubmission(ctx.db, id)));
    if (batches.length > 0) await deleteImagesIfClosed(ctx.db, batches, ctx.now());
  } catch (err) {
    ctx.logger.error({ err }, 'could not delete the scan images of a closed batch');
  }
}

/**
 * GET /submissions/agreement: per question, how often the AI's mark stood when a teacher reviewed it.
 * A teacher sees their own list's answers; the school's admin the whole school's.
 */
export async function getAgreement(
  db: TDb,
  user: TAccessClaims,
  query: { classId?: string | undefined },
): Promise<TQuestionAgreement[]> {
  const schoolId = schoolOf(user);
  return queries.selectAgreement(db, {
    schoolId,
    teacherId: user.role === 'admin' ? null : user.userId,
    classId: query.classId ?? null,
  });
}

/**
 * The submission if the caller may read it: whoever may act on it, and the admin of its school (who
 * sees all the school's submissions, spec 02 §6, but marks none).
 */
export async function requireViewable(
  db: TDb,
  user: TAccessClaims,
  submissionId: string,
): Promise<queries.TSubmissionRow> {
  const row = await queries.findSubmission(db, schoolOf(user), submissionId);
  if (!row || !canViewSubmission(user, row)) throw submissionNotFound();
  return row;
}

/** The submission if the caller may act on it (its student, its class's teacher, its uploader). */
async function requireActionable(
  db: TDb,
  user: TAccessClaims,
  submissionId: string,
): Promise<queries.TSubmissionRow> {
  const row = await queries.findSubmission(db, schoolOf(user), submissionId);
  if (!row || !canActOnSubmission(user, row)) throw submissionNotFound();
  return row;
}

/**
 * Queues a marking for a pending submission, and a recovery job too when nobody is marking it and
 * nothing happened to it for a lease's length (its job was lost). Duplicates are harmless.
 */
async function ensureMarkingQueued(ctx: TAppContext, row: queries.TSubmissionRow): Promise<void> {
  await startMarking(ctx, row.id);
  const leaseMs = markingLeaseMs(ctx.config);
  const now = ctx.now().getTime();
  const leaseLive = row.markingStartedAt !== null && now - row.markingStartedAt.getTime() < leaseMs;
  if (!leaseLive && now - row.updatedAt.getTime() >= leaseMs) {
    await enqueueMarking(ctx.queue, row.id, {
      kind: 'recover',
      markingAttempts: row.markingAttempts,
    }).catch((err: unknown) => ctx.logger.error({ err }, 'could not queue marking recovery'));
  }
}

/**
 * POST /submissions/{id}/retry-marking: a failed submission goes back to pending and is queued
 * again. A pending one is simply (re)queued; a marked one is 409.
 */
export async function retryMarking(
  ctx: TAppContext,
  user: TAccessClaims,
  submissionId: string,
): Promise<{ id: string; status: queries.TSubmissionStatus }> {
  const row = await requireActionable(ctx.db, user, submissionId);
  if (row.status === 'marked') throw new AppError('CONFLICT', MESSAGES.submissions.notFailed);
  if (row.status === 'pending') {
    await ensureMarkingQueued(ctx, row);
    return { id: row.id, status: 'pending' };
  }
  const reopened = await queries.reopenFailedSubmission(ctx.db, row.schoolId, row.id, ctx.now());
  if (reopened) {
    await enqueueMarking(ctx.queue, row.id, {
      kind: 'retry',
      markingAttempts: reopened.markingAttempts,
    });
  }
  return { id: row.id, status: 'pending' };
}

/**
 * Whether the mark call's class id names the submission's class. Once that class is deleted the
 * submission keeps no class id (spec 02 §3: classId becomes null), so any id that names no class of
 * the school is taken as the deleted one: its student still gets the marks. An existing class that
 * is not the submission's is refused, as before.
 */
async function namesSubmissionClass(
  db: TDb,
  row: queries.TSubmissionRow,
  classId: string,
): Promise<boolean> {
  if (row.classId !== null) return row.classId === classId;
  return !(await queries.classExists(db, row.schoolId, classId));
}

/**
 * POST /api/student/submissions/mark/{classId}/{submissionId} (spec 02 §4: opening a pending
 * submission triggers one marking request). Never marks by itself: it makes sure the job is queued and
 * waits for it (up to MARK_WAIT_MS), so a mark call racing the job can never mark twice. 200 with the
 * marks (or with status "failed" and the reason), 202 with status "pending" when the wait ran out.
 */
export async function requestMarks(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { classId: string; submissionId: string },
): Promise<{ statusCode: 200 | 202; body: TMarkResponse }> {
  let row = await requireActionable(ctx.db, user, params.submissionId);
  if (!(await namesSubmissionClass(ctx.db, row, params.classId))) throw submissionNotFound();
  if (row.status === 'pending') {
    await ensureMarkingQueued(ctx, row);
    const deadline = Date.now() + ctx.config.jobs.markWaitMs;
    while (row.status === 'pending' && Date.now() < deadline) {
      await sleep(Math.min(MARK_POLL_MS, Math.max(0, deadline - Date.now())));
      row = (await queries.findSubmission(ctx.db, row.schoolId, row.id)) ?? row;
    }
  }
  const answers = await queries.selectAnswersOf(ctx.db, row.schoolId, [row.id]);
  return {
    statusCode: row.status === 'pending' ? 202 : 200,
    body: presentMarkResult(row, answers, user.role === 'student' ? 'student' : 'reviewer'),
  };
}

/** One batch of a list as the CSV export writes it: submissions, their answers, students' e-mails. */
export type TExportBatch = {
  submissions: queries.TSubmissionSummaryRow[];
  answers: queries.TExportAnswerRow[];
  /** Student id → e-mail (issue 29: every export names the student by e-mail and id). */
  emails: Map<string, string>;
};

/**
 * Every submission of the teacher's list (or, for the school's admin, of the school's: `scope`
 * 'school') that the list's filter and search keep, in the list's order, in batches read by keyset
 * (one index range each), so an export of any size holds only one batch in memory.
 */
export async function* teacherSubmissionBatches(
  db: TDb,
  user: TAccessClaims,
  query: Omit<TSubmissionListQuery, 'cursor' | 'limit'>,
  batchSize = 500,
  scope: 'teacher' | 'school' = 'teacher',
): AsyncGenerator<TExportBatch> {
  const schoolId = schoolOf(user);
  const owner: queries.TListOwner = { kind: scope, schoolId, userId: user.userId };
  const filter: queries.TListFilter = {
    sort: query.sort ?? 'recent',
    flag: query.flag ?? 'all',
    review: query.review ?? 'all',
    q: (query.q ?? '').toLowerCase(),
  };
  let cursor: string | undefined;
  do {
    const page = await queries.selectSubmissionPage(db, owner, filter, {
      cursor,
      limit: batchSize,
    });
    if (page.rows.length === 0) return;
    const [answers, emails] = await Promise.all([
      queries.selectAnswersForExport(
        db,
        schoolId,
        page.rows.map((r) => r.id),
      ),
      queries.selectStudentEmails(db, schoolId, [...new Set(page.rows.map((r) => r.studentId))]),
    ]);
    yield { submissions: page.rows, answers, emails };
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
