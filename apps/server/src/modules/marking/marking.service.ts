import { markDoubtKeyOf } from '@stem/contract/marking';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '@stem/contract/messages';
import { AiError } from '../../adapters/ai/port';
import type { TJobOutcome } from '../../adapters/queue/port';
import type { TDb } from '../../db/client';
import { clampScore } from '../../marking/bands';
import type { TMarkedExample, TMarkingInput, TMarkResult } from '../../marking/types';
import { TRIAL_PLAN } from '@stem/contract/plans';
import { createMarker } from '../../marking/engine';
import { findSchoolById } from '../auth/auth.queries';
import { grantHostedMarking } from '../limits/limits.queries';
import * as queries from './marking.queries';
import { reviewDoubtOf } from './review-doubt';
import { rubricVersionOf } from '../rubric-items/rubric-version';
import { batchesOfSubmission, deleteImagesIfClosed } from '../scans/scans.crops';

/** The longest rubric point stored as what a doubt is about (a rubric's sentence is shorter). */
const DOUBT_ABOUT_MAX = 300;

/** Marks one answer: the offline engine, a hosted model, or (in tests) a wrapper around either. */
export type TMarker = { mark: (input: TMarkingInput) => Promise<TMarkResult> };

export type TMarkingDeps = {
  db: TDb;
  marker: TMarker;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** How long a claim holds before another run may take the submission over. */
  leaseMs: number;
};

/**
 * Teacher-overridden answers passed to the marker as examples, per question, newest first. The
 * rubric engine reads the newest 50 and a hosted model fewer; the offline engine's learned model
 * (`marking/learned`) fits on all of them here, in the marking job, and is kept until they change.
 */
export const MAX_EXAMPLES_PER_QUESTION = 500;

/**
 * How long a claim on a submission holds without a heartbeat (`MARKING_LEASE_MS`, 30 s by default).
 * A live run renews it every third of that (`keepLease`), however long its AI calls take, so it is
 * never taken over; a run whose process died is taken over once the lease lapses.
 */
export function markingLeaseMs(config: { jobs: { markingLeaseMs: number } }): number {
  return config.jobs.markingLeaseMs;
}

/** The short reason kept with a submission whose marking gave up (never internals). */
export function failureReasonOf(error: unknown): string {
  if (error instanceof AiError) {
    if (error.kind === 'timeout') return MESSAGES.submissions.markingTimedOut;
    if (error.kind === 'malformed') return MESSAGES.submissions.markingUnreadable;
    return MESSAGES.submissions.markingUnavailable;
  }
  return MESSAGES.submissions.markingError;
}

class LeaseLost extends Error {}

/**
 * Marks a submission: the job's handler. Idempotent and safe under any race: the run first claims the
 * submission (one atomic UPDATE; only one claimer wins), marks every answer against its snapshot, and
 * writes all marks in one transaction fenced by its lease. A marked or failed submission, or one
 * another run is marking, is skipped. On an error the lease is released and the error rethrown so the
 * queue retries with back-off; on the final attempt the submission becomes `failed` with a reason.
 */
export async function markSubmission(
  deps: TMarkingDeps,
  submissionId: string,
  job: { isFinalAttempt: boolean },
): Promise<TMarkingOutcome> {
  const claim = await queries.claimSubmission(deps.db, submissionId, deps.now(), deps.leaseMs);
  if (!claim) {
    const state = await queries.findMarkingState(deps.db, submissionId);
    if (!state) return { status: 'skipped', reason: 'submission not found' };
    if (state.status !== 'pending') return { status: 'skipped', reason: `already ${state.status}` };
    return {
      status: 'skipped',
      reason: 'being marked by another run',
      // Its run may have died: look again when its lease would have lapsed.
      leaseAt: state.markingStartedAt ?? undefined,
    };
  }
  const log = deps.logger.child({ submissionId, markingAttempt: claim.markingAttempts });
  const lease = keepLease(deps, claim, log);
  try {
    const answers = await queries.selectAnswerSnapshots(deps.db, claim.schoolId, claim.id);
    const examples = await examplesByQuestion(deps.db, claim, answers);
    const marker = await markerFor(deps, claim.schoolId, claim.id);
    const marks: queries.TAnswerMarkValues[] = [];
    // An answer already marked under its rubric keeps its mark: a re-mark (issue 27) marks only
    // the answers sent back to the marker.
    for (const answer of answers.filter((a) => a.rubricVersion === null)) {
      const result = await marker.mark({
        question: answer.questionText,
        marks: answer.marks,
        lowMarkRange: answer.lowMarkRange,
        highMarkRange: answer.highMarkRange,
        rubric: answer.rubric,
        referenceAnswer: answer.referenceAnswer ?? undefined,
        answer: answer.answer,
        // Text read from a photo, upload or scan came from OCR; only it may be "unreadable".
        source: answer.answerSource === 'typed' ? 'typed' : 'ocr',
        ocrConfidence: answer.ocrConfidence ?? undefined,
        examples: answer.questionId ? examples.get(answer.questionId) : undefined,
      });
      marks.push({
        answerId: answer.id,
        score: clampScore(result.score, answer.marks),
        feedback: {
          aiComment: result.aiComment,
          suggestion: result.suggestion,
          markRange: result.markRange,
        },
        contentModeration: {
          isInappropriate: result.contentModeration.isInappropriate,
          reason: result.contentModeration.reason,
        },
        markedBy: result.engine,
        review: reviewDoubtOf({
          flagged: result.contentModeration.isInappropriate,
          source: answer.answerSource,
          ocrConfidence: answer.ocrConfidence,
          engineConfidence: result.confidence,
          held: answer.reviewHeld,
        }),
        doubtNote: markDoubtKeyOf(result.confidenceReason),
        // Bounded: a rubric's point, never the student's words.
        doubtAbout: result.confidenceAbout?.slice(0, DOUBT_ABOUT_MAX) ?? null,
        rubricVersion: rubricVersionOf(answer),
      });
      // Stop early when another run took the submission over.
      if (lease.lost()) throw new LeaseLost();
    }
    const written = await queries.writeMarks(deps.db, await lease.stop(), marks, deps.now());
    if (!written) throw new LeaseLost();
    log.info({ answers: marks.length }, 'submission marked');
    await closeScanBatchesOf(deps, claim.id, log);
    return { status: 'done' };
  } catch (error) {
    const held = await lease.stop().catch(() => null);
    if (error instanceof LeaseLost || !held) {
      log.warn('marking lease lost; another run owns the submission');
      return { status: 'skipped', reason: 'lease lost' };
    }
    const failure = job.isFinalAttempt ? { reason: failureReasonOf(error) } : null;
    await queries.releaseAfterFailure(deps.db, held, deps.now(), failure);
    log.warn(
      { err: error, final: job.isFinalAttempt },
      job.isFinalAttempt ? 'marking failed for good' : 'marking failed; will retry',
    );
    throw error;
  }
}

