import { MESSAGES } from '@stem/contract/messages';
import { PAID_PLANS, TRIAL_PLAN } from '@stem/contract/plans';
import type { TAssessmentAllowance } from '@stem/contract/teaching';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { formatResetDate, monthBounds } from '../../lib/london-month';
import {
  countMonthSubmissions,
  countSchoolSubmissions,
  lockSchool,
  type TSchoolRow,
} from './limits.queries';

/**
 * The practice assessments a submission in this class would count against (spec 01 §9; issue 8):
 * a trial's 30 over the whole trial; Personal 30 a month for the school; Classroom 30 a month for
 * each class. Months are calendar months in Europe/London.
 */
export async function assessmentAllowance(
  db: TDb,
  school: Pick<TSchoolRow, 'id' | 'plan'>,
  classId: string,
  now: Date,
): Promise<TAssessmentAllowance> {
  if (school.plan === 'trial') {
    const used = await countSchoolSubmissions(db, school.id);
    const remaining = Math.max(0, TRIAL_PLAN.assessments - used);
    return {
      scope: 'trial',
      limit: TRIAL_PLAN.assessments,
      used,
      remaining,
      resetsAt: null,
      message:
        remaining > 0
          ? MESSAGES.limits.trialAssessmentsLeft(remaining, TRIAL_PLAN.assessments)
          : MESSAGES.trial.assessmentsOver,
    };
  }
  const plan = PAID_PLANS[school.plan];
  const month = monthBounds(now);
  const used = await countMonthSubmissions(
    db,
    plan.assessmentScope === 'class' ? { schoolId: school.id, classId } : { schoolId: school.id },
    month,
  );
  const remaining = Math.max(0, plan.assessmentsPerMonth - used);
  const resetsOn = formatResetDate(month.end);
  return {
    scope: plan.assessmentScope,
    limit: plan.assessmentsPerMonth,
    used,
    remaining,
    resetsAt: month.end.toISOString(),
    message:
      remaining > 0
        ? MESSAGES.limits.assessmentsUsed(remaining, plan.assessmentsPerMonth, resetsOn)
        : MESSAGES.limits.assessmentsOver(plan.assessmentsPerMonth, resetsOn),
  };
}

/**
 * Must run inside the transaction that then inserts the submission: it locks the school row first,
 * so parallel submissions of one school are counted one after another and the allowance cannot be
 * overshot. Refuses an expired trial (403 TRIAL_EXPIRED) and a used-up allowance (403
 * ASSESSMENT_LIMIT, saying when it resets).
 */
export async function assertSubmissionAllowed(
  tx: TDb,
  schoolId: string,
  classId: string,
  now: Date,
): Promise<void> {
  const school = await lockSchool(tx, schoolId);
  if (!school) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
  if (
    school.plan === 'trial' &&
    school.trialExpiresAt !== null &&
    school.trialExpiresAt.getTime() <= now.getTime()
  ) {
    throw new AppError('TRIAL_EXPIRED', MESSAGES.register.trialExpired);
  }
  const allowance = await assessmentAllowance(tx, school, classId, now);
  if (allowance.remaining <= 0) throw new AppError('ASSESSMENT_LIMIT', allowance.message);
}
