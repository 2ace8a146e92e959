import { MESSAGES } from '@stem/contract/messages';
import type {
  TLtiClassLinksResponse,
  TLtiRosterResponse,
  TLtiScoreOutcome,
  TLtiScoresResponse,
} from '@stem/contract/lti';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { findClassTest, latestMarks } from '../class-tests/class-tests.service';
import { decideRows, type TDecidedRow } from '../roster/roster.policy';
import {
  assertFits,
  createPeople,
  factsFor,
  limitsFor,
  requireSchool,
} from '../roster/roster.service';
import type { TRawRosterRow } from '../roster/roster.csv';
import {
  fetchMembers,
  LTI_SCOPE,
  LtiServiceError,
  postScore,
  requestAccessToken,
  type TMember,
} from './lti.client';
import { toolKey } from './lti.keys';
import { identityProvider } from './lti.platforms.service';
import * as queries from './lti.queries';

/**
 * A teacher's LMS actions on a class (issue 29): the linked courses and their gradebook columns,
 * the course's learners brought in (Names and Role Provisioning Services), and a question's marks
 * (or a test's totals) sent to its column (Assignment and Grade Services).
 */

const M = MESSAGES.lti;

/** The teacher's own class, else 404 (another's or another school's is not told apart). */
async function ownClass(ctx: TAppContext, user: TAccessClaims, classId: string) {
  const cls = await queries.findClass(ctx.db, classId);
  if (!cls || cls.teacherId !== user.userId || cls.schoolId !== user.schoolId) {
    throw new AppError('NOT_FOUND', M.classNotFound);
  }
  return cls;
}

function serviceRefusal(err: unknown): AppError {
  if (err instanceof LtiServiceError) {
    return err.status === null
      ? new AppError('UNAVAILABLE', M.serviceUnreachable)
      : new AppError('BAD_GATEWAY', M.serviceFailed(String(err.status)));
  }
  throw err;
}

/** GET /lti/classes/{classId}: the class's courses, columns and last outcomes per student. */
export async function classLinks(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
): Promise<TLtiClassLinksResponse> {
  await ownClass(ctx, user, classId);
  const contexts = await queries.selectClassContexts(ctx.db, classId);
  const lineItems = await queries.selectLineItems(ctx.db, classId);
  const sends = await queries.selectScoreSends(
    ctx.db,
    lineItems.map((l) => l.lineItem.id),
  );
  const names = new Map(
    (await queries.selectClassStudents(ctx.db, classId)).map((s) => [s.id, s.name]),
  );
  return {
    success: true,
    courses: contexts.map(({ context, platform }) => ({
      id: context.id,
      title: context.title,
      platformName: platform.name,
      hasRosterService: context.membershipsUrl !== null,
      lineItems: lineItems
        .filter((l) => l.context.id === context.id)
        .map((l) => ({
          id: l.lineItem.id,
          questionId: l.lineItem.questionId,
          testId: l.lineItem.testId,
          question: l.question,
          outcomes: sends
            .filter((s) => s.lineItemId === l.lineItem.id)
            .map((s) => ({
              studentId: s.studentId,
              studentName: names.get(s.studentId) ?? '',
              status: s.status,
              scoreGiven: s.scoreGiven,
              scoreMaximum: s.scoreMaximum,
              detail: s.detail,
              sentAt: s.sentAt.toISOString(),
            }))
            .sort((a, b) => a.studentName.localeCompare(b.studentName)),
        })),
    })),
  };
}

const isLearner = (m: TMember) =>
  m.roles.some((r) => r.endsWith('#Learner') || r.endsWith('#Student')) &&
  m.status.toLowerCase() !== 'inactive' &&
  m.status.toLowerCase() !== 'deleted';

/**
 * POST /lti/classes/{classId}/roster: asks each linked course for its members (a client-credentials
 * token with the memberships scope), then brings its learners in as the roster import does: the same
 * row rules (an e-mail of another school is refused, one already here is kept), the plan's limits
 * (past them nothing is written), accounts made in batches, students placed in the class. New people
 * get no invitation mail: they sign in from the LMS. Each learner's LMS identity is linked, so its
 * marks can be sent back.
 */
