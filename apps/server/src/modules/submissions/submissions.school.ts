import type { TFeedbackResponse, TUserStats } from '@stem/contract/admin';
import { MESSAGES } from '@stem/contract/messages';
import type {
  TSchoolSubmissionListResponse,
  TSubmissionListQuery,
  TSubmissionListResponse,
} from '@stem/contract/submissions';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageLimit } from '../../lib/keyset';
import type { TAccessClaims } from '../../lib/tokens';
import { requireClassForReader } from '../classes/classes.school';
import { presentSubmissionSummary } from './submissions.presenter';
import * as queries from './submissions.queries';
import { listPage, requireViewable } from './submissions.service';

/**
 * The submissions the school's admin reads (spec 02 §2 Shared submissions list, admin version), one
 * person's or one student's work in one class (issue 18), and a submission's feedback alone.
 */

/**
 * GET /admin/submissions: a page of the whole school's list (same search, flag filter and sorts),
 * with the spec's `count` of the school's submissions beside `page.total`.
 */
export async function listSchoolSubmissions(
  db: TDb,
  schoolId: string,
  query: TSubmissionListQuery,
): Promise<TSchoolSubmissionListResponse> {
  const reply = await listPage(db, { kind: 'school', schoolId, userId: '' }, query);
  return { ...reply, count: reply.page.total };
}

/** A teacher's list (their classes' and uploaded work) or a student's own, for the admin. */
export function listPersonSubmissions(
  db: TDb,
  schoolId: string,
  person: { id: string; role: string },
  query: TSubmissionListQuery,
): Promise<TSubmissionListResponse> {
  const kind = person.role === 'teacher' ? 'teacher' : 'student';
  return listPage(db, { kind, schoolId, userId: person.id }, query);
}

/**
 * One student's work in one class, newest first by default (the caller has checked the class). The
 * counts are of that student's work in that class.
 */
export async function listStudentWorkInClass(
  db: TDb,
  schoolId: string,
  classId: string,
  studentId: string,
  query: TSubmissionListQuery,
): Promise<TSubmissionListResponse> {
  const owner: queries.TListOwner = { kind: 'student', schoolId, userId: studentId };
  const filter: queries.TListFilter = {
    sort: query.sort ?? 'recent',
    flag: query.flag ?? 'all',
    review: 'all',
    q: (query.q ?? '').toLowerCase(),
    classId,
  };
  const all: queries.TListFilter = {
    sort: filter.sort,
    flag: 'all',
    review: 'all',
    q: '',
    classId,
  };
  const flaggedOnly: queries.TListFilter = { ...all, flag: 'flagged' };
  const [page, total, flagged, matched] = await Promise.all([
    queries.selectSubmissionPage(db, owner, filter, {
      cursor: query.cursor,
      limit: pageLimit(query.limit),
    }),
    queries.countMatching(db, owner, all),
    queries.countMatching(db, owner, flaggedOnly),
    queries.countMatching(db, owner, filter),
  ]);
  return {
    success: true,
    data: page.rows.map((row) => presentSubmissionSummary(row)),
    page: { nextCursor: page.nextCursor, total, matched },
    counts: { flagged, unflagged: total - flagged },
  };
}

/**
 * GET /student/class/{classId}/student/{studentId}/submissions: one student's work in a class, for
 * the class's teacher or the school's admin. A class out of reach is 404; a student who is not (or no
 * longer) in it simply has the work they left, usually none.
 */
export async function listStudentWorkForReader(
  db: TDb,
  user: TAccessClaims,
  params: { classId: string; studentId: string },
  query: TSubmissionListQuery,
): Promise<TSubmissionListResponse> {
  const cls = await requireClassForReader(db, user, params.classId);
  if (!user.schoolId) throw new AppError('NOT_FOUND', MESSAGES.classes.notFound);
  return listStudentWorkInClass(db, cls.schoolId, cls.id, params.studentId, query);
}

/** GET /student/submissions/getFeedback/{id}: the score and feedback of each answer, for whoever may read it. */
export async function getFeedback(
  db: TDb,
  user: TAccessClaims,
  submissionId: string,
): Promise<TFeedbackResponse['data']> {
  const row = await requireViewable(db, user, submissionId);
  const answers = await queries.selectAnswersOf(db, row.schoolId, [row.id]);
  // Its student reads what the submission views show them: held marks withheld, the teacher's
  // comment instead of the AI's (issues 11 and 18).
  const student = user.role === 'student';
  return {
    _id: row.id,
    status: row.status,
    totalScore: student && row.feedbackHeld ? null : row.totalScore,
    totalMarks: row.totalMarks,
    feedbackHeld: row.feedbackHeld,
    releaseHeld: row.releaseHeld,
    feedback: answers.map((a) => {
      const held = student && a.feedbackHeld;
      return {
        questionId: a.questionId,
        question: a.questionText,
        score: held ? null : a.score,
        marks: a.marks,
        feedback: held || !a.feedback || (student && a.teacherFeedback) ? [] : [a.feedback],
        teacherFeedback: held ? null : a.teacherFeedback,
        feedbackHeld: a.feedbackHeld,
        releaseHeld: a.releaseHeld,
      };
    }),
  };
}

/** The submission half of a student's statistics (spec 02 §3 studentStats). */
export async function studentSubmissionStats(
  db: TDb,
  schoolId: string,
  studentId: string,
): Promise<Omit<NonNullable<TUserStats['studentStats']>, 'enrolledClasses'>> {
  const stats = await queries.selectStudentSubmissionStats(db, schoolId, studentId);
  return {
    totalSubmissions: stats.total,
    averageScore: stats.averagePercent,
    lastSubmissionDate: stats.last ? stats.last.toISOString() : null,
  };
}

export const countTeacherMarked = queries.countTeacherMarked;
export const countSubmissionsOfStudents = queries.countSubmissionsOfStudents;
