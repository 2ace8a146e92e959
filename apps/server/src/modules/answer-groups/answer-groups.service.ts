import { createHash, randomUUID } from 'node:crypto';
import type {
  TAnswerGroups,
  TMarkGroupRequest,
  TMarkGroupResult,
  TMergeGroupRequest,
  TMoveAnswerRequest,
  TSplitGroupRequest,
} from '@stem/contract/answer-groups';
import { MESSAGES } from '@stem/contract/messages';
import { scoreWithinMarks } from '@stem/contract/submissions';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createPromiseCache, runInSlices } from '../../lib/slices';
import type { TAccessClaims } from '../../lib/tokens';
import {
  answerGroupSteps,
  exactKeyOf,
  groupGist,
  type TComputedGroup,
} from '../../marking/loop/answer-groups';
import { rubricVersionOf } from '../rubric-items/rubric-version';
import { presentStudentAnswer } from '../class-marking/class-marking.presenter';
import type { findClassQuestion } from '../class-marking/class-marking.queries';
import { loadClassQuestion, type TNaming } from '../class-marking/class-marking.service';
import { overrideAnswersTogether } from '../submissions/submissions.service';
import { applyGroupEdits, suggestedScore, type TGroupPin } from './answer-groups.edits';
import { presentGroups, type TGroupMember } from './answer-groups.presenter';
import * as queries from './answer-groups.queries';

const G = MESSAGES.answerGroups;

type TParams = { classId: string; questionId: string };
/** Marking needs no names: the groups are read as they are, by name, and only ids are used. */
const NAMED: TNaming = { anonymousKey: null };
type TQuestionRow = NonNullable<Awaited<ReturnType<typeof findClassQuestion>>>;

/**
 * The marker's groups already worked out, by what they were worked out from (the question and each
 * marked answer's id and gist). They do not depend on the teacher's marks, so marking a group, or
 * editing the groups, reads them from here.
 */
const computedGroups = createPromiseCache<TComputedGroup[]>(64);

/** The marker's groups, an answer marked a slice at a time (the event loop is never held long). */
function computedOf(question: TQuestionRow, members: readonly TGroupMember[]) {
  const input = {
    question: {
      question: question.question,
      marks: question.marks,
      lowMarkRange: question.lowMarkRange,
      highMarkRange: question.highMarkRange,
      rubric: question.rubric,
      referenceAnswer: question.referenceAnswer ?? '',
    },
    answers: members.map((m) => ({ id: m.answer._id, answer: groupGist(m.answer.answer) })),
  };
  const key = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
  return computedGroups.get(key, () =>
    runInSlices(answerGroupSteps(input.question, input.answers)),
  );
}

/**
 * The class (the class's teacher or the school's admin: anyone else 404 as a missing class, a
 * student 403 at the route), the question (404 when not in the class), its marked answers and
 * their groups after the teacher's edits. A fixed number of statements whatever the class's size.
 */
async function loadGroups(db: TDb, user: TAccessClaims, params: TParams, naming: TNaming) {
  const { cls, question, students } = await loadClassQuestion(db, user, params, naming);
  const scope = { schoolId: cls.schoolId, classId: cls.id, questionId: params.questionId };
  const [pins, merges] = await Promise.all([
    queries.selectPins(db, scope),
    queries.selectMerges(db, scope),
  ]);
  // Answers with a mark a teacher can review (one being marked again waits until it is marked).
  const version = rubricVersionOf(question);
  const rows = students.map((student) => presentStudentAnswer(student, version));
  const members: TGroupMember[] = rows.flatMap((row) => {
    const a = row.answer;
    return a && a.status === 'marked' && a.score !== null
      ? [{ student: row.student, answer: a, score: a.score }]
      : [];
  });
  const computed = await computedOf(question, members);
  const groups = applyGroupEdits(
    computed,
    members.map((m) => m.answer._id),
    pins,
    merges,
  );
  const byId = new Map(members.map((m) => [m.answer._id, m]));
  const resolved = groups.map((g) => ({
    ...g,
    members: g.ids.map((id) => byId.get(id)).filter((m): m is TGroupMember => m !== undefined),
  }));
  return {
    cls,
    scope,
    question,
    members,
    groups: resolved,
    edited: pins.length > 0 || merges.length > 0,
    anonymous: naming.anonymousKey !== null,
  };
}

