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
  /**
   * Images of scanned answer sheets (issue 28): kept only while the teacher still has to check them
   * (until every page of the batch is matched and every answer the marker was unsure of is reviewed),
   * and never more than this many days.
   */
  scanImageMaxDays: 14,
} as const;

/**
 * The privacy notice's words about images of scanned answer sheets (issue 28; docs/deviations.md):
 * the one kind of uploaded image kept after its text is read, and only while a teacher still has to
 * check what was read.
 */
export const SCAN_IMAGE_NOTICE = {
  tableData: 'Images of scanned answer sheets (each answer, and any page the teacher must place)',
  tablePeriod: `Only while the teacher still has to check them: until every page of the upload is matched to its student and every answer the marker was unsure of has been reviewed, and never more than ${RETENTION.scanImageMaxDays} days; then deleted`,
  studentWork: `Images of answer sheets a teacher scans in bulk. The image of each answer, and of any page the teacher must place by hand, is kept, encrypted, only while the teacher still has to check what was read from it, and never more than ${RETENTION.scanImageMaxDays} days (see section 7).`,
  retention: `The one exception is answer sheets a teacher scans in bulk: the image of each answer (and of any page the teacher must place by hand) is kept, encrypted, so the teacher can check the text read beside it, until every page of the upload is matched and every answer the marker was unsure of has been reviewed, and never more than ${RETENTION.scanImageMaxDays} days. It is then deleted. Only the teacher of the class and the school's administrator can see it; students never do.`,
  security: `Uploaded images are not stored, except images of bulk-scanned answer sheets, which are kept encrypted only while the teacher checks them (at most ${RETENTION.scanImageMaxDays} days), as described in section 7.`,
  studentSummary: `If your teacher scans your answer sheet, a picture of your answer is kept only until your teacher has checked it, and never more than ${RETENTION.scanImageMaxDays} days.`,
} as const;

/** `now` less `months` calendar months (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}
