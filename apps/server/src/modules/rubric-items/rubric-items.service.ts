import { MESSAGES } from '@stem/contract/messages';
import {
  MAX_RUBRIC_ITEMS,
  MAX_SAVED_COMMENTS,
  scoreFromItems,
  type TApplyRubricItemsBody,
  type TCreateRubricItemBody,
  type TRubricItem,
  type TRubricItems,
  type TSavedComment,
  type TUpdateRubricItemBody,
} from '@stem/contract/rubric-items';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { enqueueMarking } from '../../jobs/mark-submission.job';
import { suggestItems, type TItemised } from '../../marking/loop/item-suggestions';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import {
  selectStudentAnswers,
  type TStudentAnswerRow,
} from '../class-marking/class-marking.queries';
import { requireClassForReader } from '../classes/classes.school';
import { canReviewSubmission } from '../submissions/submissions.policy';
import { findSubmission, lockAnswerForReview } from '../submissions/submissions.queries';
import { applyReview } from '../submissions/submissions.service';
import * as queries from './rubric-items.queries';
import { rubricVersionOf } from './rubric-version';

/**
 * Issue 27 on the class marking screen. Every call names a class the caller reads (its teacher, the
 * school's admin; another school's or teacher's class is 404) and a question of that class (else
 * 404). Items belong to the question: its teacher and the school's admin may change them (as only
 * they may edit the question); anyone who reviews the class's answers applies them. A mark made
 * from items goes through `applyReview`, the review path of issue 11 (history, totals, the review
 * queue and holds), and so does every re-score when an item's points change or it is deleted.
 */

type TParams = { classId: string; questionId: string };
type TScope = { schoolId: string; classId: string; question: queries.TQuestionOfClass };

const questionNotInClass = () =>
  new AppError('NOT_FOUND', MESSAGES.release.notInClass, { field: 'questionId' });
const itemNotFound = () =>
  new AppError('NOT_FOUND', MESSAGES.rubricItems.notFound, { field: 'itemId' });

async function scopeOf(
  db: TDb,
  user: TAccessClaims,
  params: TParams,
  options: { lock?: boolean } = {},
): Promise<TScope> {
  const cls = await requireClassForReader(db, user, params.classId);
  const question = await queries.findQuestionOfClass(
    db,
    cls.schoolId,
    cls.id,
    params.questionId,
    options,
  );
  if (!question) throw questionNotInClass();
  return { schoolId: cls.schoolId, classId: cls.id, question };
}

/** The question's teacher and the school's admin may change its items (mirroring the question). */
function canEditItems(user: TAccessClaims, question: queries.TQuestionOfClass): boolean {
  if (user.schoolId !== question.schoolId) return false;
  return user.role === 'admin' || (user.role === 'teacher' && question.teacherId === user.userId);
}

/** The question, locked for the change, if the caller may change its items (else 403). */
async function editScope(tx: TDb, user: TAccessClaims, params: TParams): Promise<TScope> {
  const scope = await scopeOf(tx, user, params, { lock: true });
  if (!canEditItems(user, scope.question)) {
    throw new AppError('FORBIDDEN', MESSAGES.rubricItems.cannotEdit);
  }
  return scope;
}

/** Points are whole and, either way, at most the question's marks. */
function checkPoints(points: number, marks: number): void {
  if (Math.abs(points) > marks) {
    throw new AppError('VALIDATION', MESSAGES.rubricItems.pointsTooLarge(marks), {
      field: 'points',
    });
  }
}

function presentItems(rows: queries.TItemRow[]): TRubricItem[] {
  return rows.map((row, i) => ({
    _id: row.id,
    label: row.label,
    points: row.points,
    position: i + 1,
  }));
}

/**
 * Re-scores these answers from their applied items, each through the review path (a history line
 * per changed mark), inside the caller's transaction. An answer with items is the teacher's (applied
 * items review it), so it follows its items even while another answer of its submission is being
 * marked again: the marking job never writes over a reviewed mark and adds the total up again when
 * it ends. Returns how many marks changed.
 */
