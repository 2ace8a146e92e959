import type {
  TRegisterRequest,
  TSchoolDetails,
  TSuccessResponse,
  TValidateSchoolResponse,
} from '@stem/contract/auth';
import { MESSAGES } from '@stem/contract/messages';
import { isValidSchoolCode } from '@stem/contract/school-code';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { deliverInBackground } from './auth.delivery';
import { welcomeMail } from './auth.mail';
import { hashPassword } from './auth.passwords';
import { isTrialExpired, studentLimitFor } from './auth.policy';
import { presentSchoolDetails } from './auth.presenter';
import {
  countSchoolMembers,
  emailExists,
  findSchoolByCode,
  findSchoolById,
  insertUserIfEmailFree,
  type TSchoolRow,
} from './auth.queries';

/**
 * Self-registration with a school code. It always creates a **student**: the `role` of the payload is
 * ignored, because letting anybody who knows a school code make themselves a teacher would hand them
 * the school's classes and marks. Teachers come from trial sign-up, plan purchase, the school's admin
 * or the owner (their own flows).
 *
 * The school row is locked for the transaction, so two registrations racing for the last free place of
 * a trial or plan cannot both get it.
 */
export async function register(
  ctx: TAppContext,
  input: TRegisterRequest,
): Promise<TSuccessResponse> {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  const name = input.fullName || input.name || input.email;
  const school = await ctx.db.transaction(async (tx): Promise<TSchoolRow> => {
    const found = await findSchoolByCode(tx, input.schoolCode, { lock: true });
    if (!found) {
      throw new AppError('SCHOOL_CODE_INVALID', MESSAGES.register.invalidCode, {
        field: 'schoolCode',
      });
    }
    if (!found.active) {
      throw new AppError('SCHOOL_CODE_INVALID', MESSAGES.register.inactiveSchool, {
        field: 'schoolCode',
      });
    }
    if (isTrialExpired(found, now)) {
      throw new AppError('TRIAL_EXPIRED', MESSAGES.register.trialExpired);
    }
    if (await emailExists(tx, input.email)) {
      throw new AppError('CONFLICT', MESSAGES.register.conflict, { field: 'email' });
    }
    const { studentCount, teacherCount } = await countSchoolMembers(tx, found.id);
    if (studentCount >= studentLimitFor(found, teacherCount)) {
      throw found.plan === 'trial'
        ? new AppError('TRIAL_LIMIT', MESSAGES.register.trialStudentLimit)
        : new AppError('FORBIDDEN', MESSAGES.register.planStudentLimit);
    }
    const userId = await insertUserIfEmailFree(tx, {
      schoolId: found.id,
      name,
      email: input.email,
      passwordHash,
      role: 'student',
      permissions: [],
    });
    if (!userId) throw new AppError('CONFLICT', MESSAGES.register.conflict, { field: 'email' });
    return found;
  });
  deliverInBackground(
    ctx,
    welcomeMail({
      to: input.email,
      name,
      schoolName: school.name,
      loginUrl: `${ctx.config.appUrl}/login`,
    }),
  );
  return { success: true, message: MESSAGES.register.success };
}

/** Whether a school code can be registered with, and the school's name when it can. */
export async function validateSchoolCode(
  ctx: TAppContext,
  schoolCode: string,
): Promise<TValidateSchoolResponse> {
  if (!isValidSchoolCode(schoolCode)) {
    return { isValid: false, schoolName: null, message: MESSAGES.register.codeFormat };
  }
  const school = await findSchoolByCode(ctx.db, schoolCode);
  if (!school) return { isValid: false, schoolName: null, message: MESSAGES.register.invalidCode };
  if (!school.active) {
    return { isValid: false, schoolName: school.name, message: MESSAGES.register.inactiveSchool };
  }
  if (isTrialExpired(school, ctx.now())) {
    return { isValid: false, schoolName: school.name, message: MESSAGES.register.trialExpired };
  }
  return { isValid: true, schoolName: school.name, message: MESSAGES.register.validCode };
}

/** The caller's school with its usage (spec 01 §3 "School details"). The owner has no school: 404. */
export async function getSchoolDetails(
  ctx: TAppContext,
  claims: TAccessClaims,
): Promise<TSchoolDetails> {
  const school = claims.schoolId ? await findSchoolById(ctx.db, claims.schoolId) : null;
  if (!school) throw new AppError('NOT_FOUND', MESSAGES.server.noSchool);
  return presentSchoolDetails(school, await countSchoolMembers(ctx.db, school.id));
}
