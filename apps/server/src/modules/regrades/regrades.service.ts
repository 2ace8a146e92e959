import { MESSAGES } from '@stem/contract/messages';
import {
  MAX_REGRADE_REASON,
  type TRegradeListResponse,
  type TRegradeReplyBody,
  type TRegradeRequest,
  type TRegradeRequestBody,
  type TSubmissionRegrades,
} from '@stem/contract/regrades';
import type { TMailMessage } from '../../adapters/mail/port';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { canReviewSubmission, canViewSubmission } from '../submissions/submissions.policy';
import { findSubmission, type TSubmissionRow } from '../submissions/submissions.queries';
import { applyReview } from '../submissions/submissions.service';
import {
  regradeDeadline,
  regradeRefusal,
  replyIsEmpty,
  type TRegradeRefusal,
  type TRegradeSubject,
} from './regrades.policy';
import { presentRegrade } from './regrades.presenter';
import * as queries from './regrades.queries';

const M = MESSAGES.regrades;
const submissionNotFound = () => new AppError('NOT_FOUND', MESSAGES.submissions.notFound);
const requestNotFound = () => new AppError('NOT_FOUND', M.notFound);

const REFUSALS: Record<TRegradeRefusal, () => AppError> = {
  'not-visible': () => new AppError('CONFLICT', M.notVisible),
  already: () => new AppError('CONFLICT', M.already),
  closed: () => new AppError('FORBIDDEN', M.closed),
};

function subjectOf(row: TSubmissionRow, answer: queries.TRegradeAnswerRow): TRegradeSubject {
  return {
    status: row.status,
    score: answer.score,
    feedbackHeld: answer.feedbackHeld,
    markedAt: row.markedAt,
    reviewedAt: answer.reviewedAt,
    releasedAt: answer.releasedAt,
    teacherDeadline: answer.teacherDeadline,
  };
}

/** The submission if the caller may read it (its student, teacher or the school's admin); else 404. */
async function requireReadable(
  db: TDb,
  user: TAccessClaims,
  submissionId: string,
): Promise<TSubmissionRow> {
  const row = user.schoolId ? await findSubmission(db, user.schoolId, submissionId) : null;
  if (!row || !canViewSubmission(user, row)) throw submissionNotFound();
  return row;
}

/**
 * POST /submissions/{id}/answers/{answerId}/regrade-request: the student asks once for a re-mark of
 * an answer of their own whose mark they can see, with a reason, until the deadline. Another
 * student's or another school's answer is 404, as a missing one.
 */
export async function requestRegrade(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { id: string; answerId: string },
  input: TRegradeRequestBody,
): Promise<TRegradeRequest> {
  const row = await requireReadable(ctx.db, user, params.id);
  if (row.studentId !== user.userId) throw submissionNotFound();
  const reason = input.reason.trim();
  if (reason.length > MAX_REGRADE_REASON) {
    throw new AppError('VALIDATION', M.reasonTooLong(MAX_REGRADE_REASON), { field: 'reason' });
  }
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    await queries.lockAnswer(tx, params.answerId);
    const answers = await queries.selectRegradeAnswers(tx, row.schoolId, row.id);
    const answer = answers.find((a) => a.id === params.answerId);
    if (!answer) throw submissionNotFound();
    const refusal = regradeRefusal(
      subjectOf(row, answer),
      await queries.answerHasRequest(tx, answer.id),
      now,
    );
    if (refusal) throw REFUSALS[refusal]();
    const requestId = await queries.insertRequest(tx, {
      schoolId: row.schoolId,
      answerId: answer.id,
      submissionId: row.id,
      studentId: row.studentId,
      teacherId: row.teacherId ?? row.classTeacherId ?? null,
      reason,
      scoreBefore: answer.score,
      now,
    });
    await recordAudit(tx, {
      schoolId: row.schoolId,
      actorId: user.userId,
      action: 'regrade.requested',
      targetType: 'answer',
      targetId: answer.id,
      after: { requestId, score: answer.score },
    });
    return requestId;
  });
  const created = await queries.findRegrade(ctx.db, row.schoolId, id);
  if (!created) throw requestNotFound();
  return presentRegrade(created, 'student');
}

/**
 * GET /submissions/{id}/regrade-requests: the submission's re-mark requests and, per answer, whether
 * its student may ask now and until when.
 */
