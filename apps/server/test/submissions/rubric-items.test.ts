import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, type TAccountExport } from '@stem/contract/account';
import { CLASS_EXTRA_PATHS } from '@stem/contract/admin';
import {
  CLASS_MARKING_PATHS,
  type TClassQuestionAnswersResponse,
} from '@stem/contract/class-marking';
import { MESSAGES } from '@stem/contract/messages';
import {
  MAX_RUBRIC_ITEM_LABEL,
  RUBRIC_ITEM_PATHS,
  type TApplyRubricItemsResponse,
  type TRubricItemChangeResponse,
  type TRubricItemsResponse,
  type TSavedCommentsResponse,
  type TRemarkResponse,
} from '@stem/contract/rubric-items';
import type { ZSubmissionDetailsResponse } from '@stem/contract/submissions';
import { QUESTION_PATHS } from '@stem/contract/api';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { rubricVersionOf } from '../../src/modules/rubric-items/rubric-version';
import { buildSchool } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  actor,
  createQuestion,
  expectError,
  present,
  questionBody,
  url,
  type TActor,
} from '../teaching/teaching-helpers';
import {
  answerUrl,
  classroom,
  detailsUrl,
  instrumentedMarker,
  markOk,
  PHOTOSYNTHESIS_ANSWER,
  submissionRow,
  submitOk,
} from './submission-helpers';

