import type {
  TRegisterRequest,
  TSchoolDetails,
  TSuccessResponse,
  TValidateSchoolResponse,
} from '@stem/contract/auth';
import { MESSAGES } from '@stem/contract/messages';
import { isValidSchoolCode } from '@stem/contract/school-code';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { deliverInBackground } from './auth.delivery';
import { schoolCodeMail, welcomeMail } from './auth.mail';
import { checkTrialSignup, formatLondonDate } from '../trials/trials.policy';
import { trialSchoolOfLink } from '../trials/trials.service';
import { assertPasswordAcceptable, hashPassword } from './auth.passwords';
import {
  defaultPermissionsFor,
  isTrialExpired,
  studentLimitFor,
  TRIAL_LIMITS,
} from './auth.policy';
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
 * Registration. With a school code and no trial sign-up it always creates a **student**: the `role`
 * of the payload is ignored, because letting anybody who knows a school code make themselves a
 * teacher would hand them the school's classes and marks.
 *
 * Trial sign-up (`showTrial`, spec 01 §2 and issue 18) always creates the trial's one **teacher**, and
 * only with a valid sign-up link (the HMAC `token` of the e-mail and `ts`, at most 24 hours old), so a
 * trial belongs to an address its owner controls. It registers in the trial school of the given code
 * or, without one, in a new trial school; the school code is then e-mailed to the address.
 *
 * The school row is locked for the transaction, so two registrations racing for the last free place of
 * a trial or plan cannot both get it.
 */
export async function register(
  ctx: TAppContext,
  input: TRegisterRequest,
): Promise<TSuccessResponse> {
  const now = ctx.now();
  const trial = input.showTrial === true;
  let linkTs: number | null = null;
  if (trial) {
    const check = checkTrialSignup(ctx.config.jwtSecret, input, now);
    if (!check.ok) throw new AppError('BAD_REQUEST', check.message, { field: 'token' });
    linkTs = check.ts;
  } else if (!input.schoolCode) {
    throw new AppError('VALIDATION', MESSAGES.register.codeRequired, { field: 'schoolCode' });
  }
  const name = input.fullName || input.name || input.email;
  assertPasswordAcceptable(input.password, { email: input.email, name });
  const passwordHash = await hashPassword(input.password);
  const role = trial ? 'teacher' : 'student';
  const school = await ctx.db.transaction(async (tx): Promise<TSchoolRow> => {
    // Without a code, the link's own trial school (made once, however often the link is used).
    const found =
      input.schoolCode || linkTs === null
        ? await findSchoolByCode(tx, input.schoolCode ?? '', { lock: true })
        : await trialSchoolOfLink(
            tx,
            ctx.config.jwtSecret,
            { email: input.email, ts: linkTs },
            now,
          );
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
    if (trial && found.plan !== 'trial') {
      throw new AppError('SCHOOL_CODE_INVALID', MESSAGES.trial.notTrialSchool, {
        field: 'schoolCode',
      });
    }
    if (isTrialExpired(found, now)) {
      throw new AppError('TRIAL_EXPIRED', MESSAGES.register.trialExpired);
    }
    if (await emailExists(tx, input.email)) {
      throw new AppError('CONFLICT', MESSAGES.register.conflict, { field: 'email' });
    }
    await assertRoomForMember(tx, found, role);
    const userId = await insertUserIfEmailFree(tx, {
      schoolId: found.id,
      name,
      email: input.email,
      passwordHash,
      role,
      permissions: defaultPermissionsFor(role, found.schoolType),
    });
    if (!userId) throw new AppError('CONFLICT', MESSAGES.register.conflict, { field: 'email' });
    return found;
  });
  const loginUrl = `${ctx.config.appUrl}/login`;
  deliverInBackground(
    ctx,
    trial
      ? schoolCodeMail({
          to: input.email,
          name,
          schoolName: school.name,
          code: school.code,
          subject: MESSAGES.trial.codeMailSubject,
          loginUrl,
          expiresOn: school.trialExpiresAt ? formatLondonDate(school.trialExpiresAt) : undefined,
        })
      : welcomeMail({ to: input.email, name, schoolName: school.name, loginUrl }),
  );
  return { success: true, message: MESSAGES.register.success };
}

/**
 * Refuses a new member the school's trial or plan has no room for (spec 01 §1, §5, §9). Call it in
 * the transaction that adds the member, with the school row locked, so two sign-ups racing for the
 * last place cannot both get it. Registration and Google / Microsoft sign-in (issue 29) share it.
 */
export async function assertRoomForMember(
  db: TDb,
  school: TSchoolRow,
  role: 'teacher' | 'student',
): Promise<void> {
  const { studentCount, teacherCount } = await countSchoolMembers(db, school.id);
  if (role === 'teacher' && teacherCount >= TRIAL_LIMITS.maxTeachers) {
    throw new AppError('TRIAL_LIMIT', MESSAGES.register.trialTeacherLimit);
  }
  if (role === 'student' && studentCount >= studentLimitFor(school, teacherCount)) {
    throw school.plan === 'trial'
      ? new AppError('TRIAL_LIMIT', MESSAGES.register.trialStudentLimit)
      : new AppError('PLAN_LIMIT', MESSAGES.register.planStudentLimit);
  }
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
