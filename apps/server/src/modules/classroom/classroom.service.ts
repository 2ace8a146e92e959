import type {
  TClassroomCourse,
  TClassroomPushRequest,
  TClassroomPushResult,
  TClassroomPushStudent,
  TClassroomStatus,
} from '@stem/contract/classroom';
import { MESSAGES } from '@stem/contract/messages';
import type { TRosterImportResult, TRosterPreview } from '@stem/contract/roster';
import type { TClassroomConfig } from '../../config';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { open, seal } from '../../lib/secret-box';
import { hashToken, type TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { findClassTest, latestMarks } from '../class-tests/class-tests.service';
import { requireTeacherClass } from '../classes/classes.access';
import type { TClassRow } from '../classes/classes.queries';
import { importClassRoster, previewClassRoster, type TClassPerson } from '../roster/roster.service';
import {
  classroomApi,
  consentUrl,
  exchangeCode,
  GoogleCallError,
  newConsentChecks,
  type TClassroomApi,
  type TCourseWorkFields,
} from './classroom.google';
import * as queries from './classroom.queries';

/**
 * Google Classroom (issue 29). A teacher links one of their own classes to one of their Classroom
 * courses with their own Google consent (the refresh token is kept encrypted), imports the course's
 * roster into the class (the roster import's rules, limits and invitations), and pushes a question's
 * marks (or a test's totals) as the grades of a coursework the product creates (Classroom lets an app change only its own
 * coursework) and then updates on each push. Another teacher's or school's class is 404 like a
 * missing one; off unless the operator configured it (404).
 */

const M = MESSAGES.classroom;
/** A started connection lasts 10 minutes. */
export const CONNECT_STATE_TTL_MS = 10 * 60 * 1000;
/** What the refresh token's key is derived for (lib/secret-box.ts). */
const SEAL_PURPOSE = 'classroom-refresh-token';
/** Classroom's coursework title is at most 3,000 characters; a short one reads in the gradebook. */
const TITLE_MAX = 120;
/** Grade calls to Google in flight at once during a push. */
const GRADE_CALLS_AT_ONCE = 5;

function configured(ctx: TAppContext): TClassroomConfig {
  if (!ctx.config.classroom) throw new AppError('NOT_FOUND', M.notConfigured);
  return ctx.config.classroom;
}

/** The teacher's own class (404 otherwise) with Classroom turned on (404 otherwise). */
async function teacherClass(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
): Promise<{ config: TClassroomConfig; cls: TClassRow }> {
  const cls = await requireTeacherClass(ctx.db, user, classId);
  return { config: configured(ctx), cls };
}

/**
 * A refused or failed call to Google as a clear answer: consent withdrawn or expired (the stored
 * token is dropped; 409 "connect again"), a 4xx as 409 with Google's reason, anything else (5xx, no
 * answer, timeout) as 502. Never a token in the log.
 */
async function googleFailure(
  ctx: TAppContext,
  teacherId: string,
  err: unknown,
  notFound?: string,
): Promise<AppError> {
  if (err instanceof AppError) return err;
  if (!(err instanceof GoogleCallError)) {
    ctx.logger.warn({ err }, 'classroom call failed');
    return new AppError('BAD_GATEWAY', M.googleUnavailable);
  }
  ctx.logger.warn({ status: err.status, reason: err.reason }, 'classroom call refused');
  if (err.oauthError === 'invalid_grant' || err.status === 401) {
    await queries.deleteGrant(ctx.db, teacherId);
    return new AppError('CONFLICT', M.consentExpired);
  }
  if (err.status === 404 && notFound) return new AppError('CONFLICT', notFound);
  if (err.status !== null && err.status >= 400 && err.status < 500) {
    return new AppError('CONFLICT', M.googleRefused(err.reason));
  }
  return new AppError('BAD_GATEWAY', M.googleUnavailable);
}

async function withGoogle<T>(
  ctx: TAppContext,
  teacherId: string,
  call: () => Promise<T>,
  notFound?: string,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw await googleFailure(ctx, teacherId, err, notFound);
  }
}

