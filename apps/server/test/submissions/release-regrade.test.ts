import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, type TAccountExport } from '@stem/contract/account';
import { CLASS_EXTRA_PATHS, type TFeedbackResponse } from '@stem/contract/admin';
import { apiPath, DASHBOARD_PATHS, fillPath, QUESTION_PATHS } from '@stem/contract/api';
import type { TStudentDashboard } from '@stem/contract/dashboard';
import {
  REGRADE_PATHS,
  RELEASE_PATHS,
  type TClassMarkingResponse,
  type TQuestionMarkingResponse,
  type TRegradeListResponse,
  type TRegradeRequest,
  type TReleaseResponse,
  type TSubmissionRegrades,
} from '@stem/contract/regrades';
import type { TSubmission, TSubmissionListResponse } from '@stem/contract/submissions';
import { answerReviews, auditLog } from '../../src/db/schema';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import {
  addToClass,
  createClass,
  createQuestion,
  present,
  type TActor,
} from '../teaching/teaching-helpers';
import {
  classroom,
  detailsUrl,
  markOk,
  PHOTOSYNTHESIS_ANSWER,
  reviewedUrl,
  studentSubmissionsUrl,
  submitOk,
  teacherSubmissionsUrl,
} from './submission-helpers';

/**
 * Issue 27: a class's marks of a question reach its students at once or when the teacher releases
 * them; a student asks once, with a reason, before the deadline, for a re-mark of their own answer;
 * the teacher answers from a list with a count, and the student is told by e-mail and on the page.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
const DAY = 24 * 60 * 60 * 1000;
const marking = (classId: string) => apiPath(fillPath(RELEASE_PATHS.classMarking, { classId }));
const questionMarking = (classId: string, questionId: string) =>
  apiPath(fillPath(RELEASE_PATHS.questionMarking, { classId, questionId }));
const releaseUrl = (classId: string, questionId: string) =>
  apiPath(fillPath(RELEASE_PATHS.release, { classId, questionId }));
const requestUrl = (id: string, answerId: string) =>
  apiPath(fillPath(REGRADE_PATHS.request, { id, answerId }));
const ofSubmission = (id: string) => apiPath(fillPath(REGRADE_PATHS.ofSubmission, { id }));
const listUrl = apiPath(REGRADE_PATHS.list);
const replyUrl = (requestId: string) => apiPath(fillPath(REGRADE_PATHS.reply, { requestId }));
const feedbackUrl = (id: string) => apiPath(fillPath(CLASS_EXTRA_PATHS.feedback, { id }));

describe('releasing marks and re-mark requests', { timeout: 180_000 }, () => {
  let t: TTestApp;
  let room: Awaited<ReturnType<typeof classroom>>;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(async () => {
    t.clock.reset();
    room = await classroom(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function call(
    who: TActor,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
  ) {
    return t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  }
  async function ok<T>(
    who: TActor,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    body?: unknown,
  ) {
    const response = await call(who, method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  }

  /** Bella answers photosynthesis in the class; the submission is marked. */
  async function answered(student: TActor = room.student, cls = room.cls) {
    const id = await submitOk(t, student, cls, [
      { question: room.photosynthesis, answer: PHOTOSYNTHESIS_ANSWER },
    ]);
    await markOk(t, student, cls.id, id);
    const details = await ok<{ data: TSubmission }>(room.teacher, 'GET', detailsUrl(id));
    const answer = present(details.data.submissions[0], 'answer');
    return { id, answerId: answer._id, score: present(answer.score, 'score'), marks: answer.marks };
  }

  describe('release', () => {
    it('holds a class-question set to release from every reply the student reads until the teacher releases it', async () => {
      const setting = await ok<TQuestionMarkingResponse>(
        room.teacher,
        'PATCH',
        questionMarking(room.cls.id, room.photosynthesis.id),
        { releaseMode: 'on_release' },
      );
      expect(setting.data).toMatchObject({ releaseMode: 'on_release', heldCount: 0 });

      const { id, answerId, score } = await answered();
      // The student: no score on the mark call, the details, the list, the dashboard, the feedback.
      const mine = await ok<{ data: TSubmission }>(room.student, 'GET', detailsUrl(id));
      expect(mine.data.totalScore).toBeNull();
      expect(mine.data.releaseHeld).toBe(true);
      expect(mine.data.submissions[0]).toMatchObject({
        score: null,
        feedback: [],
        feedbackHeld: true,
        releaseHeld: true,
      });
      const list = await ok<TSubmissionListResponse>(room.student, 'GET', studentSubmissionsUrl);
      expect(list.data[0]).toMatchObject({ totalScore: null, releaseHeld: true });
      const dashboard = await ok<{ data: TStudentDashboard }>(
        room.student,
        'GET',
        apiPath(DASHBOARD_PATHS.student),
      );
      expect(dashboard.data.recentSubmissions[0]).toMatchObject({ totalScore: null });
      const feedback = await ok<{ data: TFeedbackResponse['data'] }>(
        room.student,
        'GET',
        feedbackUrl(id),
      );
      expect(feedback.data.feedback[0]).toMatchObject({ score: null, releaseHeld: true });
      // The teacher sees the mark, and that it waits; a review does not release it.
      const theirs = await ok<{ data: TSubmission }>(room.teacher, 'GET', detailsUrl(id));
      expect(theirs.data.submissions[0]?.score).toBe(score);
      await ok(room.teacher, 'POST', reviewedUrl(id, answerId));
      const afterReview = await ok<{ data: TSubmission }>(room.student, 'GET', detailsUrl(id));
      expect(afterReview.data.submissions[0]?.score).toBeNull();
      // Not in Needs review for being held for release.
      const queue = await ok<TSubmissionListResponse>(
        room.teacher,
        'GET',
        `${teacherSubmissionsUrl(room.teacher.user.id)}?review=needed`,
      );
      expect(queue.data.map((s) => s._id)).not.toContain(id);

      const state = await ok<TClassMarkingResponse>(room.teacher, 'GET', marking(room.cls.id));
      const row = state.data.questions.find((q) => q.questionId === room.photosynthesis.id);
      expect(row).toMatchObject({ releaseMode: 'on_release', heldCount: 1, releasedAt: null });
      // The other question of the class is untouched.
      expect(state.data.questions.find((q) => q.questionId === room.osmosis.id)).toMatchObject({
        releaseMode: 'instant',
      });

      const released = await ok<TReleaseResponse>(
        room.teacher,
        'POST',
        releaseUrl(room.cls.id, room.photosynthesis.id),
      );
      expect(released.data.released).toBe(1);
      expect(released.message).toBe('1 mark released to the class.');
      expect(released.data.marking.heldCount).toBe(0);
      expect(released.data.marking.releasedAt).not.toBeNull();
      const seen = await ok<{ data: TSubmission }>(room.student, 'GET', detailsUrl(id));
      expect(seen.data.totalScore).toBe(score);
      expect(seen.data.submissions[0]).toMatchObject({ score, releaseHeld: false });
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'marks.released'), eq(auditLog.targetId, room.cls.id)));
      expect(audit?.details).toMatchObject({ after: { released: 1 } });
    });

    it('is per class: the same question in another class stays instant; back to instant releases', async () => {
      const other = await createClass(t.app, room.teacher, 'Biology 11', [room.student.user.id]);
      await addToClass(t.app, room.teacher, room.photosynthesis.id, other.id);
      await ok(room.teacher, 'PATCH', questionMarking(room.cls.id, room.photosynthesis.id), {
        releaseMode: 'on_release',
      });
      const held = await answered();
      const mine = await ok<{ data: TSubmission }>(room.student, 'GET', detailsUrl(held.id));
      expect(mine.data.submissions[0]?.score).toBeNull();
      const instant = await answered(room.student, other);
      const there = await ok<{ data: TSubmission }>(room.student, 'GET', detailsUrl(instant.id));
      expect(there.data.submissions[0]?.score).toBe(instant.score);

      // Back to instant: what waits goes to the student.
      const back = await ok<TQuestionMarkingResponse>(
        room.teacher,
        'PATCH',
        questionMarking(room.cls.id, room.photosynthesis.id),
        { releaseMode: 'instant' },
      );
      expect(back.data).toMatchObject({ releaseMode: 'instant', heldCount: 0 });
      const seen = await ok<{ data: TSubmission }>(room.student, 'GET', detailsUrl(held.id));
      expect(seen.data.submissions[0]?.score).toBe(held.score);
    });

    it('keeps the review hold and the release hold apart', async () => {
      const reviewed = await createQuestion(t.app, room.teacher, { holdFeedback: true });
      await addToClass(t.app, room.teacher, reviewed.id, room.cls.id);
      await ok(room.teacher, 'PATCH', questionMarking(room.cls.id, reviewed.id), {
        releaseMode: 'on_release',
      });
      const both = async () => {
        const id = await submitOk(t, room.student, room.cls, [
          { question: reviewed, answer: PHOTOSYNTHESIS_ANSWER },
        ]);
        await markOk(t, room.student, room.cls.id, id);
        const details = await ok<{ data: TSubmission }>(room.teacher, 'GET', detailsUrl(id));
        return { id, answerId: present(details.data.submissions[0], 'answer')._id };
      };
      const seen = async (id: string) =>
        (await ok<{ data: TSubmission }>(room.student, 'GET', detailsUrl(id))).data.submissions[0]
          ?.score ?? null;
      // Released first: still held until reviewed, and it waits in Needs review.
      const first = await both();
      await ok(room.teacher, 'POST', releaseUrl(room.cls.id, reviewed.id));
      expect(await seen(first.id)).toBeNull();
      const queue = await ok<TSubmissionListResponse>(
        room.teacher,
        'GET',
        `${teacherSubmissionsUrl(room.teacher.user.id)}?review=needed`,
      );
      expect(queue.data.map((s) => s._id)).toContain(first.id);
      await ok(room.teacher, 'POST', reviewedUrl(first.id, first.answerId));
      expect(await seen(first.id)).not.toBeNull();
      // Turning the question's review hold off does not release a class's held marks.
      const second = await both();
      await ok(room.teacher, 'PUT', apiPath(fillPath(QUESTION_PATHS.update, { id: reviewed.id })), {
        question: reviewed.question,
        marks: reviewed.marks,
        lowMarkRange: reviewed.lowMarkRange,
        highMarkRange: reviewed.highMarkRange,
        rubric: reviewed.rubric,
        holdFeedback: false,
      });
      expect(await seen(second.id)).toBeNull();
      await ok(room.teacher, 'POST', releaseUrl(room.cls.id, reviewed.id));
      expect(await seen(second.id)).not.toBeNull();
    });

    it('refuses a question not in the class, bad values, and another teacher', async () => {
      const notIn = await call(room.teacher, 'PATCH', questionMarking(room.cls.id, room.cls.id), {
        releaseMode: 'on_release',
      });
      expect(notIn.statusCode).toBe(404);
      expect(notIn.json<{ message: string }>().message).toBe('This question is not in this class.');
      const bad = await call(
        room.teacher,
        'PATCH',
        questionMarking(room.cls.id, room.photosynthesis.id),
        { releaseMode: 'later' },
      );
      expect(bad.statusCode).toBe(400);
      const badDate = await call(
        room.teacher,
        'PATCH',
        questionMarking(room.cls.id, room.photosynthesis.id),
        { regradeDeadline: 'next week' },
      );
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json<{ message: string }>().message).toMatch(/date and time/);
      const stranger = await classroom(t);
      const foreign = await call(
        stranger.teacher,
        'POST',
        releaseUrl(room.cls.id, room.photosynthesis.id),
      );
      expect(foreign.statusCode).toBe(404);
      const student = await call(room.student, 'GET', marking(room.cls.id));
      expect(student.statusCode).toBe(403);
    });
  });

  describe('re-mark requests', () => {
    it('lets the student ask once, with a reason, for their own visible mark', async () => {
      const { id, answerId, score } = await answered();
      const before = await ok<TSubmissionRegrades>(room.student, 'GET', ofSubmission(id));
      expect(before.data.answers[0]).toMatchObject({ answerId, canRequest: true });
      const deadline = new Date(present(before.data.answers[0]?.deadline, 'deadline'));
      expect(deadline.getTime() - Date.now()).toBeGreaterThan(13 * DAY);

      const empty = await call(room.student, 'POST', requestUrl(id, answerId), { reason: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ message: string }>().message).toBe(
        'Please say why the answer should be marked again.',
      );
      const long = await call(room.student, 'POST', requestUrl(id, answerId), {
        reason: 'x'.repeat(501),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json<{ message: string }>().message).toBe(
        'The reason can be at most 500 characters.',
      );

      const first = await call(room.student, 'POST', requestUrl(id, answerId), {
        reason: 'x'.repeat(500),
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<{ data: TRegradeRequest }>().data).toMatchObject({
        status: 'open',
        scoreBefore: score,
        reply: null,
      });
      const again = await call(room.student, 'POST', requestUrl(id, answerId), {
        reason: 'Once more, please.',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(
        'You have already asked for a re-mark of this answer.',
      );
      const after = await ok<TSubmissionRegrades>(room.student, 'GET', ofSubmission(id));
      expect(after.data.answers[0]?.canRequest).toBe(false);
      expect(after.data.requests).toHaveLength(1);
    });

    it("refuses another student's answer, another school's, a teacher, and a held mark", async () => {
      const { id, answerId } = await answered();
      const reason = { reason: 'Please look again.' };
      // Adam, of the same school, not this submission's student.
      expect((await call(room.outsider, 'POST', requestUrl(id, answerId), reason)).statusCode).toBe(
        404,
      );
      expect((await call(room.outsider, 'GET', ofSubmission(id))).statusCode).toBe(404);
      const stranger = await classroom(t);
      expect(
        (await call(stranger.student, 'POST', requestUrl(id, answerId), reason)).statusCode,
      ).toBe(404);
      expect((await call(stranger.teacher, 'GET', ofSubmission(id))).statusCode).toBe(404);
      expect((await call(room.teacher, 'POST', requestUrl(id, answerId), reason)).statusCode).toBe(
        403,
      );
      // An answer of their own submission that is not in it: 404.
      const other = await answered();
      expect(
        (await call(room.student, 'POST', requestUrl(id, other.answerId), reason)).statusCode,
      ).toBe(404);

      // A mark held for release cannot be re-marked before the student sees it.
      await ok(room.teacher, 'PATCH', questionMarking(room.cls.id, room.photosynthesis.id), {
        releaseMode: 'on_release',
      });
      const held = await answered();
      const refused = await call(room.student, 'POST', requestUrl(held.id, held.answerId), reason);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toMatch(/no mark you can see/);
    });

    it('closes at the deadline: 14 days by default, or the date the teacher sets', async () => {
      const first = await answered();
      const reason = { reason: 'Please look again.' };
      t.clock.advance(15 * DAY);
      const late = await call(room.student, 'POST', requestUrl(first.id, first.answerId), reason);
      expect(late.statusCode).toBe(403);
      expect(late.json<{ message: string }>().message).toBe(
        'Re-mark requests for this answer are closed.',
      );
      // The teacher opens it again until a later date.
      const until = new Date(Date.now() + 20 * DAY).toISOString();
      const set = await ok<TQuestionMarkingResponse>(
        room.teacher,
        'PATCH',
        questionMarking(room.cls.id, room.photosynthesis.id),
        { regradeDeadline: until },
      );
      expect(set.data.regradeDeadline).toBe(until);
      const reopened = await call(
        room.student,
        'POST',
        requestUrl(first.id, first.answerId),
        reason,
      );
      expect(reopened.statusCode, reopened.body).toBe(201);
      // And closes it: a deadline in the past.
      await ok(room.teacher, 'PATCH', questionMarking(room.cls.id, room.photosynthesis.id), {
        regradeDeadline: new Date(Date.now() + 15 * DAY - 60_000).toISOString(),
      });
      const second = await answered();
      const closed = await call(
        room.student,
        'POST',
        requestUrl(second.id, second.answerId),
        reason,
      );
      expect(closed.statusCode).toBe(403);
    });

    it('lists open requests with a count; the reply changes the mark, records it and tells the student', async () => {
      const { id, answerId, score, marks } = await answered();
      await ok(room.student, 'POST', requestUrl(id, answerId), {
        reason: 'I explained the light energy step.',
      });
      const list = await ok<TRegradeListResponse>(room.teacher, 'GET', listUrl);
      expect(list.counts.open).toBe(1);
      const open = present(list.data[0], 'request');
      expect(open).toMatchObject({
        status: 'open',
        reason: 'I explained the light energy step.',
        student: { name: 'Bella Student' },
        score,
        marks,
      });
      // Another teacher of the school cannot answer it, nor see it.
      const colleague = await classroom(t);
      expect(
        (await call(colleague.teacher, 'POST', replyUrl(open._id), { reply: 'No.' })).statusCode,
      ).toBe(404);
      const empty = await call(room.teacher, 'POST', replyUrl(open._id), { reply: ' ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ message: string }>().message).toBe(
        'Write a reply, or give a new mark, or both.',
      );
      const above = await call(room.teacher, 'POST', replyUrl(open._id), { score: marks + 1 });
      expect(above.statusCode).toBe(400);

      const newScore = score === marks ? marks - 1 : score + 1;
      const reply = 'You did name the light reaction, Bella: one more mark.';
      const answeredReply = await ok<{ data: TRegradeRequest }>(
        room.teacher,
        'POST',
        replyUrl(open._id),
        { score: newScore, reply },
      );
      expect(answeredReply.data).toMatchObject({
        status: 'answered',
        scoreBefore: score,
        scoreAfter: newScore,
        reply,
      });
      const twice = await call(room.teacher, 'POST', replyUrl(open._id), { reply: 'Again.' });
      expect(twice.statusCode).toBe(409);
      expect((await ok<TRegradeListResponse>(room.teacher, 'GET', listUrl)).counts.open).toBe(0);
      const all = await ok<TRegradeListResponse>(room.teacher, 'GET', `${listUrl}?status=all`);
      expect(all.data).toHaveLength(1);

      // The student: the new mark, the reply on the page, and an e-mail.
      const mine = await ok<{ data: TSubmission }>(room.student, 'GET', detailsUrl(id));
      expect(mine.data.submissions[0]?.score).toBe(newScore);
      expect(mine.data.totalScore).toBe(newScore);
      const theirs = await ok<TSubmissionRegrades>(room.student, 'GET', ofSubmission(id));
      expect(theirs.data.requests[0]).toMatchObject({ status: 'answered', reply });
      expect(theirs.data.requests[0]?.student).toBeUndefined();
      const mail = (await t.outbox()).find((m) => m.to.includes(room.student.user.email));
      expect(mail?.subject).toBe('Your teacher answered your re-mark request');
      expect(mail?.text).toContain(reply);
      expect(mail?.text).toContain(`from ${score}/${marks} to ${newScore}/${marks}`);
      expect(mail?.links.some((l) => l.endsWith(`/my-submissions/${id}`))).toBe(true);

      // Every step recorded: the mark's history, and the audit of the request and the reply.
      const history = await t.database.db
        .select()
        .from(answerReviews)
        .where(eq(answerReviews.answerId, answerId));
      expect(history).toMatchObject([
        { action: 'override', scoreBefore: score, scoreAfter: newScore },
      ]);
      const audit = await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, answerId));
      expect(audit.map((a) => a.action).sort()).toEqual(['regrade.answered', 'regrade.requested']);
      // The student's copy of their data holds the request and the reply.
      const exported = await ok<TAccountExport>(room.student, 'GET', apiPath(ACCOUNT_PATHS.data));
      const exportedAnswer = exported.submissions.find((s) => s.answers.length > 0)?.answers[0];
      expect(exportedAnswer?.regradeRequest).toMatchObject({
        reason: 'I explained the light energy step.',
        status: 'answered',
        reply,
      });
    });

    it("never shows the teacher's reply to another student", async () => {
      const both = await createClass(t.app, room.teacher, 'Biology 12', [
        room.student.user.id,
        room.outsider.user.id,
      ]);
      await addToClass(t.app, room.teacher, room.photosynthesis.id, both.id);
      const bella = await answered(room.student, both);
      await ok(room.student, 'POST', requestUrl(bella.id, bella.answerId), {
        reason: 'I said chlorophyll absorbs light.',
      });
      const [open] = (await ok<TRegradeListResponse>(room.teacher, 'GET', listUrl)).data;
      const reply = 'Bella, your chlorophyll point is right; you forgot oxygen.';
      await ok(room.teacher, 'POST', replyUrl(present(open, 'request')._id), {
        reply,
        score: bella.score,
      });
      // Adam answers the same question the same way afterwards.
      const adam = await answered(room.outsider, both);
      const adamSees = JSON.stringify([
        await ok(room.outsider, 'GET', detailsUrl(adam.id)),
        await ok(room.outsider, 'GET', feedbackUrl(adam.id)),
        await ok(room.outsider, 'GET', ofSubmission(adam.id)),
      ]);
      expect(adamSees).not.toContain('forgot oxygen');
      expect((await call(room.outsider, 'GET', ofSubmission(bella.id))).statusCode).toBe(404);
    });
  });
});
