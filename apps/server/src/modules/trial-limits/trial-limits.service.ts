import type { z } from 'zod';
import { MESSAGES } from '@stem/contract/messages';
import type { TTrialLimitType, ZTrialValidateResponse } from '@stem/contract/teaching';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { schoolCanCreate } from '../schools/school-access.policy';
import { decideTrialLimit } from './trial-limits.policy';
import { presentTrialValidation, trialRefusalMessage } from './trial-limits.presenter';
import { countTeacherItems, findTeacherSchool } from './trial-limits.queries';

function schoolOf(user: TAccessClaims): string {
  if (!user.schoolId) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  return user.schoolId;
}

/** GET /trial/validate/{limitType}: may this teacher create one more class (or question)? */
export async function validateTrialLimit(
  db: TDb,
  user: TAccessClaims,
  limitType: TTrialLimitType,
  now: Date,
): Promise<z.infer<typeof ZTrialValidateResponse>> {
  const schoolId = schoolOf(user);
  const teacher = await findTeacherSchool(db, schoolId, user.userId);
  if (!teacher) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  const count = await countTeacherItems(db, schoolId, user.userId, limitType);
  return presentTrialValidation(limitType, count, decideTrialLimit(teacher, limitType, count, now));
}

/**
 * Must run inside the transaction that then inserts the class or question: it locks the teacher's
 * row before counting, so parallel creates are serialised and the limit holds under any race.
 * Throws 403 TRIAL_LIMIT at the limit and 403 TRIAL_EXPIRED once the trial is over.
 */
export async function assertTrialAllowsCreate(
  tx: TDb,
  user: TAccessClaims,
  limitType: TTrialLimitType,
  now: Date,
): Promise<void> {
  const schoolId = schoolOf(user);
  const teacher = await findTeacherSchool(tx, schoolId, user.userId, { lock: true });
  if (!teacher) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  // An ended paid plan is treated like an expired trial (the shared "school can create" rule).
  const access = schoolCanCreate(teacher, now);
  if (!access.ok && access.reason === 'plan_ended') throw createRefusal(access.reason);
  if (teacher.plan !== 'trial') return;
  const count = await countTeacherItems(tx, schoolId, user.userId, limitType);
  const decision = decideTrialLimit(teacher, limitType, count, now);
  if (decision.canProceed) return;
  throw new AppError(
    decision.isExpired ? 'TRIAL_EXPIRED' : 'TRIAL_LIMIT',
    trialRefusalMessage(limitType, decision),
  );
}

function createRefusal(reason: 'trial_expired' | 'plan_ended'): AppError {
  return reason === 'plan_ended'
    ? new AppError('PLAN_INACTIVE', MESSAGES.payments.planEnded)
    : new AppError('TRIAL_EXPIRED', MESSAGES.register.trialExpired);
}

/**
 * For changes that count against no limit but still make new work, such as putting a question in a
 * class (issue 26): an expired trial (403 TRIAL_EXPIRED, the spec's text) and an ended plan
 * (403 PLAN_INACTIVE) are refused, as when creating.
 */
export async function assertSchoolCanCreate(
  db: TDb,
  user: TAccessClaims,
  now: Date,
): Promise<void> {
  const teacher = await findTeacherSchool(db, schoolOf(user), user.userId);
  if (!teacher) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  const access = schoolCanCreate(teacher, now);
  if (!access.ok) throw createRefusal(access.reason);
}