/**
 * Issue 27 on the class marking screen: point-valued rubric items (who may change them, their
 * rules, marks from items through the review path, retroactive re-scoring), saved comments, and
 * answers marked under an earlier rubric with their re-mark. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
describe(
  'rubric items, saved comments and re-marks on the class marking screen',
  { timeout: 180_000 },
  () => {
    let t: TTestApp;
    let room: Awaited<ReturnType<typeof classroom>>;
    let adam: TActor;

    beforeAll(async () => {
      t = await buildTestApp();
    });
    beforeEach(async () => {
      t.clock.reset();
      room = await classroom(t);
      adam = room.outsider;
      const reply = await t.app.inject({
        method: 'POST',
        url: url(CLASS_EXTRA_PATHS.assignStudents),
        headers: room.teacher.headers,
        payload: { classId: room.cls.id, students: [adam.user.id] },
      });
      expect(reply.statusCode, reply.body).toBeLessThan(300);
    });
    afterAll(async () => {
      await t.close();
    });

    const params = () => ({ classId: room.cls.id, questionId: room.photosynthesis.id });
    const itemsUrl = () => url(RUBRIC_ITEM_PATHS.items, params());
    const itemUrl = (itemId: string) => url(RUBRIC_ITEM_PATHS.item, { ...params(), itemId });
    const appliedUrl = (answerId: string) =>
      url(RUBRIC_ITEM_PATHS.applied, { ...params(), answerId });
    const commentsUrl = () => url(RUBRIC_ITEM_PATHS.comments, params());

    function call(
      who: TActor,
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      path: string,
      payload?: object,
    ) {
      return t.app.inject({
        method,
        url: path,
        headers: who.headers,
        ...(payload ? { payload } : {}),
      });
    }

    async function addItem(label: string, points: number, who: TActor = room.teacher) {
      const reply = await call(who, 'POST', itemsUrl(), { label, points });
      expect(reply.statusCode, reply.body).toBe(201);
      const items = reply.json<TRubricItemChangeResponse>().data.items;
      return present(items.find((i) => i.label === label));
    }

    async function readItems(who: TActor = room.teacher) {
      const reply = await call(who, 'GET', itemsUrl());
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<TRubricItemsResponse>().data;
    }

    async function classAnswers(who: TActor = room.teacher) {
      const reply = await call(who, 'GET', url(CLASS_MARKING_PATHS.answers, params()));
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<TClassQuestionAnswersResponse>().data;
    }

    /** A student answers photosynthesis; the submission is marked. Returns the answer. */
    async function answered(who: TActor = room.student, text = PHOTOSYNTHESIS_ANSWER) {
      const id = await submitOk(t, who, room.cls, [
        { question: room.photosynthesis, answer: text },
      ]);
      await markOk(t, who, room.cls.id, id);
      const data = await classAnswers();
      const row = present(data.rows.find((r) => r.student._id === who.user.id));
      return present(row.answer);
    }

    async function apply(answerId: string, itemIds: string[], who: TActor = room.teacher) {
      const reply = await call(who, 'PUT', appliedUrl(answerId), { itemIds });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<TApplyRubricItemsResponse>().data;
    }

    async function history(submissionId: string) {
      const reply = await call(room.teacher, 'GET', detailsUrl(submissionId));
      expect(reply.statusCode, reply.body).toBe(200);
      const details = reply.json<z.infer<typeof ZSubmissionDetailsResponse>>().data;
      return present(details.submissions[0]);
    }

    it('adds, edits, reorders and deletes items within the rules', async () => {
      const first = await addItem('Names light, water and carbon dioxide', 2);
      const second = await addItem('Glucose and oxygen made', 3);
      const deduction = await addItem('Says plants breathe in oxygen', -1);
      let data = await readItems();
      expect(data.canEdit).toBe(true);
      expect(data.items.map((i) => [i.label, i.points, i.position])).toEqual([
        [first.label, 2, 1],
        [second.label, 3, 2],
        [deduction.label, -1, 3],
      ]);

      // Points beyond the question's marks (5) either way, a fraction, an empty or long label: 400.
      expectError(
        await call(room.teacher, 'POST', itemsUrl(), { label: 'Too many', points: 6 }),
        400,
        {
          field: 'points',
          message: MESSAGES.rubricItems.pointsTooLarge(5),
        },
      );
      expectError(
        await call(room.teacher, 'POST', itemsUrl(), { label: 'Too few', points: -6 }),
        400,
        {
          field: 'points',
        },
      );
      expectError(
        await call(room.teacher, 'POST', itemsUrl(), { label: 'Half', points: 1.5 }),
        400,
        {
          field: 'points',
        },
      );
      expectError(await call(room.teacher, 'POST', itemsUrl(), { label: '  ', points: 1 }), 400, {
        field: 'label',
      });
      expectError(
        await call(room.teacher, 'POST', itemsUrl(), {
          label: 'x'.repeat(MAX_RUBRIC_ITEM_LABEL + 1),
          points: 1,
        }),
        400,
        { field: 'label' },
      );
      expect(
        (await call(room.teacher, 'POST', itemsUrl(), { label: 'x'.repeat(200), points: 1 }))
          .statusCode,
      ).toBe(201);

      // Edit the label; reorder; a wrong order is refused.
      const edited = await call(room.teacher, 'PATCH', itemUrl(first._id), {
        label: 'Light, water, CO2',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<TRubricItemChangeResponse>()).toMatchObject({
        message: MESSAGES.rubricItems.updated(0),
        data: { rescored: 0 },
      });
      expectError(await call(room.teacher, 'PATCH', itemUrl(first._id), {}), 400, {
        field: 'label',
      });
      data = await readItems();
      const ids = data.items.map((i) => i._id);
      const reversed = [...ids].reverse();
      const order = url(RUBRIC_ITEM_PATHS.order, params());
      expect((await call(room.teacher, 'PUT', order, { itemIds: reversed })).statusCode).toBe(200);
      expect((await readItems()).items.map((i) => i._id)).toEqual(reversed);
      expectError(await call(room.teacher, 'PUT', order, { itemIds: ids.slice(1) }), 400, {
        field: 'itemIds',
        message: MESSAGES.rubricItems.orderMismatch,
      });

      // Delete; a missing item is 404.
      const deleted = await call(room.teacher, 'DELETE', itemUrl(second._id));
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await readItems()).items.map((i) => i._id)).not.toContain(second._id);
      expectError(await call(room.teacher, 'DELETE', itemUrl(second._id)), 404, {
        message: MESSAGES.rubricItems.notFound,
      });
    });

    it("is the question's teacher's and the admin's to change; others are refused", async () => {
      const item = await addItem('Names chlorophyll', 1);
      // The school's admin may change items and read them.
      const admin = await actor(t, 'admin', room.school);
      expect((await readItems(admin)).canEdit).toBe(true);
      await addItem('Admin item', 1, admin);
      // A student: 403 by role.
      expect((await call(room.student, 'GET', itemsUrl())).statusCode).toBe(403);
      expect(
        (await call(room.student, 'POST', itemsUrl(), { label: 'x', points: 1 })).statusCode,
      ).toBe(403);
      // Another teacher of the school: the class is not theirs (404).
      const colleague = await actor(t, 'teacher', room.school);
      expectError(await call(colleague, 'GET', itemsUrl()), 404, {
        message: MESSAGES.classes.notFound,
      });
      expectError(await call(colleague, 'PATCH', itemUrl(item._id), { points: 0 }), 404, {});
      // Another school's teacher and admin: 404.
      const elsewhere = await buildSchool(t);
      for (const who of [
        await actor(t, 'teacher', elsewhere),
        await actor(t, 'admin', elsewhere),
      ]) {
        expectError(await call(who, 'GET', itemsUrl()), 404, {
          message: MESSAGES.classes.notFound,
        });
        expectError(await call(who, 'DELETE', itemUrl(item._id)), 404, {});
      }
      // A question not in the class: 404 naming it.
      const loose = await createQuestion(t.app, room.teacher);
      expectError(
        await call(
          room.teacher,
          'GET',
          url(RUBRIC_ITEM_PATHS.items, { ...params(), questionId: loose.id }),
        ),
        404,
        { field: 'questionId' },
      );
      // An item of another question, named under this one: 404.
      const osmosisItems = url(RUBRIC_ITEM_PATHS.items, {
        ...params(),
        questionId: room.osmosis.id,
      });
      const other = await call(room.teacher, 'POST', osmosisItems, {
        label: 'Membrane',
        points: 1,
      });
      const otherId = present(other.json<TRubricItemChangeResponse>().data.items[0])._id;
      expectError(await call(room.teacher, 'PATCH', itemUrl(otherId), { points: 2 }), 404, {
        message: MESSAGES.rubricItems.notFound,
      });
      expect(other.statusCode).toBe(201);
    });

    it('scores an answer from its items through the review, with history and the total', async () => {
      const light = await addItem('Light, water and carbon dioxide', 2);
      const products = await addItem('Glucose and oxygen', 3);
      const wrong = await addItem('Says oxygen is taken in', -1);
      const answer = await answered();

      const applied = await apply(answer._id, [light._id, products._id]);
      expect(applied).toEqual({
        answerId: answer._id,
        itemIds: [light._id, products._id],
        score: 5,
        marks: 5,
      });
      // A deduction: 4; beyond the marks or below 0 the mark is kept within 0..marks.
      expect((await apply(answer._id, [light._id, products._id, wrong._id])).score).toBe(4);
      expect((await apply(answer._id, [wrong._id])).score).toBe(0);
      expect((await apply(answer._id, [light._id])).score).toBe(2);

      const details = await history(answer.submissionId);
      expect(details.score).toBe(2);
      expect(details.history?.map((h) => h.scoreAfter)).toEqual([2, 0, 4, 5]);
      expect(details.history?.[0]).toMatchObject({
        action: 'override',
        scoreBefore: 0,
        scoreAfter: 2,
      });

      // The screen: reviewed, changed, and the items shown with the answer.
      const data = await classAnswers();
      const row = present(data.rows.find((r) => r.answer?._id === answer._id)?.answer);
      expect(row).toMatchObject({ score: 2, overridden: true });
      expect(row.reviewedAt).not.toBeNull();
      expect(data.counts.reviewed).toBe(1);
      expect((await readItems()).applied).toEqual([{ answerId: answer._id, itemIds: [light._id] }]);

      // The teacher's comment stays as it was when items are applied.
      const comment = await call(
        room.teacher,
        'PATCH',
        answerUrl(answer.submissionId, answer._id),
        {
          score: 2,
          comment: 'Name the products too.',
        },
      );
      expect(comment.statusCode, comment.body).toBe(200);
      await apply(answer._id, [light._id, products._id]);
      expect((await history(answer.submissionId)).teacherFeedback).toBe('Name the products too.');

      // An item of another question, an answer of another question or class: refused.
      const osmosisItems = url(RUBRIC_ITEM_PATHS.items, {
        ...params(),
        questionId: room.osmosis.id,
      });
      const other = await call(room.teacher, 'POST', osmosisItems, {
        label: 'Membrane',
        points: 1,
      });
      const otherId = present(other.json<TRubricItemChangeResponse>().data.items[0])._id;
      expectError(
        await call(room.teacher, 'PUT', appliedUrl(answer._id), { itemIds: [otherId] }),
        400,
        {
          field: 'itemIds',
          message: MESSAGES.rubricItems.unknownItem,
        },
      );
      const osmosisAnswerUrl = url(RUBRIC_ITEM_PATHS.applied, {
        ...params(),
        questionId: room.osmosis.id,
        answerId: answer._id,
      });
      expectError(await call(room.teacher, 'PUT', osmosisAnswerUrl, { itemIds: [] }), 404, {
        field: 'answerId',
      });
      // Another school: 404.
      const elsewhere = await buildSchool(t);
      const theirs = await actor(t, 'admin', elsewhere);
      expectError(await call(theirs, 'PUT', appliedUrl(answer._id), { itemIds: [] }), 404, {});
    });

    it("suggests the items the teacher gave an alike answer where the marker's mark agrees", async () => {
      const mine = await answered(room.student);
      const theirs = await answered(adam);
      const machine = present(theirs.score);
      expect(machine).toBeGreaterThan(0);
      const whole = await addItem('Light, water and carbon dioxide make glucose', machine);
      const slip = await addItem('Says plants breathe in oxygen', -1);
      expect((await readItems()).suggested).toEqual([]);

      // The teacher's items on one answer give the marker's mark: the copy gets them suggested.
      await apply(mine._id, [whole._id]);
      expect((await readItems()).suggested).toEqual([
        { answerId: theirs._id, itemIds: [whole._id], similarity: 1 },
      ]);
      // Items that give another mark than the marker's are not suggested.
      await apply(mine._id, [whole._id, slip._id]);
      expect((await readItems()).suggested).toEqual([]);
      await apply(mine._id, [whole._id]);
      // Applied, they are the teacher's: nothing is suggested for that answer any more.
      await apply(theirs._id, [whole._id]);
      expect((await readItems()).suggested).toEqual([]);
    });

    it("takes two changes of one answer's items at once in turn", async () => {
      const light = await addItem('Light, water and carbon dioxide', 2);
      const products = await addItem('Glucose and oxygen', 3);
      const answer = await answered();
      const replies = await Promise.all([
        call(room.teacher, 'PUT', appliedUrl(answer._id), { itemIds: [light._id] }),
        call(room.teacher, 'PUT', appliedUrl(answer._id), { itemIds: [light._id, products._id] }),
      ]);
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
      const { applied } = await readItems();
      const last = present(applied[0]);
      const score = (await classAnswers()).rows.find((r) => r.answer?._id === answer._id)?.answer
        ?.score;
      expect(score).toBe(last.itemIds.length === 1 ? 2 : 5);
      expect((await history(answer.submissionId)).history).toHaveLength(2);
    });

    it('re-scores every answer an item was applied to when its points change or it is deleted', async () => {
      const light = await addItem('Light, water and carbon dioxide', 2);
      const products = await addItem('Glucose and oxygen', 2);
      const bella = await answered(room.student);
      const adamAnswer = await answered(adam, 'Plants use light to make glucose.');
      await apply(bella._id, [light._id, products._id]); // 4
      await apply(adamAnswer._id, [light._id]); // 2

      // +2 → +3: both answers change (5 and 3).
      const changed = await call(room.teacher, 'PATCH', itemUrl(light._id), { points: 3 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<TRubricItemChangeResponse>()).toMatchObject({
        message: MESSAGES.rubricItems.updated(2),
        data: { rescored: 2 },
      });
      let data = await classAnswers();
      const score = (id: string) => data.rows.find((r) => r.answer?._id === id)?.answer?.score;
      expect([score(bella._id), score(adamAnswer._id)]).toEqual([5, 3]);
      const bellaHistory = (await history(bella.submissionId)).history ?? [];
      expect(bellaHistory[0]).toMatchObject({ action: 'override', scoreBefore: 4, scoreAfter: 5 });

      // +3 → +4: Bella's 6 is kept at 5 (no change), Adam's becomes 4: one mark changed.
      const capped = await call(room.teacher, 'PATCH', itemUrl(light._id), { points: 4 });
      expect(capped.json<TRubricItemChangeResponse>().data.rescored).toBe(1);

      // Deleting "products" re-scores Bella only (4 from light alone).
      const deleted = await call(room.teacher, 'DELETE', itemUrl(products._id));
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json<TRubricItemChangeResponse>()).toMatchObject({
        message: MESSAGES.rubricItems.deleted(1),
        data: { rescored: 1 },
      });
      data = await classAnswers();
      expect([score(bella._id), score(adamAnswer._id)]).toEqual([4, 4]);
      expect((await history(bella.submissionId)).history?.[0]).toMatchObject({
        scoreBefore: 5,
        scoreAfter: 4,
      });
      // Deleting the last item an answer has leaves nothing to add up: 0.
      const last = await call(room.teacher, 'DELETE', itemUrl(light._id));
      expect(last.json<TRubricItemChangeResponse>().data.rescored).toBe(2);
      data = await classAnswers();
      expect([score(bella._id), score(adamAnswer._id)]).toEqual([0, 0]);
    });

    it("keeps each teacher's saved comments for the question", async () => {
      const saveReply = await call(room.teacher, 'POST', commentsUrl(), {
        text: ' Name the gas. ',
      });
      expect(saveReply.statusCode, saveReply.body).toBe(201);
      await call(room.teacher, 'POST', commentsUrl(), { text: 'Give the unit.' });
      // The same text again is kept once.
      await call(room.teacher, 'POST', commentsUrl(), { text: 'Name the gas.' });
      const list = await call(room.teacher, 'GET', commentsUrl());
      const comments = list.json<TSavedCommentsResponse>().data;
      expect(comments.map((c) => c.text)).toEqual(['Name the gas.', 'Give the unit.']);
      expectError(await call(room.teacher, 'POST', commentsUrl(), { text: '' }), 400, {
        field: 'text',
      });

      // The admin's saved comments are the admin's own: the teacher's are not listed, nor deletable.
      const admin = await actor(t, 'admin', room.school);
      const adminList = await call(admin, 'GET', commentsUrl());
      expect(adminList.json<TSavedCommentsResponse>().data).toEqual([]);
      const first = present(comments[0]);
      const commentUrl = url(RUBRIC_ITEM_PATHS.comment, { ...params(), commentId: first._id });
      expectError(await call(admin, 'DELETE', commentUrl), 404, {
        message: MESSAGES.rubricItems.commentNotFound,
      });
      // Another school's users, and students, are refused.
      const elsewhere = await buildSchool(t);
      expectError(await call(await actor(t, 'teacher', elsewhere), 'GET', commentsUrl()), 404, {});
      expect((await call(room.student, 'GET', commentsUrl())).statusCode).toBe(403);

      // The teacher's copy of their data holds them, with their question.
      const own = await call(room.teacher, 'GET', url(ACCOUNT_PATHS.data));
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json<TAccountExport>().savedComments.map((c) => [c.question, c.text])).toEqual([
        [room.photosynthesis.question, 'Name the gas.'],
        [room.photosynthesis.question, 'Give the unit.'],
      ]);

      const removed = await call(room.teacher, 'DELETE', commentUrl);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json<TSavedCommentsResponse>().data.map((c) => c.text)).toEqual([
        'Give the unit.',
      ]);
    });

    it('writes the rubric an answer was marked under as migration 0020 wrote it for older answers', async () => {
      const bella = await answered(room.student);
      const result = await t.database.db.execute(sql`
        select rubric_version as "written",
          md5(marks::text || chr(31) || low_mark_range || chr(31) || high_mark_range || chr(31) || rubric) as "migrated"
        from submission_answers where id = ${bella._id}`);
      const [row] = (result as unknown as { rows: { written: string; migrated: string }[] }).rows;
      expect(row?.written).toBe(rubricVersionOf(room.photosynthesis));
      expect(row?.migrated).toBe(row?.written);
    });

    it('flags marks made under an earlier rubric and re-marks them, keeping reviewed marks', async () => {
      const bella = await answered(room.student);
      const adamAnswer = await answered(adam, 'Plants use light to make glucose.');
      expect((await classAnswers()).rows.every((r) => r.answer?.earlierRubric === false)).toBe(
        true,
      );
      // Adam's mark is reviewed (accepted) by the teacher.
      const accepted = await call(
        room.teacher,
        'PATCH',
        answerUrl(adamAnswer.submissionId, adamAnswer._id),
        { score: 1 },
      );
      expect(accepted.statusCode, accepted.body).toBe(200);

      // The teacher changes the question's marks and rubric.
      const update = await call(
        room.teacher,
        'PUT',
        url(QUESTION_PATHS.update, { id: room.photosynthesis.id }),
        questionBody({
          marks: 4,
          lowMarkRange: '0-1',
          highMarkRange: '3-4',
          rubric:
            'Low Mark Range (0-1):\nNames photosynthesis only.\n\nHigh Mark Range (3-4):\nLight, water and carbon dioxide become glucose and oxygen in the chloroplasts.',
        }),
      );
      expect(update.statusCode, update.body).toBe(200);
      let data = await classAnswers();
      const flag = (id: string) =>
        data.rows.find((r) => r.answer?._id === id)?.answer?.earlierRubric;
      // Bella's (the marker's) is flagged; Adam's reviewed mark is the teacher's, not flagged.
      expect([flag(bella._id), flag(adamAnswer._id)]).toEqual([true, false]);

      const remarkUrl = url(RUBRIC_ITEM_PATHS.remark, params());
      // Another school's admin cannot.
      const elsewhere = await buildSchool(t);
      expectError(await call(await actor(t, 'admin', elsewhere), 'POST', remarkUrl), 404, {});
      const remark = await call(room.teacher, 'POST', remarkUrl);
      expect(remark.statusCode, remark.body).toBe(200);
      expect(remark.json<TRemarkResponse>()).toMatchObject({
        message: MESSAGES.rubricItems.remarkQueued(1),
        data: { queued: 1 },
      });
      await markOk(t, room.student, room.cls.id, bella.submissionId);
      data = await classAnswers();
      const bellaNow = present(data.rows.find((r) => r.answer?._id === bella._id)?.answer);
      expect(bellaNow).toMatchObject({ status: 'marked', marks: 4, earlierRubric: false });
      expect(present(bellaNow.score)).toBeLessThanOrEqual(4);
      const adamNow = present(data.rows.find((r) => r.answer?._id === adamAnswer._id)?.answer);
      expect(adamNow).toMatchObject({ score: 1, marks: 5, earlierRubric: false });
      // Nothing left to re-mark.
      const again = await call(room.teacher, 'POST', remarkUrl);
      expect(again.json<TRemarkResponse>().data.queued).toBe(0);
    });

    it('re-marks one answer of a submission and keeps its other answers as they are', async () => {
      const id = await submitOk(t, room.student, room.cls, [
        { question: room.photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
        { question: room.osmosis, answer: 'Water moves across the membrane into the cell.' },
      ]);
      await markOk(t, room.student, room.cls.id, id);
      const before = await history(id);
      const submission = await call(room.teacher, 'GET', detailsUrl(id));
      const osmosisBefore =
        submission.json<z.infer<typeof ZSubmissionDetailsResponse>>().data.submissions[1];
      // The teacher overrides the osmosis answer, then changes the photosynthesis rubric.
      const osmosisAnswer = present(osmosisBefore);
      const override = await call(room.teacher, 'PATCH', answerUrl(id, osmosisAnswer._id), {
        score: 2,
        comment: 'Say which way the water moves.',
      });
      expect(override.statusCode, override.body).toBe(200);
      await call(
        room.teacher,
        'PUT',
        url(QUESTION_PATHS.update, { id: room.photosynthesis.id }),
        questionBody({ rubric: `${questionBody().rubric}\nMentions chlorophyll.` }),
      );
      const remark = await call(room.teacher, 'POST', url(RUBRIC_ITEM_PATHS.remark, params()));
      expect(remark.json<TRemarkResponse>().data.queued).toBe(1);
      await markOk(t, room.student, room.cls.id, id);
      const after = await call(room.teacher, 'GET', detailsUrl(id));
      const answers = after.json<z.infer<typeof ZSubmissionDetailsResponse>>().data;
      const osmosis = present(answers.submissions[1]);
      expect(osmosis).toMatchObject({
        score: 2,
        teacherFeedback: 'Say which way the water moves.',
      });
      expect(answers.totalScore).toBe((present(answers.submissions[0]).score ?? 0) + 2);
      expect(before.score).not.toBeNull();
    });
  },
);