async function rescore(
  tx: TDb,
  schoolId: string,
  answerIds: string[],
  actorId: string,
  now: Date,
): Promise<number> {
  const rows = await queries.selectItemSums(tx, schoolId, answerIds);
  let changed = 0;
  for (const row of rows) {
    if (row.score === null) continue;
    if (row.status !== 'marked' && row.reviewedAt === null) continue;
    const score = scoreFromItems([row.points], row.marks);
    if (score === row.score) continue;
    await applyReview(
      tx,
      { id: row.submissionId, schoolId },
      actorId,
      row.answerId,
      { action: 'override', score, comment: undefined },
      now,
      { reviewedWhileMarking: true },
    );
    changed += 1;
  }
  return changed;
}

/** GET .../rubric-items: the question's items and those applied to each of the class's answers. */
export async function getRubricItems(
  db: TDb,
  user: TAccessClaims,
  params: TParams,
): Promise<TRubricItems> {
  const scope = await scopeOf(db, user, params);
  const [items, applied, answers] = await Promise.all([
    queries.selectItems(db, scope.question.id),
    queries.selectAppliedInClass(db, scope.schoolId, scope.classId, scope.question.id),
    selectStudentAnswers(db, scope.schoolId, scope.classId, scope.question.id),
  ]);
  const byAnswer = new Map<string, string[]>();
  for (const row of applied) {
    byAnswer.set(row.answerId, [...(byAnswer.get(row.answerId) ?? []), row.itemId]);
  }
  return {
    items: presentItems(items),
    applied: [...byAnswer].map(([answerId, itemIds]) => ({ answerId, itemIds })),
    canEdit: canEditItems(user, scope.question),
    suggested: suggestionsOf(answers, byAnswer),
  };
}

/**
 * The marker's item suggestions for the class's latest answers: answers with items applied (their
 * mark is the items' sum) suggest theirs to marked answers the teacher has neither reviewed nor
 * given items, where the marker's mark agrees (`suggestItems`). A class is at most a few hundred
 * answers; each is read once (hashed features, well under a millisecond).
 */
function suggestionsOf(
  answers: readonly TStudentAnswerRow[],
  byAnswer: ReadonlyMap<string, string[]>,
): TRubricItems['suggested'] {
  const itemised: TItemised[] = [];
  const open: { id: string; answer: string; score: number }[] = [];
  for (const row of answers) {
    if (row.answerId === null || row.answer === null || row.status !== 'marked') continue;
    if (row.score === null) continue;
    const itemIds = byAnswer.get(row.answerId);
    if (itemIds) itemised.push({ id: row.answerId, answer: row.answer, itemIds, score: row.score });
    else if (row.reviewedAt === null)
      open.push({ id: row.answerId, answer: row.answer, score: row.score });
  }
  return suggestItems(itemised, open).map((s) => ({
    answerId: s.answerId,
    itemIds: s.itemIds,
    similarity: Math.round(s.similarity * 100) / 100,
  }));
}

/** POST .../rubric-items: a new item, last in the order. */
export async function createItem(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams,
  body: TCreateRubricItemBody,
): Promise<{ items: TRubricItem[]; rescored: number }> {
  return ctx.db.transaction(async (tx) => {
    const { schoolId, question } = await editScope(tx, user, params);
    checkPoints(body.points, question.marks);
    const existing = await queries.selectItems(tx, question.id);
    if (existing.length >= MAX_RUBRIC_ITEMS) {
      throw new AppError('VALIDATION', MESSAGES.rubricItems.tooMany(MAX_RUBRIC_ITEMS), {
        field: 'label',
      });
    }
    await queries.insertItem(tx, {
      schoolId,
      questionId: question.id,
      label: body.label,
      points: body.points,
      now: ctx.now(),
    });
    return { items: presentItems(await queries.selectItems(tx, question.id)), rescored: 0 };
  });
}

