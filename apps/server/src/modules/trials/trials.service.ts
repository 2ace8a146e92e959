import { MESSAGES } from '@stem/contract/messages';
import { TRIAL_SIGNUP_LINK_TTL_MS, UNCLAIMED_TRIAL_TTL_MS } from '@stem/contract/limits';
import { PAID_PLANS, TRIAL_PLAN } from '@stem/contract/plans';
import { isValidSchoolCode } from '@stem/contract/school-code';
import type {
  TEmailCheckResponse,
  TEmailTrialResponse,
  TTrialCodeValidation,
  TTrialCreateRequest,
  TTrialCreateResponse,
  TTrialStatus,
} from '@stem/contract/trial';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { monthBounds } from '../../lib/london-month';
import type { TAccessClaims } from '../../lib/tokens';
import { deliverInBackground } from '../auth/auth.delivery';
import { trialLinkMail } from '../auth/auth.mail';
import { emailExists, findSchoolByCode, findSchoolById } from '../auth/auth.queries';
import { generateSchoolCode, schoolCodeFromSeed } from '../auth/auth.school-code';
import { countMonthSubmissions } from '../limits/limits.queries';
import {
  checkTrialSignup,
  daysRemaining,
  signTrialSignup,
  trialExpiry,
  trialLinkSchoolSeed,
  trialSchoolName,
} from './trials.policy';
import {
  countSchoolUsage,
  deleteUnclaimedTrials,
  findTrialSchoolByCode,
  insertTrialSchool,
  type TSchoolRow,
} from './trials.queries';

/**
 * Makes a trial school with a new code (or the code the caller chose, when free). Retries on the
 * rare clash of a random code.
 */
export async function insertNewTrialSchool(
  db: TDb,
  now: Date,
  options: { code?: string | undefined; name?: string | undefined; days?: number | undefined } = {},
): Promise<TSchoolRow> {
  const days = options.days ?? TRIAL_PLAN.days;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = options.code ?? generateSchoolCode();
    const row = await insertTrialSchool(db, {
      code,
      name: trialSchoolName(code, options.name),
      trialExpiresAt: trialExpiry(now, days),
      now,
    });
    if (row) return row;
    if (options.code)
      throw new AppError('CONFLICT', MESSAGES.trial.codeTaken, { field: 'schoolCode' });
  }
  throw new AppError('INTERNAL', MESSAGES.trial.failedCreate);
}

/**
 * The one trial school of a sign-up link (issue 26): made the first time the link is opened (or used
 * to register), found again every later time. Its code comes from the link under the server key, so
 * two openings at once meet at the database's unique code and make one school.
 */
export async function trialSchoolOfLink(
  db: TDb,
  secret: string,
  link: { email: string; ts: number },
  now: Date,
): Promise<TSchoolRow> {
  const code = schoolCodeFromSeed(trialLinkSchoolSeed(secret, link.email, link.ts));
  const made = await insertTrialSchool(db, {
    code,
    name: trialSchoolName(code, undefined),
    trialExpiresAt: trialExpiry(now, TRIAL_PLAN.days),
    now,
  });
  const school = made ?? (await findTrialSchoolByCode(db, code));
  if (!school) throw new AppError('INTERNAL', MESSAGES.trial.failedCreate);
  return school;
}

/**
 * Opening a trial sign-up link (the register page, POST /trial/create with the link's e-mail, token
 * and ts): the link's one school; once its address has an account, the trial already exists and the
 * reply says how to sign in.
 */
async function openTrialLink(
  ctx: TAppContext,
  body: {
    email?: string | undefined;
    token?: string | undefined;
    ts?: string | number | undefined;
  },
  now: Date,
): Promise<TSchoolRow> {
  const email = body.email ?? '';
  const check = checkTrialSignup(ctx.config.jwtSecret, { ...body, email }, now);
  if (!email || !check.ok) {
    throw new AppError('BAD_REQUEST', check.ok ? MESSAGES.trial.linkMissing : check.message, {
      field: 'token',
    });
  }
  if (await emailExists(ctx.db, email)) {
    throw new AppError('CONFLICT', MESSAGES.trial.linkUsed(email), { field: 'email' });
  }
  return trialSchoolOfLink(ctx.db, ctx.config.jwtSecret, { email, ts: check.ts }, now);
}