describe("an item's new points while its answer's submission is being marked again", () => {
  let t: TTestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it('re-scores the answer at once and the re-mark keeps it', { timeout: 180_000 }, async () => {
    // The engine can be held back, so the re-mark is still running when the item changes.
    const real = instrumentedMarker();
    let hold = Promise.resolve();
    let release: () => void = () => undefined;
    const app = await buildTestApp(
      // The default wait (a mark call waits for the marking): never a race with a busy machine.
      {},
      {
        marker: {
          async mark(input) {
            await hold;
            return real.mark(input);
          },
        },
      },
    );
    t = app;
    const room = await classroom(app);
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, payload?: object) =>
      app.app.inject({
        method,
        url: path,
        headers: room.teacher.headers,
        ...(payload ? { payload } : {}),
      });
    const params = { classId: room.cls.id, questionId: room.photosynthesis.id };
    const added = await call('POST', url(RUBRIC_ITEM_PATHS.items, params), {
      label: 'Light, water and carbon dioxide',
      points: 2,
    });
    expect(added.statusCode, added.body).toBe(201);
    const light = present(added.json<TRubricItemChangeResponse>().data.items[0]);
    const id = await submitOk(app, room.student, room.cls, [
      { question: room.photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
      { question: room.osmosis, answer: 'Water moves across the membrane into the cell.' },
    ]);
    await markOk(app, room.student, room.cls.id, id);
    const details = async () => {
      const reply = await call('GET', detailsUrl(id));
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<z.infer<typeof ZSubmissionDetailsResponse>>().data;
    };
    const photosynthesisId = present((await details()).submissions[0])._id;
    const applied = await call(
      'PUT',
      url(RUBRIC_ITEM_PATHS.applied, { ...params, answerId: photosynthesisId }),
      { itemIds: [light._id] },
    );
    expect(applied.json<TApplyRubricItemsResponse>().data.score).toBe(2);

    // The osmosis rubric changes and its answer goes back to the (held) marker.
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const edited = await call('PUT', url(QUESTION_PATHS.update, { id: room.osmosis.id }), {
      question: 'Explain osmosis in a plant root cell.',
      marks: 4,
      lowMarkRange: '0-1',
      highMarkRange: '3-4',
      rubric:
        'Low Mark Range (0-1):\nMentions water moving.\n\nHigh Mark Range (3-4):\nWater moves from a dilute solution to a concentrated one across a partially permeable membrane, by osmosis.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const remark = await call(
      'POST',
      url(RUBRIC_ITEM_PATHS.remark, { classId: room.cls.id, questionId: room.osmosis.id }),
    );
    expect(remark.json<TRemarkResponse>().data.queued).toBe(1);
    expect((await submissionRow(app, id)).status).toBe('pending');

    // The item's points change while the submission is pending: its answer follows at once.
    const changed = await call(
      'PATCH',
      url(RUBRIC_ITEM_PATHS.item, { ...params, itemId: light._id }),
      {
        points: 3,
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<TRubricItemChangeResponse>().data.rescored).toBe(1);

    // The re-mark ends: the item's points stand, and the total adds them up.
    release();
    expect((await markOk(app, room.student, room.cls.id, id)).status).toBe('marked');
    const after = await details();
    const [photosynthesis, osmosis] = after.submissions.map((a) => present(a));
    expect(photosynthesis?.score).toBe(3);
    expect(photosynthesis?.history?.[0]).toMatchObject({ scoreBefore: 2, scoreAfter: 3 });
    expect(after.totalScore).toBe(3 + (osmosis?.score ?? 0));
  });
});