/**
 * PATCH .../rubric-items/{itemId}: a new label or points. New points re-score every answer the item
 * is applied to, in any class, in the same transaction; the reply says how many marks changed.
 */
export async function updateItem(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams & { itemId: string },
  body: TUpdateRubricItemBody,
): Promise<{ items: TRubricItem[]; rescored: number }> {
  return ctx.db.transaction(async (tx) => {
    const { schoolId, question } = await editScope(tx, user, params);
    const item = (await queries.selectItems(tx, question.id)).find((i) => i.id === params.itemId);
    if (!item) throw itemNotFound();
    if (body.points !== undefined) checkPoints(body.points, question.marks);
    const now = ctx.now();
    await queries.updateItem(tx, question.id, item.id, { ...body, now });
    const rescored =
      body.points !== undefined && body.points !== item.points
        ? await rescore(
            tx,
            schoolId,
            await queries.selectAnswersOfItem(tx, item.id),
            user.userId,
            now,
          )
        : 0;
    return { items: presentItems(await queries.selectItems(tx, question.id)), rescored };
  });
}

/** DELETE .../rubric-items/{itemId}: the answers it was applied to are re-scored without it. */
export async function deleteItem(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams & { itemId: string },
): Promise<{ items: TRubricItem[]; rescored: number }> {
  return ctx.db.transaction(async (tx) => {
    const { schoolId, question } = await editScope(tx, user, params);
    const item = (await queries.selectItems(tx, question.id)).find((i) => i.id === params.itemId);
    if (!item) throw itemNotFound();
    const answerIds = await queries.deleteItem(tx, question.id, item.id);
    const rescored = await rescore(tx, schoolId, answerIds, user.userId, ctx.now());
    return { items: presentItems(await queries.selectItems(tx, question.id)), rescored };
  });
}

/** PUT .../rubric-items/order: every item of the question once, in the new order. */
export async function reorderItems(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams,
  itemIds: string[],
): Promise<{ items: TRubricItem[]; rescored: number }> {
  return ctx.db.transaction(async (tx) => {
    const { question } = await editScope(tx, user, params);
    const existing = await queries.selectItems(tx, question.id);
    const given = new Set(itemIds);
    if (
      given.size !== itemIds.length ||
      given.size !== existing.length ||
      existing.some((i) => !given.has(i.id))
    ) {
      throw new AppError('VALIDATION', MESSAGES.rubricItems.orderMismatch, { field: 'itemIds' });
    }
    await queries.reorderItems(tx, question.id, itemIds, ctx.now());
    return { items: presentItems(await queries.selectItems(tx, question.id)), rescored: 0 };
  });
}

/**
 * PUT .../answers/{answerId}/rubric-items: the items applied to one answer of the class; its mark
 * becomes their points added up, within 0..marks (no items: 0), saved as the teacher's review with
 * the teacher's comment kept. An answer not yet marked is 409, as for any review.
 */