/**
 * A scanned submission's batch may close once its answers are marked with no doubt (issue 28): its
 * kept scan images are then deleted. A failure here is logged; housekeeping deletes them later.
 */
async function closeScanBatchesOf(
  deps: Pick<TMarkingDeps, 'db' | 'now'>,
  submissionId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const batches = await batchesOfSubmission(deps.db, submissionId);
    if (batches.length > 0) await deleteImagesIfClosed(deps.db, batches, deps.now());
  } catch (err) {
    log.error({ err }, 'could not delete the scan images of a closed batch');
  }
}

/**
 * What a marking run ends with. A run that found another's live claim says when that claim was taken,
 * so the job can look again once it would have lapsed (its holder may have died).
 */
export type TMarkingOutcome = TJobOutcome & { leaseAt?: Date | undefined };

/**
 * The heartbeat of a claim: renews it every third of the lease while the run marks, one renewal at a
 * time. `stop()` ends the beat and, once no renewal is in flight, gives the claim to present to the
 * final write (which no renewal may race: a renewal moves the fence), and rejects if the claim was
 * lost. A renewal that fails on a database blip is retried on the next beat.
 */
function keepLease(
  deps: Pick<TMarkingDeps, 'db' | 'now' | 'leaseMs'>,
  claim: queries.TClaim,
  log: FastifyBaseLogger,
): { lost: () => boolean; stop: () => Promise<queries.TClaim> } {
  let current: queries.TClaim | null = claim;
  let inFlight: Promise<void> = Promise.resolve();
  const beat = setInterval(
    () => {
      inFlight = inFlight.then(async () => {
        if (!current) return;
        try {
          current = await queries.renewLease(deps.db, current, deps.now());
        } catch (err) {
          log.warn({ err }, 'marking lease renewal failed; retrying on the next beat');
        }
      });
    },
    Math.max(1_000, Math.floor(deps.leaseMs / 3)),
  );
  beat.unref();
  return {
    lost: () => current === null,
    stop: async () => {
      clearInterval(beat);
      await inFlight;
      if (!current) throw new LeaseLost();
      return current;
    },
  };
}

const offlineMarker: TMarker = createMarker();

/**
 * The marker for a submission of this school: a trial has two pieces of work marked by a hosted AI
 * provider (spec 01 §9, FAQ); after those, its work is marked by the offline engine. The grant is
 * taken atomically, so parallel submissions cannot get a third piece marked by the hosted AI.
 */
export async function markerFor(
  deps: Pick<TMarkingDeps, 'db' | 'marker'>,
  schoolId: string,
  submissionId: string,
): Promise<TMarker> {
  const engine = (deps.marker as { engine?: unknown }).engine;
  if (typeof engine !== 'string' || engine.startsWith('offline')) return deps.marker;
  const school = await findSchoolById(deps.db, schoolId);
  if (school?.plan !== 'trial') return deps.marker;
  const granted = await grantHostedMarking(
    deps.db,
    schoolId,
    submissionId,
    TRIAL_PLAN.aiMarkedWork,
  );
  return granted ? deps.marker : offlineMarker;
}

async function examplesByQuestion(
  db: TDb,
  claim: queries.TClaim,
  answers: queries.TAnswerSnapshot[],
): Promise<Map<string, TMarkedExample[]>> {
  const questionIds = [
    ...new Set(answers.map((a) => a.questionId).filter((id): id is string => id !== null)),
  ];
  const rows = await queries.selectOverriddenExamples(
    db,
    claim.schoolId,
    questionIds,
    claim.id,
    MAX_EXAMPLES_PER_QUESTION,
  );
  const byQuestion = new Map<string, TMarkedExample[]>();
  for (const row of rows) {
    const list = byQuestion.get(row.questionId) ?? [];
    list.push({ answer: row.answer, score: row.score, comment: row.comment ?? undefined });
    byQuestion.set(row.questionId, list);
  }
  return byQuestion;
}

/** Stuck pending submissions to hand back to the queue (see `selectStuckSubmissions`). */
export function findStuckSubmissions(
  deps: Pick<TMarkingDeps, 'db' | 'now' | 'leaseMs'>,
  idleMs: number,
): Promise<queries.TStuckSubmission[]> {
  return queries.selectStuckSubmissions(deps.db, deps.now(), {
    leaseMs: deps.leaseMs,
    idleMs,
    limit: 500,
  });
}
