import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLASS_EXTRA_PATHS } from '@stem/contract/admin';
import {
  ANSWER_GROUP_PATHS,
  type TAnswerGroup,
  type TAnswerGroups,
  type TAnswerGroupsResponse,
  type TMarkGroupResponse,
} from '@stem/contract/answer-groups';
import { apiPath, fillPath } from '@stem/contract/api';
import {
  CLASS_MARKING_PATHS,
  FEW_FIRST_SIZE,
  type TClassQuestionAnswers,
  type TClassQuestionAnswersResponse,
  type TFewFirst,
  type TFewFirstResponse,
} from '@stem/contract/class-marking';
import { RELEASE_PATHS } from '@stem/contract/regrades';
import { RUBRIC_ITEM_PATHS, type TMarkRestResponse } from '@stem/contract/rubric-items';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../src/db/schema';
import { MESSAGES } from '@stem/contract/messages';
import type { ZSubmissionDetailsResponse } from '@stem/contract/submissions';
import type { z } from 'zod';
import { computeAnswerGroups } from '../../src/marking/loop/answer-groups';
import { getAnswerGroups } from '../../src/modules/answer-groups/answer-groups.service';
import { buildSchool, buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { countingStatements } from '../helpers/test-database';
import { actor, expectError, present, signedIn, type TActor } from '../teaching/teaching-helpers';
import {
  answerUrl,
  classroom,
  detailsUrl,
  markOk,
  reviewedUrl,
  submitOk,
} from './submission-helpers';

/**
 * Issue 27, answer groups: a class's answers to one question grouped (exact copies after
 * normalising, then near matches with the same mark, then the answers the marker read alike),
 * marked a group at once, split, moved, merged and reset; the edits kept per class and question.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
const G = MESSAGES.answerGroups;
const groupsUrl = (classId: string, questionId: string) =>
  apiPath(fillPath(ANSWER_GROUP_PATHS.groups, { classId, questionId }));

/** Three exact copies (case, spacing, punctuation and number format apart). */
const COPIES = [
  'Plants use light to make 1,000 glucose molecules.',
  'plants use LIGHT to make 1000 glucose molecules!!',
  'Plants  use light, to make 1000.0 glucose molecules',
];
const FULL =
  'Light, water and carbon dioxide become glucose and oxygen: chlorophyll absorbs the light energy in the leaf.';
const FULL_COPY =
  'light water and carbon dioxide become glucose and oxygen chlorophyll absorbs the light energy in the leaf';
/** Not a copy of FULL, but the marker reads it alike (a near match). */
const NEAR =
  'Using light, the leaf turns water and carbon dioxide into glucose and gives off oxygen.';
const BLANKISH = ['I do not know.', 'No idea, sorry.'];

describe('answer groups', { timeout: 240_000 }, () => {
  let t: TTestApp;
  let room: Awaited<ReturnType<typeof classroom>>;
  let students: TActor[];

  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(async () => {
    t.clock.reset();
    room = await classroom(t);
    students = [room.student];
    const extra = [];
    for (let i = 0; i < 7; i += 1) {
      extra.push(
        await buildUser(t, { role: 'student', schoolId: room.school.id, name: `Pupil ${i}` }),
      );
    }
    const reply = await t.app.inject({
      method: 'POST',
      url: apiPath(CLASS_EXTRA_PATHS.assignStudents),
      headers: room.teacher.headers,
      payload: { classId: room.cls.id, students: extra.map((s) => s.id) },
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    for (const user of extra) students.push(await signedIn(t, user));
  });
  afterAll(async () => {
    await t.close();
  });

  const url = (path: string, params: Record<string, string> = {}) =>
    apiPath(
      fillPath(path, { classId: room.cls.id, questionId: room.photosynthesis.id, ...params }),
    );

  async function answer(who: TActor, text: string) {
    const id = await submitOk(t, who, room.cls, [{ question: room.photosynthesis, answer: text }]);
    await markOk(t, who, room.cls.id, id);
    return id;
  }

  /** COPIES, FULL, FULL_COPY, NEAR and BLANKISH, one per student of the 8. */
  async function answerAll() {
    const texts = [...COPIES, FULL, FULL_COPY, NEAR, ...BLANKISH];
    for (const [i, text] of texts.entries()) await answer(present(students[i]), text);
    return texts;
  }

  async function read(who: TActor = room.teacher): Promise<TAnswerGroups> {
    const response = await t.app.inject({
      method: 'GET',
      url: url(ANSWER_GROUP_PATHS.groups),
      headers: who.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TAnswerGroupsResponse>().data;
  }

  function post(
    path: string,
    payload?: unknown,
    params: Record<string, string> = {},
    who = room.teacher,
  ) {
    return t.app.inject({
      method: 'POST',
      url: url(path, params),
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  async function edit(path: string, payload?: unknown, params: Record<string, string> = {}) {
    const response = await post(path, payload, params);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TAnswerGroupsResponse>().data;
  }

  const texts = (group: TAnswerGroup | undefined) =>
    present(group, 'group').answers.map((a) => a.preview);
  const groupOf = (data: TAnswerGroups, text: string) =>
    present(
      data.groups.find((g) => g.answers.some((a) => a.preview === text)),
      `the group of "${text}"`,
    );

  it('groups exact copies after normalising, then near matches, largest first, with a suggested mark', async () => {
    const all = await answerAll();
    const data = await read();
    expect(data.question).toMatchObject({ _id: room.photosynthesis.id, marks: 5 });
    expect(data.counts).toEqual({ marked: 8, reviewed: 0 });
    expect(data.edited).toBe(false);
    // Every answer in exactly one group.
    expect(data.groups.flatMap((g) => g.answers.map((a) => a.preview)).sort()).toEqual(
      [...all].sort(),
    );
    // Largest first.
    const sizes = data.groups.map((g) => g.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // The three copies are one group, and its texts count them as one (near matches may join).
    const copies = groupOf(data, COPIES[0] as string);
    expect(copies.answers.map((a) => a.preview)).toEqual(expect.arrayContaining(COPIES));
    // The two copies of the full answer (punctuation apart) are together.
    expect(groupOf(data, FULL)._id).toBe(groupOf(data, FULL_COPY)._id);
    // The groups are the marker's (`computeAnswerGroups`), near matches included.
    const engine = computeAnswerGroups(
      {
        question: room.photosynthesis.question,
        marks: room.photosynthesis.marks,
        lowMarkRange: room.photosynthesis.lowMarkRange,
        highMarkRange: room.photosynthesis.highMarkRange,
        rubric: room.photosynthesis.rubric,
        referenceAnswer: '',
      },
      data.groups.flatMap((g) => g.answers.map((a) => ({ id: a._id, answer: a.preview }))),
    );
    expect(new Set(data.groups.map((g) => g._id))).toEqual(new Set(engine.map((g) => g.id)));
    // The near match joins the full answer's copies: two texts in one group.
    expect(groupOf(data, NEAR)._id).toBe(groupOf(data, FULL)._id);
    expect(groupOf(data, NEAR)).toMatchObject({ size: 3, texts: 2 });
    expect(copies.texts).toBe(1);
    for (const g of data.groups) {
      // The suggestion is the group's most common marker mark.
      const counts = new Map<number, number>();
      for (const a of g.answers)
        counts.set(present(a.aiScore), (counts.get(present(a.aiScore)) ?? 0) + 1);
      const most = Math.max(...counts.values());
      expect(counts.get(g.suggestedScore)).toBe(most);
      expect(g).toMatchObject({ reviewed: 0, markedAs: null, edited: false });
      expect(g.answers[0]?.student.name).toBeTruthy();
    }
    // The same ids the next time (stable).
    expect((await read()).groups.map((g) => g._id)).toEqual(data.groups.map((g) => g._id));
  });

  it('marks a group at once through the review path: history, totals, how many changed', async () => {
    await answerAll();
    const before = await read();
    const copies = groupOf(before, COPIES[0] as string);
    const score = copies.suggestedScore === 5 ? 4 : copies.suggestedScore + 1;
    const marked = await post(
      ANSWER_GROUP_PATHS.mark,
      { score, comment: '  Say which gas.  ' },
      {
        groupId: copies._id,
      },
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const result = marked.json<TMarkGroupResponse>().data;
    expect(result).toEqual({
      groupId: copies._id,
      score,
      marked: copies.size,
      changed: copies.answers.filter((a) => a.score !== score).length,
    });
    const after = await read();
    const group = present(after.groups.find((g) => g._id === copies._id));
    expect(group).toMatchObject({ reviewed: copies.size, markedAs: score });
    expect(after.counts.reviewed).toBe(copies.size);
    // Each answer: its own history line, the teacher's comment, the submission's total.
    for (const a of group.answers) {
      const details = await t.app.inject({
        method: 'GET',
        url: detailsUrl(a.submissionId),
        headers: room.teacher.headers,
      });
      const data = details.json<z.infer<typeof ZSubmissionDetailsResponse>>().data;
      const one = present(data.submissions[0]);
      expect(one).toMatchObject({ score, teacherFeedback: 'Say which gas.' });
      expect(one.history?.[0]).toMatchObject({ action: 'override', scoreAfter: score });
      expect(data.totalScore).toBe(score);
    }
    // Marking again with the same mark and comment changes nothing (no second history line).
    const again = await post(
      ANSWER_GROUP_PATHS.mark,
      { score, comment: 'Say which gas.' },
      { groupId: copies._id },
    );
    expect(again.json<TMarkGroupResponse>().data.changed).toBe(0);

    // Accept the suggestion of another group: the marker's mark, each answer reviewed.
    const other = present(after.groups.find((g) => g._id !== copies._id && g.reviewed === 0));
    const accepted = await post(ANSWER_GROUP_PATHS.accept, undefined, { groupId: other._id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<TMarkGroupResponse>().data).toMatchObject({
      score: other.suggestedScore,
      marked: other.size,
    });
    const last = present((await read()).groups.find((g) => g._id === other._id));
    expect(last.reviewed).toBe(other.size);
    expect(last.answers.every((a) => a.score === other.suggestedScore)).toBe(true);
  });

  it('keeps splits, moves and merges per class and question, applies them to new answers, and resets', async () => {
    await answerAll();
    const start = await read();
    const copies = groupOf(start, COPIES[0] as string);

    // Split the chosen answers out into a new group.
    const chosen = copies.answers.filter((a) => a.preview === COPIES[1]).map((a) => a._id);
    let data = await edit(ANSWER_GROUP_PATHS.split, { answerIds: chosen }, { groupId: copies._id });
    const out = groupOf(data, COPIES[1] as string);
    expect(out._id).not.toBe(copies._id);
    expect(out._id.startsWith('t')).toBe(true);
    expect(out).toMatchObject({ size: 1, edited: true });
    expect(data.edited).toBe(true);
    // Persisted: read again.
    expect(groupOf(await read(), COPIES[1] as string)._id).toBe(out._id);

    // Move it back to the copies' group, then out to a group of its own.
    data = await edit(ANSWER_GROUP_PATHS.move, { answerId: chosen[0], toGroupId: copies._id });
    expect(groupOf(data, COPIES[1] as string)._id).toBe(copies._id);
    data = await edit(ANSWER_GROUP_PATHS.move, { answerId: chosen[0], toGroupId: null });
    const alone = groupOf(data, COPIES[1] as string);
    expect(alone.size).toBe(1);
    expect(alone._id).not.toBe(copies._id);

    // Merge the full answers' group into the copies' group.
    const full = groupOf(data, FULL);
    data = await edit(ANSWER_GROUP_PATHS.merge, { groupId: full._id }, { groupId: copies._id });
    const merged = groupOf(data, FULL);
    expect(merged._id).toBe(copies._id);
    expect(texts(merged)).toEqual(expect.arrayContaining([COPIES[0], FULL, FULL_COPY]));
    expect(data.groups.some((g) => g._id === full._id)).toBe(false);

    // A new answer (the student answers again) goes to the marker's group for it, and from
    // there where that group was merged: another copy of the full answer joins the merged group.
    const newcomer = present(students[7]);
    await answer(newcomer, `${FULL} `);
    data = await read();
    const withNew = present(
      data.groups.find((g) => g.answers.some((a) => a.student._id === newcomer.user.id)),
    );
    expect(withNew._id).toBe(copies._id);
    // The moved answer stays where it was put.
    expect(groupOf(data, COPIES[1] as string)._id).toBe(alone._id);

    // Split the merged group into its exact matches: each text its own group, the first stays.
    data = await edit(ANSWER_GROUP_PATHS.split, {}, { groupId: copies._id });
    expect(groupOf(data, FULL)._id).toBe(groupOf(data, FULL_COPY)._id);
    expect(groupOf(data, FULL)._id).not.toBe(groupOf(data, COPIES[0] as string)._id);
    expect(groupOf(data, COPIES[0] as string)._id).toBe(copies._id);

    // Another question of the class has no edits.
    const osmosis = await t.app.inject({
      method: 'GET',
      url: groupsUrl(room.cls.id, room.osmosis.id),
      headers: room.teacher.headers,
    });
    expect(osmosis.json<TAnswerGroupsResponse>().data).toMatchObject({ edited: false, groups: [] });

    // Reset: the marker's groups again.
    data = await edit(ANSWER_GROUP_PATHS.reset);
    expect(data.edited).toBe(false);
    expect(data.groups.every((g) => !g.edited && g._id.startsWith('m'))).toBe(true);
    expect(groupOf(data, COPIES[1] as string)._id).toBe(groupOf(data, COPIES[0] as string)._id);
  });

  it('refuses what is not valid with a 4xx naming the field', async () => {
    await answerAll();
    const data = await read();
    const copies = groupOf(data, COPIES[0] as string);
    const single = present(data.groups.find((g) => g.size === 1 && g.texts === 1));
    const groupId = copies._id;
    expectError(await post(ANSWER_GROUP_PATHS.mark, { score: 6 }, { groupId }), 400, {
      message: MESSAGES.review.scoreOutOfRange(5),
      field: 'score',
    });
    for (const score of [-1, 2.5]) {
      expectError(await post(ANSWER_GROUP_PATHS.mark, { score }, { groupId }), 400, {
        field: 'score',
      });
    }
    expectError(await post(ANSWER_GROUP_PATHS.mark, { score: 'two' }, { groupId }), 400, {
      code: 'VALIDATION',
    });
    expectError(await post(ANSWER_GROUP_PATHS.mark, {}, { groupId }), 400, { code: 'VALIDATION' });
    expectError(await post(ANSWER_GROUP_PATHS.mark, { score: 1 }, { groupId: 'nope' }), 400, {
      code: 'VALIDATION',
    });
    expectError(
      await post(ANSWER_GROUP_PATHS.mark, { score: 1 }, { groupId: 'mNotAGroupAtAll' }),
      404,
      {
        message: G.groupNotFound,
        field: 'groupId',
      },
    );
    // Split: answers of another group, all of the group, a group of one text.
    const stranger = present(single.answers[0])._id;
    expectError(await post(ANSWER_GROUP_PATHS.split, { answerIds: [stranger] }, { groupId }), 400, {
      message: G.notInThisGroup,
      field: 'answerIds',
    });
    expectError(
      await post(
        ANSWER_GROUP_PATHS.split,
        { answerIds: copies.answers.map((a) => a._id) },
        { groupId },
      ),
      400,
      { message: G.leaveOne, field: 'answerIds' },
    );
    expectError(await post(ANSWER_GROUP_PATHS.split, {}, { groupId: single._id }), 409, {
      message: G.nothingToSplit,
    });
    // Move: an answer in no group, to its own group, to a missing group, out when alone.
    expectError(
      await post(ANSWER_GROUP_PATHS.move, { answerId: room.cls.id, toGroupId: null }),
      400,
      { message: G.answerNotInGroups, field: 'answerId' },
    );
    expectError(
      await post(ANSWER_GROUP_PATHS.move, { answerId: stranger, toGroupId: single._id }),
      400,
      { message: G.sameGroup, field: 'toGroupId' },
    );
    expectError(
      await post(ANSWER_GROUP_PATHS.move, { answerId: stranger, toGroupId: 'mNotAGroupAtAll' }),
      404,
      { message: G.groupNotFound, field: 'toGroupId' },
    );
    expectError(await post(ANSWER_GROUP_PATHS.move, { answerId: stranger, toGroupId: null }), 409, {
      message: G.alreadyAlone,
    });
    expectError(await post(ANSWER_GROUP_PATHS.move, { answerId: stranger }), 400, {
      code: 'VALIDATION',
    });
    // Merge with itself.
    expectError(await post(ANSWER_GROUP_PATHS.merge, { groupId }, { groupId }), 400, {
      message: G.sameGroup,
      field: 'groupId',
    });
    // Nothing was changed by the refusals.
    expect((await read()).edited).toBe(false);
    expect((await read()).counts.reviewed).toBe(0);
  });

  it("is the class's teacher's and the school admin's; anyone else is refused", async () => {
    await answerAll();
    const data = await read();
    const groupId = present(data.groups[0])._id;
    const admin = await actor(t, 'admin', room.school);
    expect((await read(admin)).groups.map((g) => g._id)).toEqual(data.groups.map((g) => g._id));

    const colleague = await actor(t, 'teacher', room.school);
    const elsewhere = await buildSchool(t);
    const theirTeacher = await actor(t, 'teacher', elsewhere);
    const theirAdmin = await actor(t, 'admin', elsewhere);
    const calls = [
      { method: 'GET' as const, path: ANSWER_GROUP_PATHS.groups, payload: undefined },
      { method: 'POST' as const, path: ANSWER_GROUP_PATHS.mark, payload: { score: 1 } },
      { method: 'POST' as const, path: ANSWER_GROUP_PATHS.accept, payload: undefined },
      { method: 'POST' as const, path: ANSWER_GROUP_PATHS.split, payload: {} },
      { method: 'POST' as const, path: ANSWER_GROUP_PATHS.merge, payload: { groupId } },
      { method: 'POST' as const, path: ANSWER_GROUP_PATHS.reset, payload: undefined },
    ];
    for (const call of calls) {
      const send = (who: TActor | null) =>
        t.app.inject({
          method: call.method,
          url: url(call.path, { groupId }),
          ...(who ? { headers: who.headers } : {}),
          ...(call.payload === undefined ? {} : { payload: call.payload }),
        });
      for (const who of [colleague, theirTeacher, theirAdmin]) {
        expectError(await send(who), 404, { message: MESSAGES.classes.notFound });
      }
      expect((await send(room.student)).statusCode).toBe(403);
      expect((await send(null)).statusCode).toBe(401);
    }
    // A question not in the class.
    const response = await t.app.inject({
      method: 'GET',
      url: groupsUrl(room.cls.id, theirTeacher.user.id),
      headers: room.teacher.headers,
    });
    expectError(response, 404, { message: MESSAGES.release.notInClass });
    // The admin may mark a group as the review calls allow.
    const byAdmin = await post(ANSWER_GROUP_PATHS.accept, undefined, { groupId }, admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    // Nothing was changed by the refusals but the admin's accept.
    expect((await read()).edited).toBe(false);
  });

  it('reads the groups in a fixed number of statements, however many students', async () => {
    const counted = () => countingStatements(t.database.db);
    const teacher = {
      userId: room.teacher.user.id,
      role: 'teacher' as const,
      schoolId: room.school.id,
    };
    const params = { classId: room.cls.id, questionId: room.photosynthesis.id };
    await answer(present(students[0]), FULL);
    const small = counted();
    expect((await getAnswerGroups(small.db, teacher, params)).counts.marked).toBe(1);
    for (const [i, who] of students.slice(1).entries())
      await answer(who, BLANKISH[i % 2] as string);
    const large = counted();
    expect((await getAnswerGroups(large.db, teacher, params)).counts.marked).toBe(8);
    expect(large.count()).toBe(small.count());
    expect(large.count()).toBeLessThanOrEqual(5);
  });

  it('in anonymous mode sends no name, e-mail or id of a student, in a drawn order stable per teacher', async () => {
    await answerAll();
    const anon = '?anonymous=true';
    const answersUrl = url(CLASS_MARKING_PATHS.answers);
    const get = async (path: string, who = room.teacher) => {
      const response = await t.app.inject({ method: 'GET', url: path, headers: who.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    const replies = [
      await get(`${answersUrl}${anon}`),
      await get(`${url(ANSWER_GROUP_PATHS.groups)}${anon}`),
    ];
    const groups = replies[1]?.json<TAnswerGroupsResponse>().data;
    const big = present(groups?.groups.find((g) => g.size >= 3));
    // The groups' edits answer with the groups: anonymous too when asked.
    const split = await post(
      `${ANSWER_GROUP_PATHS.split}${anon}`,
      {
        answerIds: [present(big.answers[1])._id],
      },
      { groupId: big._id },
    );
    expect(split.statusCode, split.body).toBe(200);
    const reset = await post(`${ANSWER_GROUP_PATHS.reset}${anon}`);
    expect(reset.statusCode, reset.body).toBe(200);
    replies.push(split, reset);
    for (const reply of replies) {
      const body = reply.body.toLowerCase();
      for (const who of students) {
        expect(body).not.toContain(who.user.name.toLowerCase());
        expect(body).not.toContain(who.user.email.toLowerCase());
        expect(body).not.toContain(who.user.id);
      }
      expect(reply.json<{ data: { anonymous: boolean } }>().data.anonymous).toBe(true);
    }

    const named = (await get(answersUrl)).json<TClassQuestionAnswersResponse>().data;
    expect(named.anonymous).toBe(false);
    expect(named.rows.map((r) => r.student.name)).toContain(room.student.user.name);
    const first = present(replies[0]).json<TClassQuestionAnswersResponse>().data;
    // "Student 1" … "Student 8" by place, the rows in the drawn order, the same on a reload.
    expect(first.rows.map((r) => r.student.name)).toEqual(
      students.map((_, i) => MESSAGES.classMarking.anonymousName(i + 1)),
    );
    const again = (await get(`${answersUrl}${anon}`)).json<TClassQuestionAnswersResponse>().data;
    expect(again.rows).toEqual(first.rows);
    // The groups call each student by the same pseudonym.
    const pseudonyms = new Map(first.rows.map((r) => [r.student._id, r.student.name]));
    for (const a of present(groups).groups.flatMap((g) => g.answers)) {
      expect(pseudonyms.get(a.student._id)).toBe(a.student.name);
    }
    // Another reader (the school's admin) gets another draw: not the teacher's order, not by name.
    const admin = await actor(t, 'admin', room.school);
    const theirs = (await get(`${answersUrl}${anon}`, admin)).json<TClassQuestionAnswersResponse>()
      .data;
    const order = (data: TClassQuestionAnswers) => data.rows.map((r) => r.answer?._id);
    expect(order(theirs)).not.toEqual(order(first));
    expect([order(first), order(theirs)]).not.toContainEqual(order(named));
  });

  describe('test on a few first', () => {
    const fewUrl = () => url(CLASS_MARKING_PATHS.fewFirst);
    async function few(who: TActor = room.teacher): Promise<TFewFirst> {
      const response = await t.app.inject({ method: 'GET', url: fewUrl(), headers: who.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TFewFirstResponse>().data;
    }
    async function classAnswers(): Promise<TClassQuestionAnswers> {
      const response = await t.app.inject({
        method: 'GET',
        url: url(CLASS_MARKING_PATHS.answers),
        headers: room.teacher.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TClassQuestionAnswersResponse>().data;
    }
    const answerOf = (data: TClassQuestionAnswers, id: string) =>
      present(data.rows.find((r) => r.answer?._id === id)?.answer, `answer ${id}`);

    it('proposes one of each of the biggest groups and the least sure, as the review order begins, never a reviewed answer', async () => {
      await answerAll();
      const data = await classAnswers();
      const proposal = await few();
      expect(proposal).toMatchObject({ examples: 0, rest: 8 });
      expect(proposal.answerIds.length).toBeGreaterThan(1);
      expect(proposal.answerIds.length).toBeLessThanOrEqual(FEW_FIRST_SIZE);
      // The same code as the review order: its first answers.
      expect(proposal.answerIds).toEqual(data.reviewOrder.slice(0, proposal.answerIds.length));
      // Every group of two or more has an answer proposed, the biggest group's first; no two copies.
      const groups = await read();
      for (const g of groups.groups.filter((g) => g.size >= 2)) {
        expect(g.answers.some((a) => proposal.answerIds.includes(a._id))).toBe(true);
      }
      const biggest = present(groups.groups[0]);
      expect(biggest.answers.map((a) => a._id)).toContain(proposal.answerIds[0]);
      const copies = biggest.answers.filter((a) => COPIES.includes(a.preview));
      expect(copies.filter((a) => proposal.answerIds.includes(a._id)).length).toBeLessThanOrEqual(
        1,
      );

      // The teacher marks the first: it is never proposed again, and is an example now.
      const first = answerOf(data, present(proposal.answerIds[0]));
      const accepted = await t.app.inject({
        method: 'POST',
        url: reviewedUrl(first.submissionId, first._id),
        headers: room.teacher.headers,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const after = await few();
      expect(after.answerIds).not.toContain(first._id);
      expect(after).toMatchObject({ examples: 1, rest: 7 });
    });

    it("marks the rest with the teacher's marks as examples, leaving the teacher's marks and holds alone", async () => {
      // Marks of this class and question wait for the teacher's release.
      const setting = await t.app.inject({
        method: 'PATCH',
        url: apiPath(
          fillPath(RELEASE_PATHS.questionMarking, {
            classId: room.cls.id,
            questionId: room.photosynthesis.id,
          }),
        ),
        headers: room.teacher.headers,
        payload: { releaseMode: 'on_release' },
      });
      expect(setting.statusCode, setting.body).toBe(200);
      // Three students hand in the same text: the teacher's mark of one is an example for the others.
      const texts = [COPIES[0], COPIES[0], COPIES[0], FULL, FULL_COPY, NEAR, ...BLANKISH];
      for (const [k, text] of texts.entries()) await answer(present(students[k]), text as string);
      // Nothing to learn from yet.
      expectError(await post(RUBRIC_ITEM_PATHS.markRest), 409, {
        message: MESSAGES.rubricItems.markRestNeedsExamples,
      });
      const data = await classAnswers();
      const [one, two] = (await few()).answerIds.map((id) => answerOf(data, id));
      // The teacher gives one answer 4/5 with a comment and keeps the marker's mark of another.
      const override = await t.app.inject({
        method: 'PATCH',
        url: answerUrl(present(one).submissionId, present(one)._id),
        headers: room.teacher.headers,
        payload: { score: 4, comment: 'Say where it happens.' },
      });
      expect(override.statusCode, override.body).toBe(200);
      const accept = await t.app.inject({
        method: 'POST',
        url: reviewedUrl(present(two).submissionId, present(two)._id),
        headers: room.teacher.headers,
      });
      expect(accept.statusCode, accept.body).toBe(200);

      // Another school's admin and a student are refused; nothing is sent.
      const elsewhere = await buildSchool(t);
      expectError(
        await post(RUBRIC_ITEM_PATHS.markRest, undefined, {}, await actor(t, 'admin', elsewhere)),
        404,
        {},
      );
      expect((await post(RUBRIC_ITEM_PATHS.markRest, undefined, {}, room.student)).statusCode).toBe(
        403,
      );
      const rest = await post(RUBRIC_ITEM_PATHS.markRest);
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json<TMarkRestResponse>()).toEqual({
        success: true,
        message: MESSAGES.rubricItems.markRestQueued(6),
        data: { queued: 6, examples: 2 },
      });
      const pending = await classAnswers();
      // The marking queue marks them (in this process, at once; else when the students open them).
      for (const [i, who] of students.entries()) {
        const a = present(pending.rows.find((r) => r.student._id === who.user.id)?.answer, `${i}`);
        if (a.status === 'pending') await markOk(t, who, room.cls.id, a.submissionId);
      }
      const marked = await classAnswers();
      expect(marked.rows.every((r) => r.answer?.status === 'marked')).toBe(true);
      // The teacher's marks are as the teacher left them.
      expect(answerOf(marked, present(one)._id)).toMatchObject({
        score: 4,
        teacherFeedback: 'Say where it happens.',
        overridden: true,
      });
      expect(answerOf(marked, present(two)._id)).toMatchObject({
        score: present(two).score,
        reviewedAt: expect.any(String),
      });
      // Every other mark is the marker's again, made under the rubric now, and still held.
      for (const row of marked.rows) {
        const a = present(row.answer);
        if (a._id === present(one)._id || a._id === present(two)._id) continue;
        expect(a).toMatchObject({ reviewedAt: null, earlierRubric: false });
        expect(a.held.release).toBe(true);
      }
      // The first proposed is of the biggest group (the same text three times): the teacher's 4 for
      // it is the marker's example now, and the other two are marked 4 (the marker alone gave less).
      expect(present(one).answer).toBe(COPIES[0]);
      const copies = marked.rows.flatMap((r) =>
        r.answer && r.answer.answer === COPIES[0] && r.answer._id !== present(one)._id
          ? [r.answer]
          : [],
      );
      expect(copies).toHaveLength(2);
      for (const c of copies) {
        expect(answerOf(data, c._id).score).not.toBe(4);
        expect(c).toMatchObject({ score: 4, reviewedAt: null });
      }
      // Recorded in the audit log.
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'marks.remarked'), eq(auditLog.targetId, room.cls.id)));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorId: room.teacher.user.id,
        details: {
          after: { questionId: room.photosynthesis.id, answers: 6, why: 'examples' },
        },
      });
    });

    it("is the class's teacher's and the school admin's; another school is refused", async () => {
      await answerAll();
      const elsewhere = await buildSchool(t);
      const outsider = await actor(t, 'teacher', elsewhere);
      const response = await t.app.inject({
        method: 'GET',
        url: fewUrl(),
        headers: outsider.headers,
      });
      expectError(response, 404, {});
      const student = await t.app.inject({
        method: 'GET',
        url: fewUrl(),
        headers: room.student.headers,
      });
      expect(student.statusCode).toBe(403);
      // Another teacher of the same school: not their class.
      const colleague = await actor(t, 'teacher', room.school);
      expectError(
        await t.app.inject({ method: 'GET', url: fewUrl(), headers: colleague.headers }),
        404,
        {},
      );
      expectError(await post(RUBRIC_ITEM_PATHS.markRest, undefined, {}, colleague), 404, {});
      // The school's admin may.
      const admin = await actor(t, 'admin', room.school);
      expect((await few(admin)).answerIds.length).toBeGreaterThan(0);
    });
  });
});
