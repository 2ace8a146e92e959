import type { TAccountExport, TDeleteAccountResponse } from '@stem/contract/account';
import { MESSAGES } from '@stem/contract/messages';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { verifyAgainstDummy, verifyPassword } from '../auth/auth.passwords';
import * as q from './account.queries';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Everything held about the signed-in person, as one JSON document (their right of access). */
export async function exportAccount(ctx: TAppContext, me: TAccessClaims): Promise<TAccountExport> {
  const account = await q.selectAccount(ctx.db, me.userId);
  if (!account) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
  const [enrolled, taught, questions, own, activity, saved] = await Promise.all([
    q.selectEnrolledClassNames(ctx.db, me.userId),
    q.selectTaughtClassNames(ctx.db, me.userId),
    q.selectOwnQuestions(ctx.db, me.userId),
    q.selectOwnSubmissions(ctx.db, me.userId),
    q.selectOwnActivity(ctx.db, me.userId),
    q.selectOwnSavedComments(ctx.db, me.userId),
  ]);
  const answersBySubmission = new Map<string, TAccountExport['submissions'][number]['answers']>();
  for (const a of own.answers) {
    const list = answersBySubmission.get(a.submissionId) ?? [];
    const regradeRequest =
      a.regradeReason !== null && a.regradeStatus !== null && a.regradeAt !== null
        ? {
            regradeRequest: {
              reason: a.regradeReason,
              status: a.regradeStatus,
              createdAt: iso(a.regradeAt),
              reply: a.regradeReply,
            },
          }
        : {};
    // A mark the teacher holds until review is not the student's yet (issue 18); a teacher's own
    // export holds no submissions.
    list.push(
      a.feedbackHeld
        ? {
            question: a.question,
            marks: a.marks,
            answer: a.answer,
            score: null,
            feedback: null,
            teacherComment: null,
            markedBy: null,
            heldForReview: true,
          }
        : {
            question: a.question,
            marks: a.marks,
            answer: a.answer,
            score: a.score,
            feedback: a.feedback ?? null,
            teacherComment: a.teacherComment,
            markedBy: a.markedBy,
            ...regradeRequest,
          },
    );
    answersBySubmission.set(a.submissionId, list);
  }
  return {
    exportedAt: ctx.now().toISOString(),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      permissions: account.permissions,
      school: account.school,
      createdAt: iso(account.createdAt),
      lastLoginAt: account.lastLoginAt ? iso(account.lastLoginAt) : null,
    },
    classes: [
      ...enrolled.map((name) => ({ name, as: 'student' as const })),
      ...taught.map((name) => ({ name, as: 'teacher' as const })),
    ],
    questions: questions.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    savedComments: saved.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    submissions: own.subs.map((s) => ({
      class: s.className,
      submittedAt: iso(s.submittedAt),
      status: s.status,
      totalScore: s.feedbackHeld ? null : s.totalScore,
      totalMarks: s.totalMarks,
      answers: answersBySubmission.get(s.id) ?? [],
    })),
    activity: activity.map((a) => ({ action: a.action, targetType: a.targetType, at: iso(a.at) })),
  };
}

/**
 * Deletes the signed-in student's or teacher's account at once, after their password: their
 * submissions (scores, feedback) and class memberships go with it, in one transaction. A teacher must
 * first hand over or delete their classes and questions; admins are removed by the owner; the owner
 * cannot delete itself. Payment records are kept (they are not linked to a person).
 */
export async function deleteOwnAccount(
  ctx: TAppContext,
  me: TAccessClaims,
  password: string,
): Promise<TDeleteAccountResponse> {
  if (me.role === 'owner') throw new AppError('FORBIDDEN', MESSAGES.account.ownerAccount);
  if (me.role === 'admin') throw new AppError('FORBIDDEN', MESSAGES.account.adminAccount);
  const account = await q.selectAccount(ctx.db, me.userId);
  if (!account) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
  if (!account.passwordHash) {
    await verifyAgainstDummy(password);
    throw new AppError('VALIDATION', MESSAGES.account.noPassword, { field: 'password' });
  }
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw new AppError('VALIDATION', MESSAGES.account.wrongPassword, { field: 'password' });
  }
  const removed = await ctx.db.transaction(async (tx) => {
    const owned = await q.countOwnedWork(tx, me.userId);
    if (owned.classes > 0 || owned.questions > 0) {
      throw new AppError('CONFLICT', MESSAGES.account.teacherOwnsWork);
    }
    const counts = await q.deleteAccountRows(tx, me.userId);
    await recordAudit(tx, {
      schoolId: account.schoolId,
      actorId: null,
      action: 'user.deleted',
      targetType: 'user',
      targetId: me.userId,
      before: { role: account.role, by: 'themselves' },
      after: null,
    });
    return counts;
  });
  await ctx.accountStates.forgetUsers([me.userId]);
  ctx.logger.info({ userId: me.userId, removed }, 'account deleted by its owner');
  return { success: true, message: MESSAGES.account.deleted, removed };
}