export async function importLmsRoster(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
): Promise<TLtiRosterResponse> {
  const cls = await ownClass(ctx, user, classId);
  const contexts = (await queries.selectClassContexts(ctx.db, classId)).filter(
    (c) => c.context.membershipsUrl,
  );
  if (contexts.length === 0) throw new AppError('CONFLICT', M.rosterNoService);
  const key = await toolKey(ctx);
  const skipped: { name: string; reason: string }[] = [];
  const learners: { platformId: string; platformSchool: string; member: TMember }[] = [];
  for (const { context, platform } of contexts) {
    let members: TMember[];
    try {
      const token = await requestAccessToken(key, platform, [LTI_SCOPE.memberships], ctx.now());
      members = await fetchMembers(context.membershipsUrl ?? '', token);
    } catch (err) {
      ctx.logger.warn({ platform: platform.id, reason: String(err) }, 'lti roster refused');
      throw serviceRefusal(err);
    }
    for (const member of members.filter(isLearner)) {
      if (!member.email) {
        skipped.push({ name: member.name || member.userId, reason: M.rosterNoEmail });
        continue;
      }
      learners.push({ platformId: platform.id, platformSchool: platform.schoolId, member });
    }
  }
  const now = ctx.now();
  const schoolId = cls.schoolId;
  const result = await ctx.db.transaction(async (tx) => {
    const school = await requireSchool(tx, schoolId, { lock: true });
    const raw: TRawRosterRow[] = learners.map((l, index) => ({
      row: index + 1,
      name: l.member.name || (l.member.email ?? ''),
      email: l.member.email ?? '',
      role: 'student',
      className: '',
      yearGroup: '',
    }));
    const facts = await factsFor(tx, schoolId, raw);
    const places = new Set((await queries.selectClassStudents(tx, classId)).map((s) => s.id));
    const decided: TDecidedRow[] = decideRows(raw, facts).map((row) => {
      if (row.outcome === 'error' || row.roleValue !== 'student') return row;
      const placeInClass = row.userId === null || !places.has(row.userId);
      return { ...row, classId, placeInClass };
    });
    assertFits(school, await limitsFor(tx, school, decided), now);
    const { placed, made } = await createPeople(tx, school, decided, now, { invite: false });
    const idOf = new Map(made.map((m) => [m.email, m.id]));
    const identities = decided.flatMap((row, index) => {
      const learner = learners[index];
      const userId = row.userId ?? idOf.get(row.email);
      if (row.outcome === 'error') {
        skipped.push({ name: row.name, reason: row.reason ?? '' });
        return [];
      }
      return learner && userId
        ? [
            {
              userId,
              provider: identityProvider(learner.platformId),
              subject: learner.member.userId,
              email: row.email,
            },
          ]
        : [];
    });
    await queries.insertIdentities(tx, identities);
    const counts = {
      created: made.length,
      existing: decided.filter((r) => r.outcome === 'existing').length,
      placed,
    };
    await recordAudit(tx, {
      schoolId,
      actorId: user.userId,
      action: 'lti.roster-imported',
      targetType: 'class',
      targetId: classId,
      after: { ...counts, skipped: skipped.length },
    });
    return counts;
  });
  return {
    success: true,
    message: M.rosterImported(result.created, result.placed, skipped.length),
    ...result,
    skipped,
  };
}

/**
 * POST /lti/classes/{classId}/questions/{questionId}/scores: the question's marks to its columns.
 */
export async function sendScores(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
  questionId: string,
): Promise<TLtiScoresResponse> {
  const cls = await ownClass(ctx, user, classId);
  const question = await queries.findClassQuestion(ctx.db, classId, questionId);
  if (!question) throw new AppError('NOT_FOUND', M.questionNotInClass);
  return sendItemScores(ctx, user, cls, {
    target: { questionId, testId: null },
    questionIds: [questionId],
    scoreMaximum: question.marks,
  });
}

/**
 * POST /lti/classes/{classId}/tests/{testId}/scores: each student's total of the test (the sum of
 * the latest marks of its questions the student can see) to the test's columns, out of the test's
 * total marks.
 */
