import { MESSAGES } from '@stem/contract/messages';
import {
  MAX_SCAN_FILES,
  SCAN_MESSAGES,
  type TAbsentPageRequest,
  type TAssignPageRequest,
  type TScanBatch,
  type TScanBatchDetails,
  type TPageReason,
  type TScanPage,
} from '@stem/contract/scans';
import { stripUnstorableCharacters } from '@stem/contract/text';
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
import { recordAudit } from '../audit/audit.service';
import { releaseHeldQuestions } from '../release/release.service';
import { endHold } from '../submissions/submissions.held';
import {
  holdsMarks,
  otherPaper,
  pageValues,
  readingContext,
  readPage,
  refusalReason,
  type TRegionDecision,
} from './scans.reader';
import { READER_ID } from './scans.recovery';
import { earlierAnswerOf, placeOnEarlierAnswer } from './scans.rescan';
import {
  attachCropsToSubmission,
  deleteImagesIfClosed,
  dropPageCrops,
  findCrop,
  imagesKeptUntil,
  keepCrop,
  readCropImage,
  selectBatchCrops,
} from './scans.crops';

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
  /** Whether the marks wait for the teacher's release; undefined: as the class's questions are set. */
  holdMarks?: boolean,
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
  const hold = holdMarks ?? (await releaseHeldQuestions(ctx.db, cls.id)).size > 0;
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
      holdMarks: hold,
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
        blank: of('blank'),
        holdMarks: row.holdMarks,
        releasedAt: row.releasedAt?.toISOString() ?? null,
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