export async function getSubmissionRegrades(
  db: TDb,
  user: TAccessClaims,
  submissionId: string,
  now: Date,
): Promise<TSubmissionRegrades['data']> {
  const row = await requireReadable(db, user, submissionId);
  const [answers, requests] = await Promise.all([
    queries.selectRegradeAnswers(db, row.schoolId, row.id),
    queries.selectSubmissionRegrades(db, row.schoolId, row.id),
  ]);
  const asked = new Set(requests.map((r) => r.answerId));
  const student = user.role === 'student';
  return {
    requests: requests.map((r) => presentRegrade(r, student ? 'student' : 'teacher')),
    answers: answers.map((a) => {
      const subject = subjectOf(row, a);
      // A student reads no deadline of a mark they cannot see yet.
      const visible = !(student && a.feedbackHeld);
      const deadline = visible ? regradeDeadline(subject) : null;
      return {
        answerId: a.id,
        canRequest: student && regradeRefusal(subject, asked.has(a.id), now) === null,
        deadline: deadline ? deadline.toISOString() : null,
      };
    }),
  };
}

/** GET /regrade-requests: the teacher's requests, open ones first, and how many are open. */
export async function listRegrades(
  db: TDb,
  user: TAccessClaims,
  query: { status?: 'open' | 'all' | undefined },
): Promise<Omit<TRegradeListResponse, 'success'>> {
  if (!user.schoolId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  const [rows, open] = await Promise.all([
    queries.selectTeacherRegrades(db, user.schoolId, user.userId, query.status === 'all'),
    queries.countOpenRegrades(db, user.schoolId, user.userId),
  ]);
  return { data: rows.map((r) => presentRegrade(r, 'teacher')), counts: { open } };
}

function replyMail(
  ctx: TAppContext,
  request: queries.TRegradeRow,
  scoreAfter: number,
  reply: string | null,
): TMailMessage {
  const link = `${ctx.config.appUrl}/my-submissions/${request.submissionId}`;
  const lines = [
    M.mailBody(request.studentName, request.question),
    M.mailMark(request.scoreBefore ?? scoreAfter, scoreAfter, request.marks),
    ...(reply ? [M.mailReply(reply)] : []),
    `${M.mailLink} ${link}`,
  ];
  const text = lines.join('\n\n');
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = lines
    .slice(0, -1)
    .map((l) => `<p>${escape(l).replace(/\n/g, '<br>')}</p>`)
    .concat(`<p>${escape(M.mailLink)} <a href="${escape(link)}">${escape(link)}</a></p>`)
    .join('\n');
  return { to: request.studentEmail, subject: M.mailSubject, text, html, link };
}

/**
 * POST /regrade-requests/{requestId}/reply: the submission's teacher (or the school's admin) answers
 * an open request with a comment, a new mark, or both, once. A new mark goes through the review path
 * (history row, total, review queue); the reply is the student's alone (never the answer's comment,
 * which the marker may learn from). The student is told by e-mail and on the page.
 */
export async function replyToRegrade(
  ctx: TAppContext,
  user: TAccessClaims,
  requestId: string,
  input: TRegradeReplyBody,
): Promise<TRegradeRequest> {
  if (!user.schoolId) throw requestNotFound();
  const request = await queries.findRegrade(ctx.db, user.schoolId, requestId);
  if (!request) throw requestNotFound();
  const row = await findSubmission(ctx.db, request.schoolId, request.submissionId);
  if (!row || !canReviewSubmission(user, row)) throw requestNotFound();
  if (replyIsEmpty(input)) throw new AppError('VALIDATION', M.replyRequired, { field: 'reply' });
  if (request.status !== 'open') throw new AppError('CONFLICT', M.alreadyAnswered);
  const reply = input.reply?.trim() ? input.reply.trim() : null;
  const now = ctx.now();
  const scoreAfter = await ctx.db.transaction(async (tx) => {
    const outcome =
      input.score === undefined
        ? null
        : await applyReview(
            tx,
            row,
            user.userId,
            request.answerId,
            // The answer's comment to the student stays as it was: the reply is said apart.
            {
              action: 'override',
              score: input.score,
              comment: await queries.selectAnswerComment(tx, request.answerId),
            },
            now,
          );
    const after = outcome?.scoreAfter ?? request.score ?? 0;
    const answered = await queries.markAnswered(tx, {
      requestId: request.id,
      actorId: user.userId,
      reply,
      scoreAfter: after,
      now,
    });
    if (!answered) throw new AppError('CONFLICT', M.alreadyAnswered);
    await recordAudit(tx, {
      schoolId: request.schoolId,
      actorId: user.userId,
      action: 'regrade.answered',
      targetType: 'answer',
      targetId: request.answerId,
      before: { requestId: request.id, score: request.score },
      after: { requestId: request.id, score: after, replied: reply !== null },
    });
    return after;
  });
  try {
    await ctx.mailer.send(replyMail(ctx, request, scoreAfter, reply));
  } catch (err) {
    // The reply stands and the student sees it on the page; the log names the mail, not the person.
    ctx.logger.error({ err, subject: M.mailSubject }, 'mail delivery failed');
  }
  const fresh = await queries.findRegrade(ctx.db, request.schoolId, request.id);
  if (!fresh) throw requestNotFound();
  return presentRegrade(fresh, 'teacher');
}