/** The Classroom client as this teacher, or 409 when they have not given their consent. */
async function apiOf(
  ctx: TAppContext,
  config: TClassroomConfig,
  teacherId: string,
): Promise<TClassroomApi> {
  const grant = await queries.findGrant(ctx.db, teacherId);
  if (!grant) throw new AppError('CONFLICT', M.consentNeeded);
  let refreshToken: string;
  try {
    refreshToken = open(ctx.config.jwtSecret, SEAL_PURPOSE, grant.refreshTokenSealed);
  } catch {
    // Sealed under another server secret (JWT_SECRET changed): the teacher connects again.
    await queries.deleteGrant(ctx.db, teacherId);
    throw new AppError('CONFLICT', M.consentExpired);
  }
  return classroomApi(config, refreshToken);
}

async function requireLink(ctx: TAppContext, classId: string) {
  const link = await queries.findLink(ctx.db, classId);
  if (!link) throw new AppError('CONFLICT', M.notLinked);
  return link;
}

/** GET /classroom/class/{classId}: on or off, consent given, the linked course, the pushes. */
export async function getStatus(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
): Promise<TClassroomStatus> {
  const cls = await requireTeacherClass(ctx.db, user, classId);
  if (!ctx.config.classroom) return { enabled: false, connected: false, link: null, pushes: [] };
  const [grant, link] = await Promise.all([
    queries.findGrant(ctx.db, user.userId),
    queries.findLink(ctx.db, cls.id),
  ]);
  const pushes = link ? await queries.selectCourseWorks(ctx.db, cls.id, link.courseId) : [];
  return {
    enabled: true,
    connected: grant !== null,
    link: link
      ? {
          courseId: link.courseId,
          courseName: link.courseName,
          linkedAt: link.updatedAt.toISOString(),
        }
      : null,
    pushes: pushes.map((p) => ({
      questionId: p.questionId,
      testId: p.testId,
      courseWorkId: p.courseWorkId,
      pushedAt: p.pushedAt.toISOString(),
    })),
  };
}

/**
 * POST /classroom/class/{classId}/connect: a new state and PKCE verifier, kept server-side (the
 * state only as its hash) with the teacher and the class; returns Google's consent page.
 */
export async function startConnect(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
): Promise<string> {
  const { config, cls } = await teacherClass(ctx, user, classId);
  const checks = newConsentChecks();
  const now = ctx.now();
  await queries.insertState(ctx.db, {
    stateHash: hashToken(checks.state),
    teacherId: user.userId,
    classId: cls.id,
    codeVerifier: checks.codeVerifier,
    expiresAt: new Date(now.getTime() + CONNECT_STATE_TTL_MS),
    createdAt: now,
  });
  return consentUrl(config, checks);
}

/**
 * POST /classroom/callback: the query string Google sent the teacher back with. The state is spent
 * once and only by the teacher who started it (a replay, an expired state or another teacher's is
 * refused), the class must still be theirs, then the code is exchanged with the PKCE verifier and
 * the refresh token stored, encrypted.
 */
export async function finishConnect(
  ctx: TAppContext,
  user: TAccessClaims,
  search: string,
): Promise<{ classId: string }> {
  const config = configured(ctx);
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  const state = params.get('state');
  const now = ctx.now();
  const started = state
    ? await queries.consumeState(ctx.db, hashToken(state), user.userId, now)
    : null;
  if (!started) throw new AppError('BAD_REQUEST', M.stateInvalid);
  const cls = await requireTeacherClass(ctx.db, user, started.classId);
  if (params.get('error')) throw new AppError('BAD_REQUEST', M.consentRefused);
  const code = params.get('code');
  if (!code) throw new AppError('BAD_REQUEST', M.consentFailed);
  let tokens: { refreshToken: string | null; scope: string };
  try {
    tokens = await exchangeCode(config, code, started.codeVerifier);
  } catch (err) {
    const failure = await googleFailure(ctx, user.userId, err);
    // A refused code (invalid_grant: used, expired, wrong verifier) is the teacher's to retry.
    throw failure.status === 502 ? failure : new AppError('BAD_REQUEST', M.consentFailed);
  }
  if (!tokens.refreshToken) throw new AppError('BAD_REQUEST', M.noRefreshToken);
  await queries.upsertGrant(ctx.db, {
    teacherId: user.userId,
    refreshTokenSealed: seal(ctx.config.jwtSecret, SEAL_PURPOSE, tokens.refreshToken),
    scope: tokens.scope,
    now,
  });
  return { classId: cls.id };
}