/** The names of the students of the batch's class and of every other class a page went to. */
async function studentNames(
  ctx: TAppContext,
  user: TAccessClaims,
  classIds: Iterable<string>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const classId of new Set(classIds)) {
    try {
      for (const s of await listClassStudents(ctx.db, user, classId)) names.set(s.id, s.name);
    } catch (error) {
      // A class deleted since: its students' names are not shown.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return names;
}

function pageOf(
  p: queries.TPageRow,
  names: Map<string, string>,
  crops: Map<string, string> = new Map(),
  continued: Map<string, string> = new Map(),
): TScanPage {
  return {
    id: p.id,
    pageNumber: p.pageNumber,
    status: p.status,
    reason: (p.reason as TScanPage['reason']) ?? null,
    text: p.extractedText,
    cropId: crops.get(p.id) ?? null,
    readName: p.readName,
    student: p.studentId ? { id: p.studentId, name: names.get(p.studentId) ?? '' } : null,
    classId: p.classId,
    questionId: p.questionId,
    questionNumber: p.questionNumber,
    continuation: p.continuation,
    replacedEarlier: p.replacedEarlier,
    continuedText: continued.get(p.id) ?? null,
    submissionId: p.submissionId,
  };
}

/**
 * The text of the continuation boxes that wait with each main box still waiting for the teacher,
 * by the main box's page id.
 */
function waitingContinuations(all: readonly queries.TPageRow[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const main of all) {
    if (main.continuation || main.status !== 'needs_teacher') continue;
    const text = all
      .filter(
        (c) =>
          c.continuation &&
          c.status === 'assigned' &&
          c.submissionId === null &&
          c.studentId !== null &&
          c.studentId === main.studentId &&
          c.questionId === main.questionId,
      )
      .map((c) => c.extractedText)
      .join('\n')
      .trim();
    if (text !== '') texts.set(main.id, text);
  }
  return texts;
}

/**
 * GET /scan/batches/{id}: progress, summary, and every page that needs the teacher, that they dealt
 * with, that was blank or set aside, with its text and place. Only the teacher who uploaded it sees
 * it (404 otherwise).
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
  const all = await queries.selectPages(ctx.db, row.id);
  const continued = waitingContinuations(all);
  const rows = all.filter(
    (p) =>
      (p.status !== 'assigned' || p.matchedBy === 'teacher') &&
      // An unused continuation box is no unanswered question.
      !(p.continuation && p.status === 'blank'),
  );
  const classIds = [row.classId, ...rows.flatMap((p) => (p.classId ? [p.classId] : []))];
  const names = await studentNames(ctx, user, className ? classIds : []);
  const crops = new Map(
    (await selectBatchCrops(ctx.db, row.schoolId, row.id)).map((c) => [c.pageId, c.id]),
  );
  const answers = (await queries.selectBatchAnswers(ctx.db, row.schoolId, row.id)).map((a) => ({
    pageId: a.pageId,
    pageNumber: a.pageNumber,
    student: a.studentId ? { id: a.studentId, name: names.get(a.studentId) ?? '' } : null,
    questionId: a.questionId,
    questionNumber: a.questionNumber,
    submissionId: a.submissionId,
    answerId: a.answerId,
    text: a.text,
    score: a.score,
    marks: a.marks,
    needsReview: a.reviewDoubt !== null && a.reviewedAt === null,
    replacedEarlier: a.replacedEarlier,
    pending: a.status === 'pending',
    cropId: a.cropId,
  }));
  return {
    ...summary,
    pages: rows.map((p) => pageOf(p, names, crops, continued)),
    answers,
    imagesDeletedAt: row.imagesDeletedAt?.toISOString() ?? null,
    imagesKeptUntil: imagesKeptUntil(row.createdAt).toISOString(),
  };
}

/**
 * GET /scan/crops/{cropId}: the kept image of an answer region or page, for the teacher of its class
 * (the batch's, or the class the page was assigned to) and the school's admin; 404 for anyone else
 * of the school, another school, and an image deleted since (students are refused by the route).
 */
export async function getCropImage(
  ctx: TAppContext,
  user: TAccessClaims,
  cropId: string,
): Promise<{ contentType: string; image: Buffer }> {
  const notFound = () => new AppError('NOT_FOUND', SCAN_MESSAGES.cropNotFound);
  const crop = await findCrop(ctx.db, schoolOf(user), cropId);
  if (!crop) throw notFound();
  if (user.role !== 'admin') {
    const classes = [crop.batchClassId, ...(crop.pageClassId ? [crop.pageClassId] : [])];
    let teaches = false;
    for (const classId of classes) {
      try {
        await requireTeacherClass(ctx.db, user, classId);
        teaches = true;
        break;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    if (!teaches) throw notFound();
  }
  const image = await readCropImage(ctx.db, ctx.config, crop.schoolId, crop.id);
  if (!image) throw notFound();
  return image;
}

/** After a teacher's action: the batch's images go if it is now closed (issue 28). */
async function closeIfDone(ctx: Pick<TAppContext, 'db' | 'now' | 'logger'>, batchId: string) {
  try {
    await deleteImagesIfClosed(ctx.db, [batchId], ctx.now());
  } catch (err) {
    // Housekeeping deletes them on its next round.
    ctx.logger.error({ err, batchId }, 'could not delete the scan images of a closed batch');
  }
}

/** The teacher's own batch and one of its pages, or 404 (another teacher's or school's too). */
async function ownPage(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { id: string; pageId: string },
) {
  const batch = await queries.findTeacherBatch(ctx.db, schoolOf(user), user.userId, params.id);
  if (!batch) throw batchNotFound();
  const page = await queries.findPage(ctx.db, batch.id, params.pageId);
  if (!page) throw new AppError('NOT_FOUND', SCAN_MESSAGES.pageNotFound);
  return { batch, page };
}

/** A student and a question of the teacher's class `classId`, or 400 naming the wrong one. */
async function requireClassPlace(
  ctx: TAppContext,
  user: TAccessClaims,
  classId: string,
  place: { studentId: string; questionId: string },
) {
  const cls = await requireTeacherClass(ctx.db, user, classId);
  const students = await listClassStudents(ctx.db, user, cls.id);
  if (!students.some((s) => s.id === place.studentId)) {
    throw new AppError('VALIDATION', SCAN_MESSAGES.studentNotInClass, { field: 'studentId' });
  }
  const questions = await listQuestionsOfClass(ctx.db, cls);
  if (!questions.some((q) => q.id === place.questionId)) {
    throw new AppError('VALIDATION', MESSAGES.submissions.questionNotInClass, {
      field: 'questionId',
    });
  }
  return cls;
}

/**
 * Submits the text of a page just claimed for a student's question and links the submission; when
 * the submission is refused (attempts, allowance) the page goes back to the teacher with the reason
 * and the refusal is thrown. A page whose earlier scan already made this student's answer to the
 * question (a re-scan, issue 28) replaces that answer's text instead: no submission, no attempt.
 */
async function submitPage(
  ctx: TAppContext,
  user: TAccessClaims,
  page: queries.TPageRow,
  place: { classId: string; studentId: string; questionId: string; holdForRelease: boolean },
  /** The continuation boxes that waited with this box: their text completes its answer. */
  continued: queries.TPageRow[] = [],
): Promise<string> {
  const text = [page.extractedText, ...continued.map((c) => c.extractedText)].join('\n').trim();
  const earlier = await earlierAnswerOf(
    ctx,
    place.classId,
    page,
    { studentId: place.studentId, questionId: place.questionId },
    continued.map((c) => c.id),
  );
  if (earlier) {
    const outcome = await placeOnEarlierAnswer(ctx, user, page.schoolId, earlier, [
      page,
      ...continued,
    ]);
    if (outcome !== 'missing') return earlier.submissionId;
  }
  try {
    const submissionId = await submitScannedAnswers(ctx, user, {
      classId: place.classId,
      holdForRelease: place.holdForRelease,
      studentId: place.studentId,
      answers: [
        {
          questionId: place.questionId,
          text,
          ocrConfidence: page.ocrConfidence ?? undefined,
          // The printed number holds only for the question printed on the page.
          questionNumber:
            page.questionId === place.questionId ? (page.questionNumber ?? undefined) : undefined,
        },
      ],
    });
    await ctx.db.transaction(async (tx) => {
      const pageIds = [page.id, ...continued.map((c) => c.id)];
      await queries.setPagesSubmission(tx, pageIds, submissionId);
      await attachCropsToSubmission(tx, pageIds, submissionId, place.questionId);
    });
    return submissionId;
  } catch (error) {
    await queries.releasePage(
      ctx.db,
      page.id,
      error instanceof AppError ? refusalReason(error) : 'refused',
      ctx.now(),
    );
    throw error;
  }
}

/**
 * POST /scan/batches/{id}/pages/{pageId}/assign: the teacher gives a page that needs them a student
 * and a question of the batch's class, or of another of their classes (a sheet filed in the wrong
 * stack); its text becomes a submission, marked as usual. A page already dealt with is 409; a
 * student or question outside the class 400; another teacher's class 404; the attempt limit 403.
 */
export async function assignPage(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { id: string; pageId: string },
  input: TAssignPageRequest,
): Promise<string> {
  const { batch, page } = await ownPage(ctx, user, params);
  if (page.status === 'assigned') throw new AppError('CONFLICT', SCAN_MESSAGES.pageAlreadyAssigned);
  if (page.status !== 'needs_teacher') throw new AppError('CONFLICT', SCAN_MESSAGES.pageSettled);
  const cls = await requireClassPlace(ctx, user, input.classId ?? batch.classId, input);
  const text = input.text === undefined ? undefined : stripUnstorableCharacters(input.text).trim();
  // Nothing written is no answer: never a 0-mark submission of an empty page.
  if ((text ?? page.extractedText).trim() === '') {
    throw new AppError('VALIDATION', SCAN_MESSAGES.noTextToAssign, { field: 'text' });
  }
  const claimed = await queries.claimPage(ctx.db, page.id, {
    studentId: input.studentId,
    questionId: input.questionId,
    classId: cls.id === batch.classId ? null : cls.id,
    text,
    now: ctx.now(),
  });
  if (!claimed) throw new AppError('CONFLICT', SCAN_MESSAGES.pageSettled);
  // Its answer is being marked: the batch stays open until it is (the marking job closes it).
  // What the student went on to write on the continuation page goes with it.
  return submitPage(
    ctx,
    user,
    claimed,
    { ...input, classId: cls.id, holdForRelease: holdsMarks(batch) },
    await queries.selectWaitingContinuations(ctx.db, batch.id, page),
  );
}

/**
 * A main box the teacher set aside (discarded, or re-scanned blank): the continuation that waited
 * with it is the answer on its own, as when the main box was left blank.
 */
async function submitContinuationsAlone(
  ctx: TAppContext,
  user: TAccessClaims,
  batch: queries.TBatchRow,
  page: Pick<queries.TPageRow, 'studentId' | 'questionId'>,
): Promise<void> {
  const [first, ...rest] = await queries.selectWaitingContinuations(ctx.db, batch.id, page);
  if (!first?.studentId || !first.questionId) return;
  await submitPage(
    ctx,
    user,
    first,
    {
      classId: batch.classId,
      studentId: first.studentId,
      questionId: first.questionId,
      holdForRelease: holdsMarks(batch),
    },
    rest,
  ).catch((error: unknown) => {
    // A refusal (attempts) already sent the continuation back to the teacher with its reason.
    if (!(error instanceof AppError)) throw error;
  });
}

/**
 * POST /scan/batches/{id}/pages/{pageId}/discard: the teacher sets aside a page that needs them, a
 * blank one or a repeat (a scrap, a cover sheet): nothing is submitted from it. 409 once it is
 * assigned, absent or discarded.
 */
export async function discardPage(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { id: string; pageId: string },
): Promise<TScanPage> {
  const { batch, page } = await ownPage(ctx, user, params);
  const settled = await queries.settlePage(ctx.db, page.id, {
    from: ['needs_teacher', 'blank', 'duplicate'],
    status: 'discarded',
    studentId: page.studentId,
    questionId: page.questionId,
    now: ctx.now(),
  });
  if (!settled) throw new AppError('CONFLICT', SCAN_MESSAGES.pageSettled);
  if (!page.continuation && page.status === 'needs_teacher') {
    await submitContinuationsAlone(ctx, user, batch, page);
  }
  await closeIfDone(ctx, page.batchId);
  return pageOf(settled, await studentNames(ctx, user, []));
}

/**
 * POST /scan/batches/{id}/pages/{pageId}/absent: the page's student was absent for its question (or,
 * for a page that does not say whose it is, the student and question the teacher names, of the
 * batch's class): no submission is made and no attempt is used. 409 once the page is dealt with.
 */
export async function markPageAbsent(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { id: string; pageId: string },
  input: TAbsentPageRequest,
): Promise<TScanPage> {
  const { batch, page } = await ownPage(ctx, user, params);
  if (page.status !== 'needs_teacher' && page.status !== 'blank') {
    throw new AppError('CONFLICT', SCAN_MESSAGES.pageSettled);
  }
  const studentId = input.studentId ?? page.studentId;
  const questionId = input.questionId ?? page.questionId;
  if (!studentId || !questionId) {
    throw new AppError('VALIDATION', SCAN_MESSAGES.absentNeedsWho, {
      field: studentId ? 'questionId' : 'studentId',
    });
  }
  await requireClassPlace(ctx, user, batch.classId, { studentId, questionId });
  const settled = await queries.settlePage(ctx.db, page.id, {
    from: ['needs_teacher', 'blank'],
    status: 'absent',
    studentId,
    questionId,
    now: ctx.now(),
  });
  if (!settled) throw new AppError('CONFLICT', SCAN_MESSAGES.pageSettled);
  // Absent for the question: what waited on the continuation page is not submitted either.
  if (!page.continuation) {
    for (const continued of await queries.selectWaitingContinuations(ctx.db, batch.id, page)) {
      await queries.settlePage(ctx.db, continued.id, {
        from: ['assigned'],
        status: 'absent',
        studentId: continued.studentId,
        questionId: continued.questionId,
        now: ctx.now(),
      });
    }
  }
  await closeIfDone(ctx, batch.id);
  return pageOf(settled, await studentNames(ctx, user, [batch.classId]));
}

/** Reasons a re-scan could not be read as a page's answer (rather than placed elsewhere). */
const UNCLEAR: readonly TPageReason[] = ['unreadable', 'unsure_text', 'forged', 'unknown_booklet'];

/**
 * A re-scan of a page whose answer was made already (issue 28): the answer takes the re-scan's text
 * in place, in its submission (no new submission, no attempt used), and is marked again; its history
 * keeps the earlier text and marks. The same text again changes nothing. A re-scan that is blank, or
 * cannot be read clearly, where the answer was read is refused (400): the answer and marks stay.
 */
async function rescanPlacedPage(
  ctx: TAppContext,
  user: TAccessClaims,
  batch: queries.TBatchRow,
  page: queries.TPageRow & { submissionId: string; questionId: string },
  region: TRegionDecision,
): Promise<{ page: TScanPage; message: string }> {
  const { decision } = region;
  if (decision.status === 'blank') {
    throw new AppError('VALIDATION', SCAN_MESSAGES.replaceBlankKeeps, { field: 'files' });
  }
  if (
    decision.status === 'duplicate' ||
    (decision.status === 'needs_teacher' && UNCLEAR.includes(decision.reason))
  ) {
    throw new AppError('VALIDATION', SCAN_MESSAGES.replaceUnclearKeeps, { field: 'files' });
  }
  const differs = (was: string | null, now: string | undefined) =>
    was !== null && now !== undefined && was !== now;
  if (
    differs(page.studentId, decision.studentId) ||
    differs(page.questionId, decision.questionId)
  ) {
    throw new AppError('VALIDATION', SCAN_MESSAGES.replaceOtherSheet, { field: 'files' });
  }
  const values = pageValues(region, null);
  const names = await studentNames(ctx, user, [
    batch.classId,
    ...(page.classId ? [page.classId] : []),
  ]);
  const cropsOfBatch = async () =>
    new Map(
      (await selectBatchCrops(ctx.db, batch.schoolId, batch.id)).map((c) => [c.pageId, c.id]),
    );
  if (values.extractedText.trim() === page.extractedText.trim()) {
    return {
      page: pageOf(page, names, await cropsOfBatch()),
      message: SCAN_MESSAGES.replaceSameText,
    };
  }
  const row = await ctx.db.transaction(async (tx) => {
    const reread = await queries.rereadPlacedPage(tx, page, {
      extractedText: values.extractedText,
      ocrConfidence: values.ocrConfidence,
      pageKey: values.pageKey,
      now: ctx.now(),
    });
    if (!reread) return null;
    // The re-scan's image replaces the earlier one (kept while the batch is open).
    await dropPageCrops(tx, page.id);
    if (region.image) {
      await keepCrop(tx, ctx.config, {
        batchId: batch.id,
        pageId: page.id,
        submissionId: page.submissionId,
        questionId: page.questionId,
        image: region.image,
      });
    }
    return reread;
  });
  if (!row) throw new AppError('CONFLICT', SCAN_MESSAGES.pageSettled);
  const outcome = await placeOnEarlierAnswer(ctx, user, batch.schoolId, page, [row]);
  await closeIfDone(ctx, batch.id);
  const now = (await queries.findPage(ctx.db, batch.id, page.id)) ?? row;
  return {
    page: pageOf(now, names, await cropsOfBatch()),
    message: outcome === 'replaced' ? SCAN_MESSAGES.replacedEarlier : SCAN_MESSAGES.replaceSameText,
  };
}

/**
 * POST /scan/batches/{id}/pages/{pageId}/replace: a re-scan of one page of a read batch replaces
 * what was read from it. A page whose answer was made already keeps its place: the answer takes the
 * re-scan's text and is marked again, in its submission (issue 28: no new submission, no attempt
 * used, the earlier text and marks in its history; see rescanPlacedPage). Any other page is placed
 * as a page of the stack would be (assigned and marked, blank, or back to the teacher), and when an
 * earlier scan of it made this student's answer, that answer is replaced the same way. The re-scan
 * must be of the same sheet: one whose code names another student or question, or another printing
 * of it, is refused (400); one page only (400).
 */
export async function replacePage(
  ctx: TAppContext,
  user: TAccessClaims,
  params: { id: string; pageId: string },
  file: TUploadedFile,
): Promise<{ page: TScanPage; message: string }> {
  const { batch, page } = await ownPage(ctx, user, params);
  if (batch.status === 'queued' || batch.status === 'reading') {
    throw new AppError('CONFLICT', SCAN_MESSAGES.batchStillReading);
  }
  const opened = await openScanFile(ctx.imageWork, file.bytes, file.name);
  if (opened.pages !== 1) {
    throw new AppError('VALIDATION', SCAN_MESSAGES.replaceOnePage, { field: 'files' });
  }
  const reading = await readingContext(ctx, user, batch);
  const read = await readPage(ctx, opened, 0, { batch, ...reading });
  // The re-scan's box that stands where this row's stood: the same box of a booklet page, else the
  // box of the row's question (a page first read without its code), else the page's only one.
  const { regions } = read;
  const region =
    (page.region > 0 ? regions.find((r) => r.region === page.region) : undefined) ??
    (regions.length === 1 ? regions[0] : undefined) ??
    regions.find(
      (r) =>
        !r.continuation && page.questionId !== null && r.decision.questionId === page.questionId,
    );
  // A page of another printing (or another blank copy) is other paper, not a re-scan of this one.
  if (!region || otherPaper(page.pageKey, region.pageKey)) {
    throw new AppError('VALIDATION', SCAN_MESSAGES.replaceOtherSheet, { field: 'files' });
  }
  const { decision } = region;
  if (page.status === 'assigned' && page.submissionId !== null && page.questionId !== null) {
    return rescanPlacedPage(
      ctx,
      user,
      batch,
      { ...page, submissionId: page.submissionId, questionId: page.questionId },
      region,
    );
  }
  const differs = (was: string | null, now: string | undefined) =>
    was !== null && now !== undefined && was !== now;
  if (
    page.classId === null &&
    (differs(page.studentId, decision.studentId) || differs(page.questionId, decision.questionId))
  ) {
    throw new AppError('VALIDATION', SCAN_MESSAGES.replaceOtherSheet, { field: 'files' });
  }
  const { region: _region, ...values } = pageValues(region, read.readName);
  const replaced = await ctx.db.transaction(async (tx) => {
    const row = await queries.replacePageRead(tx, page, {
      ...values,
      // The teacher placed it (it stays in their list, saying where it went).
      matchedBy: values.matchedBy === null ? null : 'teacher',
      // A re-scan that does not say whose it is keeps what the first read knew.
      studentId: values.studentId ?? page.studentId,
      questionId: values.questionId ?? page.questionId,
      readName: values.readName ?? page.readName,
      pageKey: values.pageKey ?? page.pageKey,
      now: ctx.now(),
    });
    if (!row) return null;
    // The re-scan's image replaces the first read's (kept while the batch is open).
    await dropPageCrops(tx, page.id);
    if (region.image && decision.status !== 'duplicate') {
      await keepCrop(tx, ctx.config, {
        batchId: batch.id,
        pageId: page.id,
        submissionId: null,
        questionId: row.questionId,
        image: region.image,
      });
    }
    return row;
  });
  if (!replaced) throw new AppError('CONFLICT', SCAN_MESSAGES.pageSettled);
  const continued = page.continuation
    ? []
    : await queries.selectWaitingContinuations(ctx.db, batch.id, page);
  if (decision.status === 'assigned') {
    await submitPage(
      ctx,
      user,
      replaced,
      {
        classId: batch.classId,
        studentId: decision.studentId,
        questionId: decision.questionId,
        holdForRelease: holdsMarks(batch),
      },
      continued,
    );
  } else if (decision.status === 'blank' && continued.length > 0) {
    await submitContinuationsAlone(ctx, user, batch, page);
  }
  await closeIfDone(ctx, batch.id);
  const now = (await queries.findPage(ctx.db, batch.id, page.id)) ?? replaced;
  const crops = new Map(
    (await selectBatchCrops(ctx.db, batch.schoolId, batch.id)).map((c) => [c.pageId, c.id]),
  );
  return {
    page: pageOf(now, await studentNames(ctx, user, [batch.classId]), crops),
    message: now.replacedEarlier ? SCAN_MESSAGES.replacedEarlier : SCAN_MESSAGES.replaced,
  };
}

/**
 * POST /scan/batches/{id}/release: the marks of a batch that waits for the teacher go to its
 * students (an answer also held for review stays held until reviewed); answers placed on it later
 * are released as they are marked. 409 for a batch that does not wait (never held, or released).
 */
export async function releaseBatch(
  ctx: TAppContext,
  user: TAccessClaims,
  batchId: string,
): Promise<number> {
  const batch = await queries.findTeacherBatch(ctx.db, schoolOf(user), user.userId, batchId);
  if (!batch) throw batchNotFound();
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    if (!(await queries.markBatchReleased(tx, batch.id, now))) {
      throw new AppError('CONFLICT', SCAN_MESSAGES.notHeld);
    }
    const submissionIds = [...new Set(await queries.selectPageSubmissions(tx, batch.id, true))];
    const released = await endHold(tx, batch.schoolId, { kind: 'batch', submissionIds }, now);
    await recordAudit(tx, {
      schoolId: batch.schoolId,
      actorId: user.userId,
      action: 'marks.released',
      targetType: 'class',
      targetId: batch.classId,
      after: { scanBatchId: batch.id, released },
    });
    return released;
  });
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
