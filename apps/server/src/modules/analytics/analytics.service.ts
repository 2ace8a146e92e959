import { Readable } from 'node:stream';
import {
  ANALYTICS_MESSAGES,
  type TClassAnalytics,
  type TExportScoreChoice,
  type TQuestionStats,
  type TSchoolAnalytics,
  type TSubmissionsExportQuery,
} from '@stem/contract/analytics';
import { isChangedMark } from '@stem/contract/class-marking';
import { SCHOOL_TIME_ZONE } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { localDateTimeText, localDayText } from '../../lib/london-month';
import type { TAccessClaims } from '../../lib/tokens';
import { teacherSubmissionBatches } from '../submissions/submissions.service';
import {
  attachmentHeader,
  bandCounts,
  canViewAnalytics,
  CSV_BOM,
  csvRow,
  studentKeyCells,
} from './analytics.policy';
import * as queries from './analytics.queries';

const T = ANALYTICS_MESSAGES;
const notFound = () => new AppError('NOT_FOUND', T.notFound);

function schoolOf(user: TAccessClaims): string {
  if (!user.schoolId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  return user.schoolId;
}

/** The class if the caller may see its figures (its teacher, or an admin of its school); else 404. */
async function requireClass(db: TDb, user: TAccessClaims, classId: string) {
  const cls = await queries.findSchoolClass(db, schoolOf(user), classId);
  if (!cls || !canViewAnalytics(user, cls)) throw notFound();
  return cls;
}

async function requireQuestion(db: TDb, user: TAccessClaims, questionId: string) {
  const question = await queries.findSchoolQuestion(db, schoolOf(user), questionId);
  if (!question || !canViewAnalytics(user, question)) throw notFound();
  return question;
}

/** Per question: its stats, how many answers got each score, and the rubric bands from those. */
function withScores(
  rows: queries.TQuestionRow[],
  counts: { questionId: string; score: number; n: number }[],
): TQuestionStats[] {
  return rows.map((q) => {
    const scores = Array.from({ length: q.marks + 1 }, () => 0);
    for (const c of counts) {
      if (c.questionId !== q.id) continue;
      // An answer marked before the question's marks were lowered counts at the top score.
      const at = Math.min(Math.max(c.score, 0), q.marks);
      scores[at] = (scores[at] ?? 0) + c.n;
    }
    return { ...q, scores, bands: bandCounts(scores, q.lowMarkRange, q.highMarkRange) };
  });
}

async function groupAnalytics(
  db: TDb,
  scope: queries.TScope,
  name: string,
): Promise<TClassAnalytics> {
  // One statement: the scope's answers are read once, every figure aggregated from them.
  const f = await queries.selectFigures(db, scope, {
    summary: queries.summaryPart,
    enrolled: queries.enrolledPart(scope),
    histogram: queries.histogramPart,
    questions: queries.questionsPart(scope),
    scoreCounts: queries.scoreCountsPart,
    byAttempt: queries.byAttemptPart,
    movement: queries.movementPart,
    students: queries.studentsPart(scope),
    grid: queries.gridPart,
    progress: queries.progressPart,
    weeks: queries.weeksPart,
  });
  const id =
    scope.kind === 'class' ? scope.classId : scope.kind === 'question' ? scope.questionId : '';
  return {
    scope: { kind: scope.kind === 'question' ? 'question' : 'class', id, name },
    summary: { ...f.summary, enrolled: f.enrolled, histogram: f.histogram },
    questions: withScores(f.questions, f.scoreCounts),
    attempts: { ...f.movement, byAttempt: f.byAttempt },
    students: f.students,
    grid: f.grid,
    progress: f.progress,
    weeks: f.weeks,
  };
}

/** GET /analytics/class/{classId}: the class's figures, for its teacher or the school's admin. */
export async function getClassAnalytics(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<TClassAnalytics> {
  const cls = await requireClass(db, user, classId);
  return groupAnalytics(db, { kind: 'class', schoolId: cls.schoolId, classId: cls.id }, cls.name);
}

/** GET /analytics/question/{questionId}: one question over every class it was answered in. */
export async function getQuestionAnalytics(
  db: TDb,
  user: TAccessClaims,
  questionId: string,
): Promise<TClassAnalytics> {
  const question = await requireQuestion(db, user, questionId);
  return groupAnalytics(
    db,
    { kind: 'question', schoolId: question.schoolId, questionId: question.id },
    question.question,
  );
}

/** GET /analytics/school: the admin's whole school, class by class. */
export async function getSchoolAnalytics(db: TDb, user: TAccessClaims): Promise<TSchoolAnalytics> {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  const scope: queries.TScope = { kind: 'school', schoolId: schoolOf(user) };
  const f = await queries.selectFigures(db, scope, {
    summary: queries.summaryPart,
    enrolled: queries.enrolledPart(scope),
    histogram: queries.histogramPart,
    classes: queries.schoolClassesPart(scope.schoolId),
    byAttempt: queries.byAttemptPart,
    movement: queries.movementPart,
    weeks: queries.weeksPart,
  });
  return {
    summary: { ...f.summary, enrolled: f.enrolled, histogram: f.histogram },
    classes: f.classes,
    attempts: { ...f.movement, byAttempt: f.byAttempt },
    weeks: f.weeks,
  };
}

/** '66.7%': a share to one decimal; empty when there is nothing to share. */
function percentOf(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : '';
}

/** A download: its Content-Disposition and the CSV as a stream of UTF-8 text, BOM first. */
export type TCsvDownload = { disposition: string; body: Readable };

/** How many students' scores one query of the class export reads. */
const EXPORT_STUDENT_BATCH = 200;

/**
 * GET /export/class/{classId}: one row per student (the class's students and anyone who answered in
 * it): each question's best or latest marked score, how many questions are marked ('1 of 2'), the
 * total, the marks of those questions, the share of them and the share of all the class's questions
 * (docs/deviations.md), and the date of the latest attempt. Read in batches of students.
 */
export async function exportClass(
  db: TDb,
  user: TAccessClaims,
  classId: string,
  choice: TExportScoreChoice,
  now: Date,
  timeZone: string = SCHOOL_TIME_ZONE,
): Promise<TCsvDownload> {
  const cls = await requireClass(db, user, classId);
  const scope = { kind: 'class' as const, schoolId: cls.schoolId, classId: cls.id };
  const { questions, students } = await queries.selectFigures(db, scope, {
    questions: queries.questionsPart(scope),
    students: queries.studentsPart(scope),
  });
  const C = T.csv;
  const allMarks = questions.reduce((sum, q) => sum + q.marks, 0);
  async function* rows(): AsyncGenerator<string> {
    yield (
      CSV_BOM +
      csvRow([
        C.student,
        C.studentEmail,
        C.studentId,
        ...questions.map((q, i) => C.questionColumn(i + 1, q.question, q.marks, choice)),
        C.questionsMarked,
        C.total,
        C.outOf,
        C.percentage,
        C.percentageOfAll,
        C.latestAttempt,
      ])
    );
    for (let i = 0; i < students.length; i += EXPORT_STUDENT_BATCH) {
      const batch = students.slice(i, i + EXPORT_STUDENT_BATCH);
      const { scores, latest } = await queries.selectExportScores(
        db,
        scope,
        batch.map((s) => s.id),
        choice,
      );
      const byKey = new Map(scores.map((s) => [`${s.studentId}:${s.questionId}`, s.score]));
      let chunk = '';
      for (const student of batch) {
        let total = 0;
        let outOf = 0;
        let marked = 0;
        const cells = questions.map((q) => {
          const score = byKey.get(`${student.id}:${q.id}`);
          if (score === undefined) return '';
          total += score;
          outOf += q.marks;
          marked += 1;
          return score;
        });
        const at = latest.get(student.id);
        // Both shares, named: of the questions marked (how well the work done went) and of every
        // question of the class (what is missing counts 0). One alone misread 1 of 2 as 100 %.
        chunk += csvRow([
          student.name,
          ...studentKeyCells(student),
          ...cells,
          C.markedOf(marked, questions.length),
          marked > 0 ? total : '',
          marked > 0 ? outOf : '',
          marked > 0 ? percentOf(total, outOf) : '',
          marked > 0 ? percentOf(total, allMarks) : '',
          at ? localDayText(at, timeZone) : '',
        ]);
      }
      yield chunk;
    }
  }
  return {
    disposition: attachmentHeader(cls.name, localDayText(now, timeZone)),
    body: Readable.from(rows()),
  };
}

/**
 * The marker a teacher reads in the export: never an engine's internal name. It said 'Drafted
 * automatically' (the rubric writer's words) for the offline marker and "anthropic:claude-…" for a
 * hosted one.
 */
export function markerName(markedBy: string | null): string {
  if (!markedBy) return '';
  if (markedBy.startsWith('offline')) return T.csv.markerOffline;
  const separator = markedBy.indexOf(':');
  const provider = separator > 0 ? markedBy.slice(0, separator).toLowerCase() : '';
  return T.csv.markerHosted[provider] ?? T.csv.markerOther;
}

/**
 * The answers of a submissions list as CSV, one row per answer (same filter, search and order as the
 * list), read and written one keyset batch at a time. The student's e-mail and id follow their name.
 */
function submissionsCsv(
  db: TDb,
  user: TAccessClaims,
  query: TSubmissionsExportQuery,
  now: Date,
  scope: 'teacher' | 'school',
): TCsvDownload {
  const timeZone = query.tz ?? SCHOOL_TIME_ZONE;
  const C = T.csv;
  async function* rows(): AsyncGenerator<string> {
    yield (
      CSV_BOM +
      csvRow([
        C.date,
        C.student,
        C.studentEmail,
        C.studentId,
        C.className,
        C.question,
        C.score,
        C.marks,
        C.marker,
        C.teacherOverride,
        C.aiScore,
        C.comment,
        C.status,
      ])
    );
    for await (const batch of teacherSubmissionBatches(db, user, query, 500, scope)) {
      const answersOf = new Map<string, typeof batch.answers>();
      for (const a of batch.answers) {
        const list = answersOf.get(a.submissionId) ?? [];
        list.push(a);
        answersOf.set(a.submissionId, list);
      }
      let chunk = '';
      for (const s of batch.submissions) {
        const key = studentKeyCells({
          id: s.studentId,
          email: batch.emails.get(s.studentId) ?? null,
        });
        for (const a of answersOf.get(s.id) ?? []) {
          const overridden = isChangedMark({
            score: a.score,
            aiScore: a.aiScore,
            reviewed: a.overriddenBy !== null,
            setByTeacher: a.overriddenBy !== null,
          });
          chunk += csvRow([
            localDateTimeText(s.submittedAt, timeZone),
            s.studentName,
            ...key,
            s.className ?? '',
            a.questionText,
            s.status === 'marked' ? a.score : null,
            a.marks,
            markerName(a.markedBy),
            overridden ? (a.overriddenByName ?? C.yes) : '',
            a.aiScore,
            a.teacherFeedback ?? a.feedback?.aiComment ?? '',
            MESSAGES.submissionsPage.statusLabel[s.status],
          ]);
        }
      }
      yield chunk;
    }
  }
  const name = `Submissions${query.q ? ` ${query.q}` : ''}`;
  return {
    disposition: attachmentHeader(name, localDayText(now, timeZone)),
    body: Readable.from(rows()),
  };
}

/** GET /export/submissions: every answer of the teacher's list as the list shows it now. */
export async function exportTeacherSubmissions(
  db: TDb,
  user: TAccessClaims,
  query: TSubmissionsExportQuery,
  now: Date,
): Promise<TCsvDownload> {
  if (user.role !== 'teacher') throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  schoolOf(user);
  return submissionsCsv(db, user, query, now, 'teacher');
}

/**
 * GET /export/school-submissions (issue 29): the admin's All Submissions, school-wide, as the
 * teacher's export writes it.
 */
export async function exportSchoolSubmissions(
  db: TDb,
  user: TAccessClaims,
  query: TSubmissionsExportQuery,
  now: Date,
): Promise<TCsvDownload> {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  schoolOf(user);
  return submissionsCsv(db, user, query, now, 'school');
}
