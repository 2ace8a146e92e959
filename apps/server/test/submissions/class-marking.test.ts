import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLASS_EXTRA_PATHS } from '@stem/contract/admin';
import { apiPath, fillPath } from '@stem/contract/api';
import {
  CLASS_MARKING_PATHS,
  type TClassQuestionAnswers,
  type TClassQuestionAnswersResponse,
} from '@stem/contract/class-marking';
import { MARK_DOUBTS, markDoubtKeyOf } from '@stem/contract/marking';
import { MESSAGES } from '@stem/contract/messages';
import type { ZSubmissionDetailsResponse } from '@stem/contract/submissions';
import type { z } from 'zod';
import { RELEASE_PATHS } from '@stem/contract/regrades';
import { getClassQuestionAnswers } from '../../src/modules/class-marking/class-marking.service';
import { createMarker } from '../../src/marking/engine';
import { buildSchool, buildUser } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { countingStatements } from '../helpers/test-database';
import {
  actor,
  addToClass,
  createClass,
  createQuestion,
  expectError,
  present,
  type TActor,
} from '../teaching/teaching-helpers';
import {
  answerUrl,
  classroom,
  detailsUrl,
  markOk,
  PHOTOSYNTHESIS_ANSWER,
  reviewedUrl,
  submitOk,
} from './submission-helpers';