type TLoaded = Awaited<ReturnType<typeof loadGroups>>;

function present(loaded: TLoaded): TAnswerGroups {
  return presentGroups({
    cls: { _id: loaded.cls.id, name: loaded.cls.name },
    question: {
      _id: loaded.question.questionId,
      question: loaded.question.question,
      marks: loaded.question.marks,
    },
    groups: loaded.groups,
    edited: loaded.edited,
    anonymous: loaded.anonymous,
  });
}

function findGroup(loaded: TLoaded, groupId: string, field = 'groupId') {
  const group = loaded.groups.find((g) => g.id === groupId);
  if (!group) throw new AppError('NOT_FOUND', G.groupNotFound, { field });
  return group;
}

/** A new group id of the teacher's ("t" and 32 hex digits). */
const newGroupId = () => `t${randomUUID().replace(/-/g, '')}`;

/**
 * GET /classes/{classId}/questions/{questionId}/groups (issue 27): the class's latest marked
 * answers to the question in groups, largest first, each with the marker's suggested mark.
 */
export async function getAnswerGroups(
  db: TDb,
  user: TAccessClaims,
  params: TParams,
  naming: TNaming = NAMED,
): Promise<TAnswerGroups> {
  return present(await loadGroups(db, user, params, naming));
}

/**
 * POST …/groups/{groupId}/mark: every answer of the group gets the mark (0..the question's marks,
 * else 400 naming `score`), through the review path in one transaction: a history line for each,
 * the totals and the review queue. Without a comment each answer keeps its own teacher's comment.
 */
export async function markGroup(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams & { groupId: string },
  input: TMarkGroupRequest,
): Promise<TMarkGroupResult> {
  const loaded = await loadGroups(ctx.db, user, params, NAMED);
  const group = findGroup(loaded, params.groupId);
  if (!scoreWithinMarks(input.score, loaded.question.marks)) {
    throw new AppError('VALIDATION', MESSAGES.review.scoreOutOfRange(loaded.question.marks), {
      field: 'score',
    });
  }
  const comment =
    input.comment === undefined ? undefined : input.comment?.trim() ? input.comment.trim() : null;
  return markMembers(ctx, user, group, input.score, comment);
}

/** POST …/groups/{groupId}/accept: every answer of the group gets the group's suggested mark. */
export async function acceptGroup(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams & { groupId: string },
): Promise<TMarkGroupResult> {
  const loaded = await loadGroups(ctx.db, user, params, NAMED);
  const group = findGroup(loaded, params.groupId);
  const score = suggestedScore(group.members.map((m) => m.answer.aiScore ?? m.score));
  return markMembers(ctx, user, group, score, undefined);
}

async function markMembers(
  ctx: TAppContext,
  user: TAccessClaims,
  group: TLoaded['groups'][number],
  score: number,
  comment: string | null | undefined,
): Promise<TMarkGroupResult> {
  const results = await overrideAnswersTogether(
    ctx,
    user,
    group.members.map((m) => ({
      submissionId: m.answer.submissionId,
      answerId: m.answer._id,
      score,
      comment: comment === undefined ? m.answer.teacherFeedback : comment,
    })),
  );
  return {
    groupId: group.id,
    score,
    marked: results.length,
    changed: results.filter((r) => r.scoreBefore !== r.scoreAfter).length,
  };
}

/** Writes pins, then reads the groups again (the marker's part comes from the cache). */
async function pinAndReload(
  ctx: TAppContext,
  user: TAccessClaims,
  loaded: TLoaded,
  pins: TGroupPin[],
  params: TParams,
  naming: TNaming,
): Promise<TAnswerGroups> {
  await queries.upsertPins(ctx.db, loaded.scope, user.userId, pins, ctx.now());
  return getAnswerGroups(ctx.db, user, params, naming);
}

