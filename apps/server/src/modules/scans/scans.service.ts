import { MESSAGES } from '@stem/contract/messages';
import {
  MAX_SCAN_FILES,
  SCAN_MESSAGES,
  type TAssignPageRequest,
  type TScanBatch,
  type TScanBatchDetails,
} from '@stem/contract/scans';
import type { TAppContext } from '../../context';
import { enqueueScanBatch } from '../../jobs/scan-batch.job';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { requireTeacherClass } from '../classes/classes.access';
import { listClassStudents } from '../classes/classes.service';
import { listQuestionsOfClass } from '../questions/questions.service';
import { statusesOf, submitScannedAnswers } from '../submissions/submissions.service';
import { memoryFiles, openScanFile } from './scans.files';
import * as queries from './scans.queries';
import { refusalReason } from './scans.reader';
import { READER_ID } from './scans.recovery';

/** Batches the upload page lists. */
export const RECENT_BATCHES = 5;
/** Files older than this with their batch unfinished were left by a crash: housekeeping clears them. */
export const STALE_BATCH_MS = 2 * 60 * 60_000;

function schoolOf(user: TAccessClaims): string {
  if (!user.schoolId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  return user.schoolId;
}

const batchNotFound = () => new AppError('NOT_FOUND', SCAN_MESSAGES.batchNotFound);

export type TUploadedFile = { name: string; bytes: Buffer };

/**
 * POST /scan/batches: a stack of scanned sheets for one of the teacher's classes. Every file is
 * opened now (not read): a file that is not a PDF or image (415), a protected or damaged PDF (422),
 * or more pages than the limit (422) is refused before anything is stored. The files are kept only
 * until the batch is read; the reading is queued and this returns its id at once.
 */
export async function createBatch(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
  files: TUploadedFile[],
): Promise<string> {
  schoolOf(user);
  const cls = await requireTeacherClass(ctx.db, user, classId);
  if (files.length === 0)
    throw new AppError('BAD_REQUEST', SCAN_MESSAGES.noFiles, { field: 'files' });
  if (files.length > MAX_SCAN_FILES) {
    throw new AppError('BAD_REQUEST', SCAN_MESSAGES.tooManyFiles, { field: 'files' });
  }
  let pages = 0;
  for (const file of files) {
    const opened = await openScanFile(ctx.imageWork, file.bytes, file.name);
    pages += opened.pages;
    if (pages > ctx.config.scan.maxPages) {
      throw new AppError('UNPROCESSABLE', SCAN_MESSAGES.tooManyPages(ctx.config.scan.maxPages), {
        field: 'files',
      });
    }
  }
  const inProcess = ctx.queue.name === 'in-process';
  const id = await ctx.db.transaction((tx) =>
    queries.insertBatch(tx, {
      schoolId: cls.schoolId,
      classId: cls.id,
      teacherId: user.userId,
      // The in-process queue reads the batch in this process: its files stay in memory.
      files: inProcess ? [] : files.map((f) => f.bytes),
      // ...and this process holds the batch (its heartbeat tells others it is alive).
      readerId: inProcess ? READER_ID : null,
      now: ctx.now(),
    }),
  );
  if (inProcess) {
    memoryFiles.put(
      id,
      files.map((f) => f.bytes),
    );
  }
  try {
    await enqueueScanBatch(ctx.queue, id);
  } catch (err) {
    // Nothing is lost: the files wait in the batch; the teacher is told the upload failed to start.
    ctx.logger.error({ err, batchId: id }, 'could not queue a scan batch');
    memoryFiles.drop(id);
    await queries.finishBatch(ctx.db, id, {
      status: 'failed',
      failureReason: SCAN_MESSAGES.failed,
      now: ctx.now(),
    });
    throw new AppError('UNAVAILABLE', SCAN_MESSAGES.failed);
  }
  return id;
}

async function summaries(
  ctx: TAppContext,
  rows: queries.TBatchRow[],
  classNames: Map<string, string>,
): Promise<TScanBatch[]> {
  const counts = await queries.countPagesByStatus(
    ctx.db,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const of = (status: string) =>
        counts.find((c) => c.batchId === row.id && c.status === status)?.n ?? 0;
      // Counted per page: a student's pages share one submission.
      const perPage = await queries.selectPageSubmissions(ctx.db, row.id);
      const statuses = await statusesOf(ctx.db, row.schoolId, [...new Set(perPage)]);
      const outcomes = {
        marked: perPage.filter((id) => statuses.get(id) === 'marked').length,
        failed: perPage.filter((id) => statuses.get(id) === 'failed').length,
      };
      return {
        id: row.id,
        classId: row.classId,
        className: classNames.get(row.classId) ?? '',
        status: row.status,
        totalPages: row.totalPages,
        readPages: row.readPages,
        assigned: of('assigned'),
        needsTeacher: of('needs_teacher'),
        duplicates: of('duplicate'),
        marked: outcomes.marked,
        markingFailed: outcomes.failed,
        failureReason: row.failureReason,
        createdAt: row.createdAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
      };
    }),
  );
}