/**
 * Issue 27, marking one question across the class: every student with their latest answer, the
 * marker's mark and the teacher's review; reviews made from the screen go through the review calls.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
const answersUrl = (classId: string, questionId: string) =>
  apiPath(fillPath(CLASS_MARKING_PATHS.answers, { classId, questionId }));
const MINUTE = 60_000;

describe('marking one question across the class', { timeout: 180_000 }, () => {
  let t: TTestApp;
  let room: Awaited<ReturnType<typeof classroom>>;
  /** Adam, a second student of the class who has not answered. */
  let adam: TActor;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(async () => {
    t.clock.reset();
    room = await classroom(t);
    // The classroom's "outsider" is Adam: enrolled here too, so the class has two students.
    adam = room.outsider;
    const reply = await t.app.inject({
      method: 'POST',
      url: apiPath(CLASS_EXTRA_PATHS.assignStudents),
      headers: room.teacher.headers,
      payload: { classId: room.cls.id, students: [adam.user.id] },
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
  });
  afterAll(async () => {
    await t.close();
  });

  async function read(who: TActor, classId = room.cls.id, questionId = room.photosynthesis.id) {
    const response = await t.app.inject({
      method: 'GET',
      url: answersUrl(classId, questionId),
      headers: who.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TClassQuestionAnswersResponse>().data;
  }

  /** Bella answers photosynthesis; the submission is marked. */
  async function answered(text = PHOTOSYNTHESIS_ANSWER, cls = room.cls) {
    const id = await submitOk(t, room.student, cls, [
      { question: room.photosynthesis, answer: text },
    ]);
    await markOk(t, room.student, cls.id, id);
    return id;
  }

  const bellaRow = (data: TClassQuestionAnswers) =>
    present(
      data.rows.find((r) => r.student._id === room.student.user.id),
      "Bella's row",
    );

  it('lists every student by name with their latest answer in this class, or none', async () => {
    const first = await answered('Plants make food from light.');
    t.clock.advance(MINUTE);
    const latest = await answered();
    // A later answer to the same question in another class is not this class's.
    const other = await createClass(t.app, room.teacher, 'Biology 11', [room.student.user.id]);
    await addToClass(t.app, room.teacher, room.photosynthesis.id, other.id);
    t.clock.advance(MINUTE);
    await answered('Another class, another answer.', other);

    const data = await read(room.teacher);
    expect(data.class).toEqual({ _id: room.cls.id, name: 'Biology 10' });
    expect(data.question).toMatchObject({
      _id: room.photosynthesis.id,
      question: room.photosynthesis.question,
      marks: room.photosynthesis.marks,
      rubric: room.photosynthesis.rubric,
      releaseMode: 'instant',
    });
    // Adam Student before Bella Student: by name.
    expect(data.rows.map((r) => r.student.name)).toEqual(['Adam Student', 'Bella Student']);
    expect(data.rows[0]?.answer).toBeNull();
    const bella = present(bellaRow(data).answer, "Bella's answer");
    expect(bella.submissionId).toBe(latest);
    expect(bella.submissionId).not.toBe(first);
    expect(bella).toMatchObject({
      status: 'marked',
      answer: PHOTOSYNTHESIS_ANSWER,
      source: 'typed',
      submissionSource: 'student',
      reviewedAt: null,
      overridden: false,
      held: { review: false, release: false },
    });
    expect(bella.score).not.toBeNull();
    expect(bella.aiScore).toBe(bella.score);
    expect(bella.markRange).toBeTruthy();
    expect(bella.aiComment).toBeTruthy();
    expect(data.counts).toEqual({ students: 2, answered: 1, marked: 1, reviewed: 0 });
  });

  it('shows a review made from the screen: accept keeps the mark, an override changes it', async () => {
    await answered();
    const unreviewed = await read(room.teacher);
    const before = present(bellaRow(unreviewed).answer);
    const aiScore = present(before.score);
    // The marker's suggested order holds the answers still to review.
    expect(unreviewed.reviewOrder).toEqual([before._id]);

    const accepted = await t.app.inject({
      method: 'POST',
      url: reviewedUrl(before.submissionId, before._id),
      headers: room.teacher.headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const afterAccept = await read(room.teacher);
    expect(afterAccept.reviewOrder).toEqual([]);
    expect(bellaRow(afterAccept).answer).toMatchObject({
      score: aiScore,
      overridden: false,
      reviewedBy: room.teacher.user.name,
    });
    expect(bellaRow(afterAccept).answer?.reviewedAt).not.toBeNull();
    expect(afterAccept.counts.reviewed).toBe(1);

    const newScore = aiScore === 0 ? 1 : aiScore - 1;
    const overridden = await t.app.inject({
      method: 'PATCH',
      url: answerUrl(before.submissionId, before._id),
      headers: room.teacher.headers,
      payload: { score: newScore, comment: null },
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    const afterOverride = present(bellaRow(await read(room.teacher)).answer);
    expect(afterOverride).toMatchObject({ score: newScore, aiScore, overridden: true });
  });

  it("says Changed only when the teacher's mark differs from the marker's, not for a comment", async () => {
    await answered();
    const before = present(bellaRow(await read(room.teacher)).answer);
    const aiScore = present(before.aiScore);
    const save = async (score: number, comment: string | null) => {
      const reply = await t.app.inject({
        method: 'PATCH',
        url: answerUrl(before.submissionId, before._id),
        headers: room.teacher.headers,
        payload: { score, comment },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return present(bellaRow(await read(room.teacher)).answer);
    };

    // Only a comment, the marker's mark kept: reviewed, not changed.
    const commented = await save(aiScore, 'Say where it happens.');
    expect(commented).toMatchObject({
      score: aiScore,
      aiScore,
      teacherFeedback: 'Say where it happens.',
      overridden: false,
    });
    expect(commented.reviewedAt).not.toBeNull();

    const otherScore = aiScore === 0 ? 1 : aiScore - 1;
    expect(await save(otherScore, 'Say where it happens.')).toMatchObject({
      score: otherScore,
      overridden: true,
    });
    // Put back to the marker's mark: no longer a change.
    expect(await save(aiScore, 'Say where it happens.')).toMatchObject({
      score: aiScore,
      overridden: false,
    });
  });

  it('says which marks are held for release and for review', async () => {
    const patch = await t.app.inject({
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
    expect(patch.statusCode, patch.body).toBe(200);
    await answered();
    const data = await read(room.teacher);
    expect(data.question.releaseMode).toBe('on_release');
    expect(bellaRow(data).answer?.held).toEqual({ review: false, release: true });
  });

  /** How the offline engine marks this answer to the osmosis question, as the job would. */
  const markOsmosis = (answer: string) =>
    createMarker().mark({
      question: room.osmosis.question,
      marks: room.osmosis.marks,
      lowMarkRange: room.osmosis.lowMarkRange,
      highMarkRange: room.osmosis.highMarkRange,
      rubric: room.osmosis.rubric,
      answer,
      source: 'typed',
    });
  /** The details of a submission, as `who` reads them. */
  const readDetails = (id: string, who: TActor) =>
    t.app.inject({ method: 'GET', url: detailsUrl(id), headers: who.headers });

  it('carries what the marker was unsure of, in its own words, to the screen and the details', async () => {
    // A list of the rubric's words with no sentence: the engine says what it doubts (issue 27).
    const salad = 'membrane water dilute concentrated solution partially permeable moves';
    const engine = await markOsmosis(salad);
    const expected = engine.needsReview ? markDoubtKeyOf(engine.confidenceReason) : null;
    const id = await submitOk(t, room.student, room.cls, [
      { question: room.osmosis, answer: salad },
    ]);
    await markOk(t, room.student, room.cls.id, id);

    const onScreen = present(
      bellaRow(await read(room.teacher, room.cls.id, room.osmosis.id)).answer,
    );
    expect(onScreen.doubtNote).toBe(expected);
    if (expected !== null) expect(onScreen.reasons).toContain('uncertain');
    // The marker's own confidence (what "Marker unsure: 5 % confident" shows), not the doubt.
    if (engine.needsReview) {
      const percent = Math.round(100 * present(engine.confidence));
      expect(Math.abs(present(onScreen.confidence) - percent)).toBeLessThanOrEqual(1);
    } else {
      expect(onScreen.confidence).toBeNull();
    }
    const details = await readDetails(id, room.teacher);
    expect(details.statusCode, details.body).toBe(200);
    const review =
      details.json<z.infer<typeof ZSubmissionDetailsResponse>>().data.submissions[0]?.review;
    expect(review?.note).toBe(expected ?? undefined);
    // The student never sees the marker's doubt.
    const own = await readDetails(id, room.student);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).not.toContain('"note"');
  });

  it("names the rubric's point the marker reads as said wrongly, for the teacher only", async () => {
    // "fully permeable" for "partially permeable": full marks, doubted as contradicting the rubric.
    const wrongly =
      'Water moves from a dilute solution to a concentrated one across a fully permeable membrane.';
    const engine = await markOsmosis(wrongly);
    expect(engine.needsReview).toBe(true);
    expect(engine.confidenceReason).toBe(MARK_DOUBTS.contradictsRubric);
    expect(engine.confidenceAbout).toMatch(/partially permeable membrane/);
    const id = await submitOk(t, room.student, room.cls, [
      { question: room.osmosis, answer: wrongly },
    ]);
    await markOk(t, room.student, room.cls.id, id);
    const onScreen = present(
      bellaRow(await read(room.teacher, room.cls.id, room.osmosis.id)).answer,
    );
    expect(onScreen.doubtNote).toBe('contradictsRubric');
    expect(onScreen.doubtAbout).toBe(engine.confidenceAbout);
    // ...and in the teacher's details of the submission.
    const details = await readDetails(id, room.teacher);
    expect(details.statusCode, details.body).toBe(200);
    const review =
      details.json<z.infer<typeof ZSubmissionDetailsResponse>>().data.submissions[0]?.review;
    expect(review).toMatchObject({ note: 'contradictsRubric', about: engine.confidenceAbout });
    // The student's own view of the submission carries neither.
    const own = await readDetails(id, room.student);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).not.toContain('"about"');
    expect(own.body).not.toContain('"note"');
  });

  it("is the class's teacher's and the school admin's; anyone else is refused", async () => {
    await answered();
    const admin = await actor(t, 'admin', room.school);
    const adminView = await read(admin);
    expect(adminView.rows).toHaveLength(2);

    const url = answersUrl(room.cls.id, room.photosynthesis.id);
    const get = (who: TActor, target = url) =>
      t.app.inject({ method: 'GET', url: target, headers: who.headers });

    // Another teacher of the same school: the class is not theirs.
    const colleague = await actor(t, 'teacher', room.school);
    expectError(await get(colleague), 404, { message: MESSAGES.classes.notFound });
    // A student (even the class's own) may not read the class's answers.
    expect((await get(room.student)).statusCode).toBe(403);
    // Another school's teacher and admin: 404, as a missing class.
    const elsewhere = await buildSchool(t);
    const theirTeacher = await actor(t, 'teacher', elsewhere);
    const theirAdmin = await actor(t, 'admin', elsewhere);
    expectError(await get(theirTeacher), 404, { message: MESSAGES.classes.notFound });
    expectError(await get(theirAdmin), 404, { message: MESSAGES.classes.notFound });
    // Signed out.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    // A question that is not in the class, even the teacher's own, or another school's question.
    const loose = await createQuestion(t.app, room.teacher, { question: 'Not assigned here.' });
    expectError(await get(room.teacher, answersUrl(room.cls.id, loose.id)), 404, {
      message: MESSAGES.release.notInClass,
    });
    const theirQuestion = await createQuestion(t.app, theirTeacher);
    expectError(await get(room.teacher, answersUrl(room.cls.id, theirQuestion.id)), 404, {
      message: MESSAGES.release.notInClass,
    });
    // Not ids at all: 400.
    expect((await get(room.teacher, answersUrl('nope', room.photosynthesis.id))).statusCode).toBe(
      400,
    );
  });

  it('reads the whole class in a fixed number of statements, however many students', async () => {
    const counted = () => countingStatements(t.database.db);
    const teacher = {
      userId: room.teacher.user.id,
      role: 'teacher' as const,
      schoolId: room.school.id,
    };
    const params = { classId: room.cls.id, questionId: room.photosynthesis.id };
    await answered();
    const small = counted();
    expect((await getClassQuestionAnswers(small.db, teacher, params)).rows).toHaveLength(2);

    const extra = [];
    for (let i = 0; i < 6; i += 1) {
      extra.push(
        await buildUser(t, { role: 'student', schoolId: room.school.id, name: `Extra ${i}` }),
      );
    }
    const reply = await t.app.inject({
      method: 'POST',
      url: apiPath(CLASS_EXTRA_PATHS.assignStudents),
      headers: room.teacher.headers,
      payload: { classId: room.cls.id, students: extra.map((s) => s.id) },
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    const large = counted();
    const data = await getClassQuestionAnswers(large.db, teacher, params);
    expect(data.counts).toMatchObject({ students: 8, answered: 1 });
    expect(large.count()).toBe(small.count());
    expect(large.count()).toBeLessThanOrEqual(3);
  });
});