/**
 * POST /trial/create: public; empty body, {schoolCode, trialDays} or {email, name, trialDays}; with
 * a sign-up link's token and ts, that link's one school.
 */
export async function createTrial(
  ctx: TAppContext,
  input: TTrialCreateRequest,
): Promise<TTrialCreateResponse> {
  const body = input ?? {};
  if (body.token !== undefined || body.ts !== undefined) {
    const now = ctx.now();
    return presentCreated(await openTrialLink(ctx, body, now), now);
  }
  if (body.schoolCode !== undefined && !isValidSchoolCode(body.schoolCode)) {
    throw new AppError('VALIDATION', MESSAGES.register.codeFormat, { field: 'schoolCode' });
  }
  if (body.email && (await emailExists(ctx.db, body.email))) {
    throw new AppError('CONFLICT', MESSAGES.trial.emailExists, { field: 'email' });
  }
  const now = ctx.now();
  const school = await insertNewTrialSchool(ctx.db, now, {
    code: body.schoolCode,
    name: body.name,
    days: body.trialDays,
  });
  return presentCreated(school, now);
}

function presentCreated(school: TSchoolRow, now: Date): TTrialCreateResponse {
  return {
    success: true,
    message: MESSAGES.trial.created,
    data: {
      schoolName: school.name,
      schoolCode: school.code,
      expirationDate: (school.trialExpiresAt ?? now).toISOString(),
      trialDays: daysRemaining(school.trialExpiresAt, now),
    },
  };
}

/** The trial status of a school (spec 01 §3); paid schools answer isTrial false with their plan's limits. */
export async function presentStatus(
  db: TDb,
  school: TSchoolRow,
  now: Date,
  hostedAi = false,
): Promise<TTrialStatus> {
  const counts = await countSchoolUsage(db, school.id);
  const expires = school.trialExpiresAt?.toISOString() ?? null;
  if (school.plan === 'trial') {
    return {
      isTrial: true,
      isExpired: school.trialExpiresAt !== null && school.trialExpiresAt.getTime() <= now.getTime(),
      daysRemaining: daysRemaining(school.trialExpiresAt, now),
      teacherCount: counts.teacherCount,
      teacherLimit: TRIAL_PLAN.maxTeachers,
      studentCount: counts.studentCount,
      studentLimit: TRIAL_PLAN.maxStudents,
      classCount: counts.classCount,
      classLimit: TRIAL_PLAN.maxClassesPerTeacher,
      questionCount: counts.questionCount,
      questionLimit: TRIAL_PLAN.maxQuestionsPerTeacher,
      assessmentsUsed: counts.submissionCount,
      assessmentLimit: TRIAL_PLAN.assessments,
      expirationDate: expires,
      trialExpiresAt: expires,
      aiMarkedWork: hostedAi ? TRIAL_PLAN.aiMarkedWork : null,
    };
  }
  const plan = PAID_PLANS[school.plan];
  const month = monthBounds(now);
  const used = await countMonthSubmissions(db, { schoolId: school.id }, month);
  const perClass = plan.assessmentScope === 'class' ? Math.max(1, counts.classCount) : 1;
  // Paid plans: 0 means "no limit" for teachers, classes and questions.
  return {
    isTrial: false,
    isExpired: false,
    daysRemaining: 0,
    teacherCount: counts.teacherCount,
    teacherLimit: 0,
    studentCount: counts.studentCount,
    studentLimit: plan.maxStudents,
    classCount: counts.classCount,
    classLimit: 0,
    questionCount: counts.questionCount,
    questionLimit: 0,
    assessmentsUsed: used,
    assessmentLimit: plan.assessmentsPerMonth * perClass,
    expirationDate: null,
    trialExpiresAt: null,
  };
}