export async function sendTestScores(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
  testId: string,
): Promise<TLtiScoresResponse> {
  const cls = await ownClass(ctx, user, classId);
  const test = await findClassTest(ctx.db, cls, testId);
  if (!test) throw new AppError('NOT_FOUND', M.testNotInClass);
  return sendItemScores(ctx, user, cls, {
    target: { questionId: null, testId },
    questionIds: test.questions.map((q) => q.id),
    scoreMaximum: test.totalMarks,
  });
}

/**
 * A question's or a test's marks that each student can see (marked, not held for review or
 * release; for a test, the sum over its questions) go to its gradebook columns, as scoreGiven /
 * scoreMaximum (the question's or the test's marks) with activityProgress Completed and
 * gradingProgress FullyGraded. A student with nothing to send is left out; one the LMS does not know
 * (no linked identity) is reported, not sent. Each outcome is kept, so the class's LMS section shows
 * the last one per student.
 */
async function sendItemScores(
  ctx: TAppContext,
  user: TAccessClaims,
  cls: { id: string; schoolId: string },
  item: { target: queries.TLineItemTarget; questionIds: string[]; scoreMaximum: number },
): Promise<TLtiScoresResponse> {
  const classId = cls.id;
  const lineItems = await queries.selectLineItems(ctx.db, classId, item.target);
  if (lineItems.length === 0) throw new AppError('CONFLICT', M.noLineItem);
  const usable = lineItems.filter((l) => l.context.agsScopes.includes(LTI_SCOPE.score));
  if (usable.length === 0) throw new AppError('CONFLICT', M.noScoreService);
  const marks = new Map(
    (await latestMarks(ctx.db, cls, item.questionIds, { visibleOnly: true })).map((m) => [
      m.id,
      m.total,
    ]),
  );
  const students = await queries.selectClassStudents(ctx.db, classId);
  const key = await toolKey(ctx);
  const outcomes: TLtiScoreOutcome[] = [];
  let sent = 0;
  let failed = 0;
  for (const { lineItem, platform } of usable) {
    const subjects = new Map(
      (
        await queries.selectSubjectsOf(
          ctx.db,
          identityProvider(platform.id),
          students.map((s) => s.id),
        )
      ).map((s) => [s.userId, s.subject]),
    );
    let token: string;
    try {
      token = await requestAccessToken(key, platform, [LTI_SCOPE.score], ctx.now());
    } catch (err) {
      ctx.logger.warn({ platform: platform.id, reason: String(err) }, 'lti token refused');
      throw serviceRefusal(err);
    }
    for (const student of students) {
      const scoreGiven = marks.get(student.id) ?? null;
      if (scoreGiven === null) continue;
      const scoreMaximum = item.scoreMaximum;
      const base = { studentId: student.id, studentName: student.name, scoreGiven, scoreMaximum };
      const subject = subjects.get(student.id);
      if (!subject) {
        outcomes.push({ ...base, status: 'notLinked', detail: M.outcomeNotLinked, sentAt: null });
        continue;
      }
      const now = ctx.now();
      let detail: string | null = null;
      try {
        await postScore(lineItem.lineItemUrl, token, {
          userId: subject,
          scoreGiven,
          scoreMaximum,
          timestamp: now.toISOString(),
        });
        sent += 1;
      } catch (err) {
        if (!(err instanceof LtiServiceError)) throw err;
        detail = err.status === null ? M.serviceUnreachable : M.serviceFailed(String(err.status));
        failed += 1;
      }
      const status = detail ? ('failed' as const) : ('sent' as const);
      await queries.upsertScoreSend(ctx.db, {
        lineItemId: lineItem.id,
        studentId: student.id,
        status,
        scoreGiven,
        scoreMaximum,
        detail,
        sentAt: now,
      });
      outcomes.push({ ...base, status, detail, sentAt: now.toISOString() });
    }
  }
  await recordAudit(ctx.db, {
    schoolId: user.schoolId,
    actorId: user.userId,
    action: 'lti.marks-sent',
    targetType: 'class',
    targetId: classId,
    after: { ...item.target, sent, failed },
  });
  return { success: true, message: M.marksSent(sent, failed), sent, failed, outcomes };
}