export async function applyItems(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams & { answerId: string },
  body: TApplyRubricItemsBody,
): Promise<{ answerId: string; itemIds: string[]; score: number; marks: number }> {
  const { schoolId, classId, question } = await scopeOf(ctx.db, user, params);
  const answer = await queries.findAnswerInClass(
    ctx.db,
    schoolId,
    classId,
    question.id,
    params.answerId,
  );
  const submission = answer ? await findSubmission(ctx.db, schoolId, answer.submissionId) : null;
  if (!answer || !submission || !canReviewSubmission(user, submission)) {
    throw new AppError('NOT_FOUND', MESSAGES.rubricItems.answerNotFound, { field: 'answerId' });
  }
  const items = await queries.selectItems(ctx.db, question.id);
  const byId = new Map(items.map((i) => [i.id, i]));
  const itemIds = [...new Set(body.itemIds)];
  if (itemIds.some((id) => !byId.has(id))) {
    throw new AppError('VALIDATION', MESSAGES.rubricItems.unknownItem, { field: 'itemIds' });
  }
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    // The answer first: two changes of its items at once take turns (applyReview locks it again).
    await lockAnswerForReview(tx, schoolId, answer.submissionId, answer.answerId);
    await queries.setApplied(tx, {
      schoolId,
      answerId: answer.answerId,
      itemIds,
      actorId: user.userId,
      now,
    });
    const [sums] = await queries.selectItemSums(tx, schoolId, [answer.answerId]);
    const score = scoreFromItems([sums?.points ?? 0], sums?.marks ?? question.marks);
    return applyReview(
      tx,
      { id: answer.submissionId, schoolId },
      user.userId,
      answer.answerId,
      { action: 'override', score, comment: undefined },
      now,
    );
  });
  const ordered = items.filter((i) => itemIds.includes(i.id)).map((i) => i.id);
  return {
    answerId: answer.answerId,
    itemIds: ordered,
    score: result.scoreAfter,
    marks: result.marks,
  };
}

// Saved comments: the caller's own, per question.