async function classNameOf(ctx: TAppContext, user: TAccessClaims, classId: string) {
  try {
    return (await requireTeacherClass(ctx.db, user, classId)).name;
  } catch {
    return '';
  }
}

/** GET /scan/batches: the teacher's latest batches with their counts. */
export async function listBatches(ctx: TAppContext, user: TAccessClaims): Promise<TScanBatch[]> {
  const rows = await queries.selectRecentBatches(
    ctx.db,
    schoolOf(user),
    user.userId,
    RECENT_BATCHES,
  );
  const names = new Map<string, string>();
  for (const row of rows) {
    if (!names.has(row.classId)) names.set(row.classId, await classNameOf(ctx, user, row.classId));
  }
  return summaries(ctx, rows, names);
}

/**
 * GET /scan/batches/{id}: progress, summary, and every page that needs the teacher or was set aside,
 * with its text and place. Only the teacher who uploaded it sees it (404 otherwise).
 */
export async function getBatch(
  ctx: TAppContext,
  user: TAccessClaims,
  batchId: string,
): Promise<TScanBatchDetails> {
  const row = await queries.findTeacherBatch(ctx.db, schoolOf(user), user.userId, batchId);
  if (!row) throw batchNotFound();
  const className = await classNameOf(ctx, user, row.classId);
  const [summary] = await summaries(ctx, [row], new Map([[row.classId, className]]));
  if (!summary) throw batchNotFound();
  const students = className ? await listClassStudents(ctx.db, user, row.classId) : [];
  const nameOf = new Map(students.map((s) => [s.id, s.name]));
  const pages = (await queries.selectPages(ctx.db, row.id))
    .filter((p) => p.status !== 'assigned' || p.matchedBy === 'teacher')
    .map((p) => ({
      id: p.id,
      pageNumber: p.pageNumber,
      status: p.status,
      reason: (p.reason as TScanBatchDetails['pages'][number]['reason']) ?? null,
      text: p.extractedText,
      student: p.studentId ? { id: p.studentId, name: nameOf.get(p.studentId) ?? '' } : null,
      questionId: p.questionId,
      submissionId: p.submissionId,
    }));
  return { ...summary, pages };
}

/**
 * POST /scan/batches/{id}/pages/{pageId}/assign: the teacher gives a page that needs them a student
 * and a question of the batch's class; its text becomes a submission, marked as usual. A page already
 * assigned is 409; a student or question outside the class 400; the attempt limit 403.
 */
export async function assignPage(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { id: string; pageId: string },
  input: TAssignPageRequest,
): Promise<string> {
  const batch = await queries.findTeacherBatch(ctx.db, schoolOf(user), user.userId, params.id);
  if (!batch) throw batchNotFound();
  const page = await queries.findPage(ctx.db, batch.id, params.pageId);
  if (!page) throw new AppError('NOT_FOUND', SCAN_MESSAGES.pageNotFound);
  if (page.status === 'assigned') throw new AppError('CONFLICT', SCAN_MESSAGES.pageAlreadyAssigned);
  const cls = await requireTeacherClass(ctx.db, user, batch.classId);
  const students = await listClassStudents(ctx.db, user, cls.id);
  if (!students.some((s) => s.id === input.studentId)) {
    throw new AppError('VALIDATION', SCAN_MESSAGES.studentNotInClass, { field: 'studentId' });
  }
  const questions = await listQuestionsOfClass(ctx.db, cls);
  if (!questions.some((q) => q.id === input.questionId)) {
    throw new AppError('VALIDATION', MESSAGES.submissions.questionNotInClass, {
      field: 'questionId',
    });
  }
  const claimed = await queries.claimPage(ctx.db, page.id, { ...input, now: ctx.now() });
  if (!claimed) throw new AppError('CONFLICT', SCAN_MESSAGES.pageAlreadyAssigned);
  try {
    const submissionId = await submitScannedAnswers(ctx, user, {
      classId: cls.id,
      studentId: input.studentId,
      answers: [
        {
          questionId: input.questionId,
          text: page.extractedText,
          ocrConfidence: page.ocrConfidence ?? undefined,
        },
      ],
    });
    await queries.setPageSubmission(ctx.db, page.id, submissionId);
    return submissionId;
  } catch (error) {
    // Refused (attempts, allowance): the page goes back to the teacher, with the reason.
    await queries.releasePage(
      ctx.db,
      page.id,
      error instanceof AppError ? refusalReason(error) : 'refused',
      ctx.now(),
    );
    throw error;
  }
}

/** Housekeeping: deletes files of batches a crash left unfinished, and fails those batches. */
export async function clearStaleBatches(ctx: Pick<TAppContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  return queries.failStaleBatches(
    ctx.db,
    new Date(now.getTime() - STALE_BATCH_MS),
    SCAN_MESSAGES.batchReasons.interrupted,
    now,
  );
}
