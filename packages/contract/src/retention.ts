/**
 * How long each kind of data is kept: the privacy notice and licence (spec 01 §9). The worker's
 * housekeeping removes what is past its period; README's "Where data lives and for how long" says how.
 */
export const RETENTION = {
  /** Account data: while the plan is active, plus 24 months. */
  accountMonthsAfterPlanEnds: 24,
  /** Text read from images, and typed answers: 24 months after submission. */
  extractedTextMonths: 24,
  /** Scores and feedback (the submission itself): 36 months after submission. */
  scoresAndFeedbackMonths: 36,
  /** Admin and owner activity records: 12 months. */
  activityLogMonths: 12,
  /** Mail the product sent (the outbox): 24 months. */
  communicationMonths: 24,
  /** Payment records: 7 years. */
  paymentRecordYears: 7,
  /** Application logs: 90 days (kept by the operator's log store, not the product). */
  applicationLogDays: 90,
  /** Analytics are computed from submissions, so they go with them: 36 months. */
  analyticsMonths: 36,
  /** Deletion requests are honoured within 30 days. */
  deletionRequestDays: 30,
} as const;

/** `now` less `months` calendar months (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}