/**
 * POST …/groups/{groupId}/split: the chosen answers out together into a new group (they must be
 * the group's, 400 `answerIds`, and not all of it); without a choice, the group into its exact
 * matches (the representative's text keeps the group; 409 when the group is all one text).
 */
export async function splitGroup(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams & { groupId: string },
  input: TSplitGroupRequest,
  naming: TNaming = NAMED,
): Promise<TAnswerGroups> {
  const loaded = await loadGroups(ctx.db, user, params, naming);
  const group = findGroup(loaded, params.groupId);
  if (input.answerIds) {
    const chosen = new Set(input.answerIds);
    if ([...chosen].some((id) => !group.ids.includes(id))) {
      throw new AppError('VALIDATION', G.notInThisGroup, { field: 'answerIds' });
    }
    if (chosen.size >= group.ids.length) {
      throw new AppError('VALIDATION', G.leaveOne, { field: 'answerIds' });
    }
    const target = newGroupId();
    return pinAndReload(
      ctx,
      user,
      loaded,
      [...chosen].map((answerId) => ({ answerId, groupId: target })),
      params,
      naming,
    );
  }
  const byText = new Map<string, string[]>();
  for (const m of group.members) {
    const key = exactKeyOf(m.answer.answer);
    byText.set(key, [...(byText.get(key) ?? []), m.answer._id]);
  }
  if (byText.size < 2) throw new AppError('CONFLICT', G.nothingToSplit);
  const pins = [...byText.values()].slice(1).flatMap((ids) => {
    const target = newGroupId();
    return ids.map((answerId) => ({ answerId, groupId: target }));
  });
  return pinAndReload(ctx, user, loaded, pins, params, naming);
}

/**
 * POST …/groups/move: an answer (one in the groups, else 400 `answerId`) to another group (404
 * `toGroupId` when there is none such, 400 when it is its own), or to a group of its own (409 when
 * it is alone already).
 */
export async function moveAnswer(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams,
  input: TMoveAnswerRequest,
  naming: TNaming = NAMED,
): Promise<TAnswerGroups> {
  const loaded = await loadGroups(ctx.db, user, params, naming);
  const from = loaded.groups.find((g) => g.ids.includes(input.answerId));
  if (!from) throw new AppError('VALIDATION', G.answerNotInGroups, { field: 'answerId' });
  let target: string;
  if (input.toGroupId === null) {
    if (from.ids.length === 1) throw new AppError('CONFLICT', G.alreadyAlone);
    target = newGroupId();
  } else {
    const to = findGroup(loaded, input.toGroupId, 'toGroupId');
    if (to.id === from.id) throw new AppError('VALIDATION', G.sameGroup, { field: 'toGroupId' });
    target = to.id;
  }
  return pinAndReload(
    ctx,
    user,
    loaded,
    [{ answerId: input.answerId, groupId: target }],
    params,
    naming,
  );
}

/**
 * POST …/groups/{groupId}/merge { groupId }: the other group's answers join this one, and so do
 * new answers the marker would put in the other group.
 */
export async function mergeGroups(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams & { groupId: string },
  input: TMergeGroupRequest,
  naming: TNaming = NAMED,
): Promise<TAnswerGroups> {
  const loaded = await loadGroups(ctx.db, user, params, naming);
  const into = findGroup(loaded, params.groupId);
  const other = findGroup(loaded, input.groupId, 'groupId');
  if (other.id === into.id) throw new AppError('VALIDATION', G.sameGroup, { field: 'groupId' });
  await queries.upsertMerge(
    ctx.db,
    loaded.scope,
    user.userId,
    { fromGroup: other.id, toGroup: into.id },
    ctx.now(),
  );
  return getAnswerGroups(ctx.db, user, params, naming);
}

/** POST …/groups/reset: the teacher's edits forgotten, the marker's groups again. */
export async function resetGroups(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TParams,
  naming: TNaming = NAMED,
): Promise<TAnswerGroups> {
  const loaded = await loadGroups(ctx.db, user, params, naming);
  await ctx.db.transaction((tx) => queries.deleteEdits(tx, loaded.scope));
  return getAnswerGroups(ctx.db, user, params, naming);
}