function presentComments(rows: queries.TSavedCommentRow[]): TSavedComment[] {
  return rows.map((r) => ({
    _id: r.id,
    text: r.text,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

/** GET .../saved-comments: the caller's saved comments for the question, oldest first. */
export async function listSavedComments(
  db: TDb,
  user: TAccessClaims,
  params: TParams,
): Promise<TSavedComment[]> {
  const { schoolId, question } = await scopeOf(db, user, params);
  return presentComments(await queries.selectSavedComments(db, schoolId, question.id, user.userId));
}

/** POST .../saved-comments: saves a comment for reuse (the same text twice is kept once). */
export async function saveComment(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams,
  text: string,
): Promise<TSavedComment[]> {
  return ctx.db.transaction(async (tx) => {
    const { schoolId, question } = await scopeOf(tx, user, params, { lock: true });
    const saved = await queries.selectSavedComments(tx, schoolId, question.id, user.userId);
    if (!saved.some((c) => c.text === text)) {
      if (saved.length >= MAX_SAVED_COMMENTS) {
        throw new AppError('VALIDATION', MESSAGES.rubricItems.tooManyComments(MAX_SAVED_COMMENTS), {
          field: 'text',
        });
      }
      await queries.insertSavedComment(tx, {
        schoolId,
        questionId: question.id,
        teacherId: user.userId,
        text,
        now: ctx.now(),
      });
    }
    return presentComments(
      await queries.selectSavedComments(tx, schoolId, question.id, user.userId),
    );
  });
}

/** DELETE .../saved-comments/{commentId}: one of the caller's own (another's is 404). */
export async function deleteComment(
  db: TDb,
  user: TAccessClaims,
  params: TParams & { commentId: string },
): Promise<TSavedComment[]> {
  const { schoolId, question } = await scopeOf(db, user, params);
  const deleted = await queries.deleteSavedComment(db, {
    schoolId,
    questionId: question.id,
    teacherId: user.userId,
    commentId: params.commentId,
  });
  if (!deleted) {
    throw new AppError('NOT_FOUND', MESSAGES.rubricItems.commentNotFound, { field: 'commentId' });
  }
  return presentComments(await queries.selectSavedComments(db, schoolId, question.id, user.userId));
}

/**
 * Sends the class's latest answers to the question that `pick` chooses back to the marker under the
 * question's rubric now (`reopenForRemark`: only answers still marked and not reviewed, under another
 * rubric when `anyRubric` is false), records it in the audit log with the same transaction, and
 * queues their submissions. Answers a teacher reviewed keep the teacher's mark; a held mark stays
 * held (the marking job writes marks, not holds). Returns how many answers were sent.
 */
async function sendBackToMarker(
  ctx: TAppContext,
  user: TAccessClaims,
  scope: TScope,
  options: {
    anyRubric: boolean;
    why: 'rubric' | 'examples';
    pick: (s: TStudentAnswerRow) => boolean;
    /** The class's answers when the caller has read them already. */
    students?: TStudentAnswerRow[];
  },
): Promise<number> {
  const { schoolId, classId, question } = scope;
  const version = rubricVersionOf(question);
  const students =
    options.students ?? (await selectStudentAnswers(ctx.db, schoolId, classId, question.id));
  const answerIds = students.flatMap((s) =>
    s.answerId !== null && s.status === 'marked' && s.reviewedAt === null && options.pick(s)
      ? [s.answerId]
      : [],
  );
  const now = ctx.now();
  const reopened = await ctx.db.transaction(async (tx) => {
    const result = await queries.reopenForRemark(tx, {
      schoolId,
      answerIds,
      question,
      version: options.anyRubric ? null : version,
      now,
    });
    if (result.answers > 0) {
      await recordAudit(tx, {
        schoolId,
        actorId: user.userId,
        action: 'marks.remarked',
        targetType: 'class',
        targetId: classId,
        after: { questionId: question.id, answers: result.answers, why: options.why },
      });
    }
    return result;
  });
  for (const submissionId of reopened.submissionIds) {
    try {
      await enqueueMarking(ctx.queue, submissionId, { kind: 'remark', at: now });
    } catch (err) {
      // The work is saved as pending: the recovery sweep queues it again later.
      ctx.logger.error({ err, submissionId }, 'could not queue a re-mark; recovery will retry');
    }
  }
  return reopened.answers;
}

/**
 * POST .../remark: the class's latest answers to the question whose mark is still the marker's
 * (not reviewed) and was made under an earlier rubric go back to the marker under the question's
 * rubric now; answers a teacher reviewed keep the teacher's mark. Their submissions are pending
 * until marked (through the marking queue, as a retry is); the other answers of those submissions
 * keep their marks. Returns how many answers were sent.
 */
export async function remarkEarlierRubric(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams,
): Promise<{ queued: number }> {
  const scope = await scopeOf(ctx.db, user, params);
  const version = rubricVersionOf(scope.question);
  const queued = await sendBackToMarker(ctx, user, scope, {
    anyRubric: false,
    why: 'rubric',
    pick: (s) => s.rubricVersion !== null && s.rubricVersion !== version,
  });
  return { queued };
}

/**
 * POST .../mark-rest ("Test on a few first", issue 27): once the teacher has marked a few of the
 * class's answers to the question, every other marked answer of the class goes back to the marker,
 * which marks it with the teacher's marks of the question as its examples (the marking job reads
 * them: `selectOverriddenExamples`, the engine the loop's teacher marks feed). Answers the teacher
 * reviewed keep the teacher's mark. 409 when the teacher has marked none of the class's answers
 * (nothing to learn from) or every marked answer is reviewed (nothing left).
 */
export async function markRestWithExamples(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams,
): Promise<{ queued: number; examples: number }> {
  const scope = await scopeOf(ctx.db, user, params);
  const students = await selectStudentAnswers(
    ctx.db,
    scope.schoolId,
    scope.classId,
    scope.question.id,
  );
  const marked = students.filter(
    (s) => s.answerId !== null && s.status === 'marked' && s.score !== null,
  );
  const examples = marked.filter((s) => s.reviewedAt !== null).length;
  if (examples === 0) throw new AppError('CONFLICT', MESSAGES.rubricItems.markRestNeedsExamples);
  if (examples === marked.length) {
    throw new AppError('CONFLICT', MESSAGES.rubricItems.markRestNothing);
  }
  const queued = await sendBackToMarker(ctx, user, scope, {
    anyRubric: true,
    why: 'examples',
    pick: () => true,
    students,
  });
  return { queued, examples };
}