/** GET /trial/status: the caller's school. */
export async function getTrialStatus(ctx: TAppContext, user: TAccessClaims): Promise<TTrialStatus> {
  const school = user.schoolId ? await findSchoolById(ctx.db, user.schoolId) : null;
  if (!school) throw new AppError('NOT_FOUND', MESSAGES.server.noSchool);
  return presentStatus(ctx.db, school, ctx.now(), ctx.config.aiProvider !== 'offline');
}

/**
 * GET /trial/status/{schoolCode}: a trial's status by its code. Every student of a school knows its
 * code, so a paid school's counts are not told this way (issue 26): it answers 404 as for no school.
 */
export async function getTrialStatusByCode(ctx: TAppContext, code: string): Promise<TTrialStatus> {
  const school = isValidSchoolCode(code) ? await findSchoolByCode(ctx.db, code) : null;
  if (!school || !school.active || school.plan !== 'trial') {
    throw new AppError('NOT_FOUND', MESSAGES.trial.codeUnknown);
  }
  return presentStatus(ctx.db, school, ctx.now(), ctx.config.aiProvider !== 'offline');
}

/** GET /trial/validate/{code}: may this trial code still be registered with? */
export async function validateTrialCode(
  ctx: TAppContext,
  code: string,
): Promise<TTrialCodeValidation> {
  const now = ctx.now();
  const school = await findSchoolByCode(ctx.db, code);
  if (!school || !school.active) {
    return {
      success: true,
      isValid: false,
      isTrial: false,
      isExpired: false,
      schoolName: null,
      expirationDate: null,
      daysRemaining: 0,
      teacherPlaceFree: false,
      message: MESSAGES.trial.codeUnknown,
    };
  }
  const isTrial = school.plan === 'trial';
  const isExpired =
    isTrial && school.trialExpiresAt !== null && school.trialExpiresAt.getTime() <= now.getTime();
  const counts = isTrial ? await countSchoolUsage(ctx.db, school.id) : null;
  return {
    success: true,
    isValid: isTrial && !isExpired,
    isTrial,
    isExpired,
    schoolName: school.name,
    expirationDate: school.trialExpiresAt?.toISOString() ?? null,
    daysRemaining: daysRemaining(school.trialExpiresAt, now),
    teacherPlaceFree: counts !== null && counts.teacherCount < TRIAL_PLAN.maxTeachers,
    message: !isTrial
      ? MESSAGES.trial.notTrialSchool
      : isExpired
        ? MESSAGES.register.trialExpired
        : MESSAGES.trial.codeValid,
  };
}

/** POST /trial/check-email (spec 01 §3 "Email check response"). */
export async function checkEmail(ctx: TAppContext, email: string): Promise<TEmailCheckResponse> {
  const exists = await emailExists(ctx.db, email);
  return { exists, message: exists ? MESSAGES.trial.emailExists : MESSAGES.trial.emailFree };
}

/** GET /trial/email-trial?email=: mails the signed sign-up link; 409 when the address has an account. */
export async function sendTrialLink(
  ctx: TAppContext,
  email: string,
  schoolCode?: string | undefined,
): Promise<TEmailTrialResponse> {
  if (await emailExists(ctx.db, email)) {
    throw new AppError('CONFLICT', MESSAGES.trial.emailExists, { field: 'email' });
  }
  const ts = ctx.now().getTime();
  const link = new URL(`${ctx.config.appUrl}/register`);
  link.searchParams.set('showTrial', 'true');
  link.searchParams.set('email', email);
  link.searchParams.set('token', signTrialSignup(ctx.config.jwtSecret, email, ts));
  link.searchParams.set('ts', String(ts));
  if (schoolCode && isValidSchoolCode(schoolCode)) link.searchParams.set('code', schoolCode);
  deliverInBackground(
    ctx,
    trialLinkMail({ to: email, link: link.toString(), ttlMs: TRIAL_SIGNUP_LINK_TTL_MS }),
  );
  return { success: true, message: MESSAGES.trial.linkSent(email) };
}

/** Housekeeping: removes trial schools nobody registered in within 7 days of their creation. */
export async function removeUnclaimedTrials(db: TDb, now: Date): Promise<number> {
  return deleteUnclaimedTrials(db, new Date(now.getTime() - UNCLAIMED_TRIAL_TTL_MS));
}