/** GET /classroom/class/{classId}/courses: the active courses the teacher teaches. */
export async function listCourses(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
): Promise<TClassroomCourse[]> {
  const { config } = await teacherClass(ctx, user, classId);
  const api = await apiOf(ctx, config, user.userId);
  const courses = await withGoogle(ctx, user.userId, () => api.listCourses());
  return courses
    .filter((c) => c.id)
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/**
 * PUT /classroom/class/{classId}/link: links the class to a course the teacher teaches (checked with
 * Google; any other id is 400). A new course starts without the earlier course's coursework.
 */
export async function linkCourse(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
  courseId: string,
): Promise<{ courseName: string }> {
  const { config, cls } = await teacherClass(ctx, user, classId);
  const api = await apiOf(ctx, config, user.userId);
  const courses = await withGoogle(ctx, user.userId, () => api.listCourses());
  const course = courses.find((c) => c.id === courseId);
  if (!course) throw new AppError('VALIDATION', M.courseNotYours, { field: 'courseId' });
  const before = await queries.findLink(ctx.db, cls.id);
  await ctx.db.transaction(async (tx) => {
    await queries.upsertLink(tx, {
      classId: cls.id,
      courseId: course.id,
      courseName: course.name,
      linkedBy: user.userId,
      now: ctx.now(),
    });
    await recordAudit(tx, {
      schoolId: cls.schoolId,
      actorId: user.userId,
      action: 'classroom.linked',
      targetType: 'class',
      targetId: cls.id,
      before: before ? { course: before.courseName } : null,
      after: { course: course.name },
    });
  });
  return { courseName: course.name };
}

/** DELETE /classroom/class/{classId}/link: the class is no longer linked (Classroom is untouched). */
export async function unlinkCourse(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
): Promise<void> {
  const { cls } = await teacherClass(ctx, user, classId);
  await ctx.db.transaction(async (tx) => {
    const before = await queries.findLink(tx, cls.id);
    if (!(await queries.deleteLink(tx, cls.id))) return;
    await recordAudit(tx, {
      schoolId: cls.schoolId,
      actorId: user.userId,
      action: 'classroom.unlinked',
      targetType: 'class',
      targetId: cls.id,
      before: before ? { course: before.courseName } : null,
      after: null,
    });
  });
}

/** The linked course's students as people of a roster. */
async function coursePeople(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
): Promise<{ cls: TClassRow; people: TClassPerson[] }> {
  const { config, cls } = await teacherClass(ctx, user, classId);
  const link = await requireLink(ctx, cls.id);
  const api = await apiOf(ctx, config, user.userId);
  const students = await withGoogle(
    ctx,
    user.userId,
    () => api.listStudents(link.courseId),
    M.courseGone,
  );
  return {
    cls,
    people: students.map((s) => ({ name: s.name || (s.email ?? ''), email: s.email ?? '' })),
  };
}

function schoolIdOf(cls: TClassRow): string {
  return cls.schoolId;
}

/** POST /classroom/class/{classId}/roster/preview: each student's outcome; nothing is written. */
export async function previewRoster(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
): Promise<TRosterPreview> {
  const { cls, people } = await coursePeople(ctx, user, classId);
  const preview = await previewClassRoster(ctx, schoolIdOf(cls), cls, people);
  return {
    ...preview,
    rows: preview.rows.map((row) =>
      row.outcome === 'error' && row.email === '' ? { ...row, reason: M.rosterNoEmail } : row,
    ),
  };
}

/** POST /classroom/class/{classId}/roster/import: the preview's outcomes, written. */
export async function importRoster(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
): Promise<TRosterImportResult> {
  const { cls, people } = await coursePeople(ctx, user, classId);
  return importClassRoster(ctx, user.userId, schoolIdOf(cls), cls, people);
}

/** A short coursework title: Classroom allows 3,000 characters, a gradebook column reads less. */
function titleOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > TITLE_MAX ? `${flat.slice(0, TITLE_MAX - 1)}…` : flat;
}

