import type { FastifyBaseLogger } from 'fastify';
import { monthsBefore, RETENTION } from '@stem/contract/retention';
import type { TDb } from '../db/client';
import { purgeOutboxBefore } from '../adapters/mail/outbox';
import { purgeOldAudit } from '../modules/audit/audit.service';
import { deletePaymentRecordsBefore } from '../modules/payments/payments.retention';
import { removeSchoolsEndedBefore } from '../modules/school/school.retention';
import {
  clearAnswerTextBefore,
  deleteSubmissionsBefore,
} from '../modules/submissions/submissions.retention';

export type TRetentionDeps = {
  db: TDb;
  now: () => Date;
  logger: FastifyBaseLogger;
  /** Where the outbox lives (mail without SMTP); omitted, the outbox is left alone. */
  dataDir?: string | undefined;
};

/** What one round removed, by the privacy notice's categories (spec 01 §9). */
export type TRetentionReport = {
  schoolsEnded: number;
  accountsOfEndedSchools: number;
  answerTextsEmptied: number;
  submissionsDeleted: number;
  activityRecordsDeleted: number;
  outboxMessagesDeleted: number;
  paymentRecordsDeleted: number;
  paymentEventsDeleted: number;
  checkoutsDeleted: number;
};

/**
 * One round of the retention rules, each in its own step so one failure does not stop the others; the
 * report says what went, and failures are logged and retried next round. Analytics are computed from
 * submissions, so they follow the 36 months of scores; application logs are the operator's log store's
 * (README).
 */
export async function runRetention(deps: TRetentionDeps): Promise<TRetentionReport> {
  const now = deps.now();
  const report: TRetentionReport = {
    schoolsEnded: 0,
    accountsOfEndedSchools: 0,
    answerTextsEmptied: 0,
    submissionsDeleted: 0,
    activityRecordsDeleted: 0,
    outboxMessagesDeleted: 0,
    paymentRecordsDeleted: 0,
    paymentEventsDeleted: 0,
    checkoutsDeleted: 0,
  };
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      deps.logger.error({ err, step: name }, 'retention step failed');
    }
  };

  await step('accounts', async () => {
    const removed = await removeSchoolsEndedBefore(
      deps.db,
      monthsBefore(now, RETENTION.accountMonthsAfterPlanEnds),
    );
    report.schoolsEnded = removed.schools;
    report.accountsOfEndedSchools = removed.users;
  });
  await step('scores and feedback', async () => {
    report.submissionsDeleted = await deleteSubmissionsBefore(
      deps.db,
      monthsBefore(now, Math.min(RETENTION.scoresAndFeedbackMonths, RETENTION.analyticsMonths)),
    );
  });
  await step('extracted text', async () => {
    report.answerTextsEmptied = await clearAnswerTextBefore(
      deps.db,
      monthsBefore(now, RETENTION.extractedTextMonths),
    );
  });
  await step('activity records', async () => {
    report.activityRecordsDeleted = await purgeOldAudit(deps.db, now);
  });
  await step('communication records', async () => {
    if (!deps.dataDir) return;
    report.outboxMessagesDeleted = await purgeOutboxBefore(
      deps.dataDir,
      monthsBefore(now, RETENTION.communicationMonths),
    );
  });
  await step('payment records', async () => {
    const cutoff = monthsBefore(now, RETENTION.paymentRecordYears * 12);
    const removed = await deletePaymentRecordsBefore(deps.db, cutoff);
    report.paymentRecordsDeleted = removed.records;
    report.paymentEventsDeleted = removed.events;
    report.checkoutsDeleted = removed.checkouts;
  });

  deps.logger.info({ retention: report }, 'retention round done');
  return report;
}