/**
 * What one push grades: a question, or a test as one grade (each student's total of the test's
 * questions, out of the test's marks). Both go through the same push below.
 */
type TPushItem = {
  target: { questionId: string; testId: null } | { questionId: null; testId: string };
  fields: TCourseWorkFields;
  questionIds: string[];
};

/** The question or test the teacher asked for, as a push; 400 naming the field if not the class's. */
async function pushItemOf(
  ctx: TAppContext,
  cls: TClassRow,
  request: TClassroomPushRequest,
): Promise<TPushItem> {
  if (request.testId) {
    const test = await findClassTest(ctx.db, cls, request.testId);
    if (!test) throw new AppError('VALIDATION', M.testNotInClass, { field: 'testId' });
    if (test.questions.length === 0) {
      throw new AppError('VALIDATION', MESSAGES.classTests.noQuestionsLeft, { field: 'testId' });
    }
    const list = test.questions.map(
      (q) => `Q${q.number}. ${q.question.replace(/\s+/g, ' ').trim()} (${q.marks})`,
    );
    return {
      target: { questionId: null, testId: test.id },
      fields: {
        title: titleOf(test.title),
        description: `${[test.title, ...list].join('\n').slice(0, 3000)}\n\nMarked on STEM@Home (${cls.name}).`,
        maxPoints: test.totalMarks,
      },
      questionIds: test.questions.map((q) => q.id),
    };
  }
  const question = request.questionId
    ? await queries.findClassQuestion(ctx.db, cls.id, request.questionId)
    : null;
  if (!question) {
    throw new AppError('VALIDATION', M.questionNotInClass, { field: 'questionId' });
  }
  const text = question.question.replace(/\s+/g, ' ').trim();
  return {
    target: { questionId: question.id, testId: null },
    fields: {
      title: titleOf(text),
      description: `${text}\n\nMarked on STEM@Home (${cls.name}).`,
      maxPoints: question.marks,
    },
    questionIds: [question.id],
  };
}

/**
 * POST /classroom/class/{classId}/push: a question's marks, or a test's totals, as grades of the
 * coursework the product made for it in the linked course (made on the first push, updated on the
 * next). Each student of the class (and anyone who answered in it) is matched by e-mail to the
 * course's students; their latest marked score (for a test, the sum of their latest marked answers
 * to its questions) is set as the submission's draft and assigned grade; a mark the student cannot
 * see yet (held for review or release) as its draft grade only, which Classroom shows to teachers.
 */
export async function pushMarks(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
  request: TClassroomPushRequest,
): Promise<TClassroomPushResult> {
  const { config, cls } = await teacherClass(ctx, user, classId);
  const item = await pushItemOf(ctx, cls, request);
  const link = await requireLink(ctx, cls.id);
  const api = await apiOf(ctx, config, user.userId);
  const google = <T>(call: () => Promise<T>) => withGoogle(ctx, user.userId, call, M.courseGone);

  const { fields, target } = item;
  const known = (await queries.selectCourseWorks(ctx.db, cls.id, link.courseId)).find((w) =>
    target.testId ? w.testId === target.testId : w.questionId === target.questionId,
  );
  let courseWorkId: string | null = known?.courseWorkId ?? null;
  let created = false;
  if (courseWorkId) {
    const id = courseWorkId;
    try {
      await api.patchCourseWork(link.courseId, id, fields);
    } catch (err) {
      // Deleted in Classroom since the last push: made again below.
      if (!(err instanceof GoogleCallError && err.status === 404)) {
        throw await googleFailure(ctx, user.userId, err);
      }
      courseWorkId = null;
    }
  }
  if (!courseWorkId) {
    courseWorkId = await google(() => api.createCourseWork(link.courseId, fields));
    created = true;
  }
  const pushedAt = ctx.now();
  await queries.upsertCourseWork(ctx.db, {
    classId: cls.id,
    ...target,
    courseId: link.courseId,
    courseWorkId,
    pushedAt,
  });

  const workId = courseWorkId;
  const [roster, submissions, students] = await Promise.all([
    google(() => api.listStudents(link.courseId)),
    google(() => api.listSubmissions(link.courseId, workId)),
    latestMarks(ctx.db, cls, item.questionIds, { visibleOnly: false }),
  ]);
  const classroomUserOf = new Map(
    roster.flatMap((s) => (s.email ? [[s.email, s.userId] as const] : [])),
  );
  const submissionOf = new Map(submissions.map((s) => [s.userId, s.id]));

  // Each student's outcome; the grades go to Google a few at a time.
  const results: TClassroomPushStudent[] = students.map((student) => {
    const score = student.total;
    const base = { studentId: student.id, name: student.name, email: student.email, score };
    const classroomUser = classroomUserOf.get(student.email.toLowerCase());
    if (!classroomUser) return { ...base, outcome: 'noClassroomAccount', reason: null };
    if (score === null) return { ...base, outcome: 'notMarked', reason: null };
    if (!submissionOf.has(classroomUser)) {
      return { ...base, outcome: 'failed', reason: M.noSubmission };
    }
    return { ...base, outcome: 'pushed', reason: null };
  });
  const toSend = results.flatMap((r, index) => {
    const classroomUser =
      r.outcome === 'pushed' ? classroomUserOf.get(r.email.toLowerCase()) : undefined;
    const submissionId = classroomUser ? submissionOf.get(classroomUser) : undefined;
    // A mark the student cannot see yet (held for review or release) goes as a draft grade, which
    // Classroom shows to teachers only; the others as the grade the student is given.
    const held = students[index]?.cells.some((c) => c.held) ?? false;
    return submissionId && r.score !== null ? [{ index, submissionId, score: r.score, held }] : [];
  });
  let next = 0;
  let consentFailure: unknown = null;
  const worker = async () => {
    while (next < toSend.length && consentFailure === null) {
      const item = toSend[next];
      next += 1;
      if (!item) break;
      try {
        await api.setGrade(link.courseId, workId, item.submissionId, item.score, {
          draftOnly: item.held,
        });
      } catch (err) {
        if (err instanceof GoogleCallError && (err.status === 401 || err.oauthError)) {
          consentFailure = err;
          return;
        }
        const reason = err instanceof GoogleCallError ? err.reason : M.googleUnavailable;
        const result = results[item.index];
        if (result) results[item.index] = { ...result, outcome: 'failed', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: GRADE_CALLS_AT_ONCE }, worker));
  if (consentFailure !== null) throw await googleFailure(ctx, user.userId, consentFailure);
  const counts = {
    pushed: results.filter((r) => r.outcome === 'pushed').length,
    noClassroomAccount: results.filter((r) => r.outcome === 'noClassroomAccount').length,
    notMarked: results.filter((r) => r.outcome === 'notMarked').length,
    failed: results.filter((r) => r.outcome === 'failed').length,
  };
  await recordAudit(ctx.db, {
    schoolId: cls.schoolId,
    actorId: user.userId,
    action: 'classroom.marks-pushed',
    targetType: 'class',
    targetId: cls.id,
    before: null,
    after: {
      course: link.courseName,
      ...(target.testId ? { test: fields.title } : { question: fields.title }),
      ...counts,
    },
  });
  return { courseWorkId: workId, created, maxPoints: fields.maxPoints, students: results, counts };
}
