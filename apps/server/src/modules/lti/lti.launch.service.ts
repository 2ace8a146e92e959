import { API_BASE } from '@stem/contract/api';
import {
  LTI_LAUNCH_PAGE,
  LTI_PATHS,
  type TLtiDeepLinkOptions,
  type TLtiDeepLinkRequest,
  type TLtiDeepLinkResponse,
  type TLtiDestination,
  type TLtiHandoffResponse,
  type TLtiLoginParams,
} from '@stem/contract/lti';
import { MESSAGES } from '@stem/contract/messages';
import type { JWTPayload } from 'jose';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashToken, randomToken, type TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { defaultPermissionsFor, isTrialExpired } from '../auth/auth.policy';
import {
  findSchoolById,
  findUserByEmail,
  findUserById,
  insertUserIfEmailFree,
  type TUserWithSchool,
} from '../auth/auth.queries';
import { assertRoomForMember } from '../auth/auth.registration';
import { startSession } from '../auth/auth.service';
import { findClassTest, testsOfClasses } from '../class-tests/class-tests.service';
import { findSchool } from '../roster/roster.queries';
import { LTI_CLAIM, LtiTokenError, signToolMessage, verifyIdToken } from './lti.client';
import { platformFrameOrigins } from './lti.frames';
import { toolKey } from './lti.keys';
import { identityProvider, toolSettings } from './lti.platforms.service';
import * as queries from './lti.queries';

/**
 * The LTI 1.3 launch (issue 29): OIDC third-party login initiation, the launch that checks the
 * LMS's id_token, the hand-off of the signed-in person to the web app, and deep linking.
 */

const M = MESSAGES.lti;
/** A started launch lasts 10 minutes; the web app's code 5; a deep linking choice an hour. */
export const LAUNCH_STATE_TTL_MS = 10 * 60 * 1000;
export const HANDOFF_TTL_MS = 5 * 60 * 1000;
export const DEEP_LINK_TTL_MS = 60 * 60 * 1000;
/** A framed launch's new-tab button works once, within 5 minutes. */
export const RELAUNCH_TTL_MS = 5 * 60 * 1000;
const DEEP_LINK_RESPONSE_TTL_S = 10 * 60;

const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
type TMessageType = (typeof MESSAGE_TYPES)[number];

/** Custom parameters our deep linking response puts on the link; the LMS sends them back. */
const CUSTOM_CLASS = 'stem_class_id';
const CUSTOM_QUESTION = 'stem_question_id';
const CUSTOM_TEST = 'stem_test_id';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TEACHING_ROLES = [
  '#Instructor',
  '#Administrator',
  '#ContentDeveloper',
  '#Mentor',
  '#TeachingAssistant',
];

/** Whether the LMS says this person teaches (LIS v2 context or institution roles). */
export function isTeachingRole(roles: readonly string[]): boolean {
  return roles.some((role) => TEACHING_ROLES.some((suffix) => role.endsWith(suffix)));
}

// Login initiation

/**
 * GET/POST /lti/login: finds the registration (issuer, and client id when the LMS gives one), checks
 * the deployment and that the target is this tool, keeps a new state and nonce (10 minutes, once),
 * and sends the browser to the LMS's authentication endpoint.
 */
/**
 * The launch is tied to the browser that started it (login CSRF: otherwise anyone could make a
 * victim's browser finish a launch the attacker started, and sign it into the attacker's account).
 * The login sets a cookie named after the state's hash; the launch, a form post from the LMS's
 * site, must carry it. It is `SameSite=None; Secure` to come back on that cross-site post, which
 * browsers allow only over https: a tool served over plain http (a developer's machine, the tests)
 * sets no cookie and cannot check it. Production must be https (README, "LTI 1.3").
 */
export function launchCookieName(state: string): string {
  return `stem_lti_${hashToken(state)
    .slice(0, 24)
    .replace(/[^A-Za-z0-9]/g, '')}`;
}

/** Whether launches are tied to the browser by cookie (the tool's address is https). */
export function bindsLaunchToBrowser(ctx: TAppContext): boolean {
  return ctx.config.appUrl.startsWith('https://');
}

/**
 * LTI Platform Storage's target frame (`_parent`, or a frame's name such as Canvas's
 * `post_message_forwarding`); anything else is ignored, as if the LMS offered no storage.
 */
export function storageTargetOf(value: string | undefined): string | null {
  const target = value?.trim() ?? '';
  return /^[A-Za-z0-9_.:-]{1,100}$/.test(target) ? target : null;
}

/** A started login: where to send the browser, and the LMS's storage when it offers one. */
export type TLoginStart = {
  to: string;
  state: string;
  /** Platform Storage: the frame to ask and the origin it answers from (the auth endpoint's). */
  storage: { target: string; origin: string } | null;
  /** The origins that may frame this platform's pages. */
  framedBy: string[];
};

export async function startLaunch(ctx: TAppContext, params: TLtiLoginParams): Promise<TLoginStart> {
  for (const name of ['iss', 'login_hint', 'target_link_uri'] as const) {
    if (!params[name]) throw new AppError('BAD_REQUEST', M.missingLoginParam(name));
  }
  const candidates = await queries.selectPlatformsByIssuer(ctx.db, params.iss ?? '');
  const matching = params.client_id
    ? candidates.filter((p) => p.clientId === params.client_id)
    : candidates;
  const platform = matching.length === 1 ? matching[0] : undefined;
  if (!platform) throw new AppError('NOT_FOUND', M.unknownPlatform);
  if (params.lti_deployment_id && !platform.deploymentIds.includes(params.lti_deployment_id)) {
    throw new AppError('FORBIDDEN', M.unknownDeployment(params.lti_deployment_id));
  }
  if (!isOwnAddress(ctx, params.target_link_uri ?? '')) {
    throw new AppError('BAD_REQUEST', M.badTargetLink);
  }
  const state = randomToken();
  const nonce = randomToken();
  const now = ctx.now();
  const storageTarget = storageTargetOf(params.lti_storage_target);
  await queries.insertLaunchState(ctx.db, {
    platformId: platform.id,
    stateHash: hashToken(state),
    nonce,
    expiresAt: new Date(now.getTime() + LAUNCH_STATE_TTL_MS),
    storageTarget,
    loginParams: loginParamsOf(params),
    createdAt: now,
  });
  const url = new URL(platform.authLoginUrl);
  const query: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: toolSettings(ctx).launchUrl,
    login_hint: params.login_hint ?? '',
    state,
    nonce,
  };
  if (params.lti_message_hint) query.lti_message_hint = params.lti_message_hint;
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return {
    to: url.href,
    state,
    storage: storageTarget ? { target: storageTarget, origin: url.origin } : null,
    framedBy: platformFrameOrigins(platform),
  };
}

/** What a relaunch in a new tab sends again: the LMS's login parameters, without its storage. */
function loginParamsOf(params: TLtiLoginParams): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of [
    'iss',
    'login_hint',
    'target_link_uri',
    'lti_message_hint',
    'client_id',
    'lti_deployment_id',
  ] as const) {
    const value = params[name];
    if (value) kept[name] = value;
  }
  return kept;
}

/**
 * POST /lti/relaunch (the new-tab button of a framed launch): spends its single-use code and starts
 * the LMS's login again from the same parameters, in this top-level tab, where the login's cookie
 * ties the launch to the browser as usual. The LMS authenticates whoever is signed in to it there.
 */
export async function relaunch(ctx: TAppContext, code: string): Promise<TLoginStart> {
  const row = await queries.consumeRelaunch(ctx.db, hashToken(code), ctx.now());
  if (!row?.loginParams) throw new AppError('BAD_REQUEST', M.relaunchInvalid);
  // Stored without lti_storage_target (loginParamsOf): this tab is not framed by the LMS.
  return startLaunch(ctx, row.loginParams);
}

function isOwnAddress(ctx: TAppContext, address: string): boolean {
  try {
    return new URL(address).origin === new URL(ctx.config.appUrl).origin;
  } catch {
    return false;
  }
}

// The launch

type TLaunchClaims = {
  messageType: TMessageType;
  deploymentId: string;
  subject: string;
  email: string | null;
  name: string | null;
  roles: string[];
  context: { id: string; title: string } | null;
  custom: Record<string, unknown>;
  resourceLinkId: string | null;
  deepLink: { returnUrl: string; data: string | null } | null;
  nrpsUrl: string | null;
  ags: { lineItemsUrl: string | null; lineItemUrl: string | null; scopes: string[] };
};

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The LTI claims of a verified token: version, message type, deployment, and what we use. */
function readClaims(payload: JWTPayload, deploymentIds: readonly string[]): TLaunchClaims {
  if (payload[LTI_CLAIM.version] !== '1.3.0') throw new AppError('BAD_REQUEST', M.badVersion);
  const type = payload[LTI_CLAIM.messageType];
  const messageType = MESSAGE_TYPES.find((t) => t === type);
  if (!messageType) throw new AppError('BAD_REQUEST', M.badMessageType(String(type ?? '')));
  const deploymentId = str(payload[LTI_CLAIM.deploymentId]);
  if (!deploymentId) throw new AppError('BAD_REQUEST', M.claimMissing('deployment_id'));
  if (!deploymentIds.includes(deploymentId)) {
    throw new AppError('FORBIDDEN', M.unknownDeployment(deploymentId));
  }
  const subject = str(payload.sub);
  if (!subject) throw new AppError('BAD_REQUEST', M.claimMissing('sub'));
  const rolesClaim = payload[LTI_CLAIM.roles];
  if (!Array.isArray(rolesClaim)) throw new AppError('BAD_REQUEST', M.claimMissing('roles'));
  const resourceLink = obj(payload[LTI_CLAIM.resourceLink]);
  const resourceLinkId = str(resourceLink.id);
  if (messageType === 'LtiResourceLinkRequest' && !resourceLinkId) {
    throw new AppError('BAD_REQUEST', M.claimMissing('resource_link'));
  }
  let deepLink: TLaunchClaims['deepLink'] = null;
  if (messageType === 'LtiDeepLinkingRequest') {
    const settings = obj(payload[LTI_CLAIM.deepLinkingSettings]);
    const returnUrl = str(settings.deep_link_return_url);
    if (!returnUrl) throw new AppError('BAD_REQUEST', M.claimMissing('deep_linking_settings'));
    deepLink = { returnUrl, data: str(settings.data) };
  }
  const context = obj(payload[LTI_CLAIM.context]);
  const contextId = str(context.id);
  const ags = obj(payload[LTI_CLAIM.ags]);
  const email = str(payload.email);
  return {
    messageType,
    deploymentId,
    subject,
    email: email ? email.trim().toLowerCase() : null,
    name:
      str(payload.name) ??
      ([str(payload.given_name), str(payload.family_name)].filter(Boolean).join(' ') || null),
    roles: rolesClaim.filter((r): r is string => typeof r === 'string'),
    context: contextId
      ? { id: contextId, title: str(context.title) ?? str(context.label) ?? '' }
      : null,
    custom: obj(payload[LTI_CLAIM.custom]),
    resourceLinkId,
    deepLink,
    nrpsUrl: str(obj(payload[LTI_CLAIM.nrps]).context_memberships_url),
    ags: {
      lineItemsUrl: str(ags.lineitems),
      lineItemUrl: str(ags.lineitem),
      scopes: Array.isArray(ags.scope)
        ? ags.scope.filter((s): s is string => typeof s === 'string')
        : [],
    },
  };
}

/** A refused token, as a 401 page naming why. */
function tokenRefusal(err: LtiTokenError): AppError {
  return new AppError('UNAUTHENTICATED', M.tokenInvalid(M.reasons[err.reason]));
}

/** What the launch knows of the browser that posted it. */
export type TLaunchBrowser = {
  /** The names of the cookies it sent. */
  cookies: ReadonlySet<string>;
  /** It loads the launch in a frame (Sec-Fetch-Dest: iframe). */
  framed: boolean;
};

/** How the launch is tied to the browser that started it. */
type TBinding = 'cookie' | 'storage' | 'relaunch' | 'none' | 'refused';

/**
 * - The login's cookie came back (https): the browser is the one that started it.
 * - Else the LMS offers Platform Storage (at login or now): the page checks the state kept there.
 * - Else over plain http nothing can be checked (a developer's machine, the tests).
 * - Else in a frame (the browser blocks the tool's cookies there): nothing is signed in; a button
 *   starts the launch again in a new tab.
 * - Else refused (login CSRF, or a tab that is gone).
 */
function bindingOf(
  ctx: TAppContext,
  state: string,
  storageTarget: string | null,
  browser: TLaunchBrowser,
): TBinding {
  const https = bindsLaunchToBrowser(ctx);
  if (https && browser.cookies.has(launchCookieName(state))) return 'cookie';
  if (storageTarget) return 'storage';
  if (!https) return 'none';
  return browser.framed ? 'relaunch' : 'refused';
}

/** Where a launch goes next. */
export type TLaunchOutcome =
  | { kind: 'redirect'; to: string }
  /** The page that checks the state kept in the LMS's storage before going `next`. */
  | {
      kind: 'storage';
      page: { next: string; target: string; origin: string; state: string; relaunchCode: string };
      framedBy: string[];
    }
  /** The page with the new-tab button (its relaunch goes on to the LMS's auth endpoint). */
  | { kind: 'relaunch'; code: string; authOrigin: string; framedBy: string[] };

async function giveRelaunch(ctx: TAppContext, stateId: string, now: Date): Promise<string> {
  const code = randomToken();
  await queries.setRelaunch(
    ctx.db,
    stateId,
    hashToken(code),
    new Date(now.getTime() + RELAUNCH_TTL_MS),
  );
  return code;
}

/**
 * POST /lti/launch: spends the state (a replay, an expired or unknown state is refused), checks the
 * id_token (signature against the LMS's key set, iss, aud, azp, exp, nonce) and its LTI claims
 * (version 1.3.0, a known message type, a registered deployment), records the course and its
 * services, finds or makes the person's account, and hands them to the web app with a single-use
 * code: straight away when the login's cookie came back, through the page that checks the LMS's
 * storage when it keeps the state. A framed launch with neither is checked all the same but signs
 * no one in: it gets the new-tab button. Returns what the browser gets.
 */
export async function finishLaunch(
  ctx: TAppContext,
  form: { id_token?: string | undefined; state?: string | undefined },
  browser: TLaunchBrowser = { cookies: new Set(), framed: false },
): Promise<TLaunchOutcome> {
  const now = ctx.now();
  if (!form.state) throw new AppError('BAD_REQUEST', M.stateInvalid);
  if (!form.id_token) throw new AppError('BAD_REQUEST', M.tokenMissing);
  const stateHash = hashToken(form.state);
  const pending = await queries.findLiveLaunchState(ctx.db, stateHash, now);
  if (!pending) throw new AppError('BAD_REQUEST', M.stateInvalid);
  // The login's offer decides: only a login that asked the LMS to keep the state can find it
  // there. (An LMS repeats lti_storage_target in the launch even in the new tab of a relaunch,
  // whose login had no frame to ask.)
  const storageTarget = pending.storageTarget;
  const binding = bindingOf(ctx, form.state, storageTarget, browser);
  // Refused before the state is spent: the browser that started the launch may still finish it.
  if (binding === 'refused') throw new AppError('FORBIDDEN', M.otherBrowser);
  const started = await queries.consumeLaunchState(ctx.db, stateHash, now);
  if (!started) throw new AppError('BAD_REQUEST', M.stateInvalid);
  const platform = await queries.findPlatformById(ctx.db, started.platformId);
  if (!platform) throw new AppError('NOT_FOUND', M.unknownPlatform);
  let payload: JWTPayload;
  try {
    payload = await verifyIdToken(form.id_token, {
      issuer: platform.issuer,
      clientId: platform.clientId,
      jwksUrl: platform.jwksUrl,
      nonce: started.nonce,
      now,
    });
  } catch (err) {
    if (err instanceof LtiTokenError) {
      ctx.logger.warn({ platform: platform.id, reason: err.reason }, 'lti launch refused');
      throw tokenRefusal(err);
    }
    throw err;
  }
  const claims = readClaims(payload, platform.deploymentIds);
  const framedBy = platformFrameOrigins(platform);
  if (binding === 'relaunch') {
    return {
      kind: 'relaunch',
      code: await giveRelaunch(ctx, started.id, now),
      authOrigin: new URL(platform.authLoginUrl).origin,
      framedBy,
    };
  }

  const contextRow = claims.context
    ? await queries.upsertContext(
        ctx.db,
        {
          platformId: platform.id,
          contextId: claims.context.id,
          title: claims.context.title,
          deploymentId: claims.deploymentId,
          membershipsUrl: claims.nrpsUrl,
          lineItemsUrl: claims.ags.lineItemsUrl,
          agsScopes: claims.ags.scopes,
        },
        now,
      )
    : null;
  const person = await personOf(ctx, platform, claims);
  if (claims.messageType === 'LtiDeepLinkingRequest' && person.user.role !== 'teacher') {
    throw new AppError('FORBIDDEN', M.deepLinkTeachersOnly);
  }
  const target =
    claims.messageType === 'LtiResourceLinkRequest'
      ? await linkTarget(ctx, platform, claims, contextRow, person)
      : null;

  const code = randomToken();
  await queries.insertLaunch(ctx.db, {
    platformId: platform.id,
    userId: person.user.id,
    contextRowId: contextRow?.id ?? null,
    messageType: claims.messageType,
    deploymentId: claims.deploymentId,
    handoffHash: hashToken(code),
    handoffExpiresAt: new Date(now.getTime() + HANDOFF_TTL_MS),
    classId: target?.classId ?? null,
    questionId: target?.questionId ?? null,
    testId: target?.testId ?? null,
    deepLinkReturnUrl: claims.deepLink?.returnUrl ?? null,
    deepLinkData: claims.deepLink?.data ?? null,
    expiresAt: new Date(now.getTime() + (claims.deepLink ? DEEP_LINK_TTL_MS : HANDOFF_TTL_MS)),
    createdAt: now,
  });
  // A fragment: the code never reaches a server's or proxy's access log.
  const next = `${ctx.config.appUrl}${LTI_LAUNCH_PAGE}#code=${encodeURIComponent(code)}`;
  if (binding === 'storage' && storageTarget) {
    return {
      kind: 'storage',
      page: {
        next,
        target: storageTarget,
        origin: new URL(platform.authLoginUrl).origin,
        state: form.state,
        relaunchCode: await giveRelaunch(ctx, started.id, now),
      },
      framedBy,
    };
  }
  return { kind: 'redirect', to: next };
}

type TPlatform = queries.TPlatformRow;

/**
 * The account of the LMS's person, in the registration's school:
 * - an identity (this LMS's `sub`) already linked signs its account in;
 * - else an account of this school with the e-mail the LMS gives is linked and signed in (the owner
 *   registered this LMS for the school, so it vouches for its people as the school's own sign-in
 *   would); an account of another school is refused;
 * - else a learner becomes a new student (within the plan's limits, as registration); a person the
 *   LMS calls an instructor is refused: a teacher joins only by an admin's invitation or promotion.
 */
async function personOf(
  ctx: TAppContext,
  platform: TPlatform,
  claims: TLaunchClaims,
): Promise<TUserWithSchool> {
  const provider = identityProvider(platform.id);
  const linkedId = await queries.findIdentityUserId(ctx.db, provider, claims.subject);
  const linked = linkedId ? await findUserById(ctx.db, linkedId) : null;
  if (linked) {
    if (linked.user.schoolId !== platform.schoolId) throw new AppError('FORBIDDEN', M.otherSchool);
    return linked;
  }
  if (!claims.email) {
    throw new AppError(
      'FORBIDDEN',
      isTeachingRole(claims.roles) ? M.instructorWithoutAccount : M.noEmail,
    );
  }
  const email = claims.email;
  const userId = await ctx.db.transaction(async (tx) => {
    await findSchool(tx, platform.schoolId, { lock: true });
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      if (existing.user.schoolId !== platform.schoolId) {
        throw new AppError('FORBIDDEN', M.otherSchool);
      }
      await linkIdentity(tx, platform, existing.user.id, claims.subject, email);
      return existing.user.id;
    }
    if (isTeachingRole(claims.roles)) throw new AppError('FORBIDDEN', M.instructorWithoutAccount);
    const school = await findSchoolById(tx, platform.schoolId);
    if (!school || !school.active) {
      throw new AppError('FORBIDDEN', MESSAGES.register.inactiveSchool);
    }
    if (isTrialExpired(school, ctx.now())) {
      throw new AppError('TRIAL_EXPIRED', MESSAGES.register.trialExpired);
    }
    await assertRoomForMember(tx, school, 'student');
    const made = await insertUserIfEmailFree(tx, {
      schoolId: school.id,
      name: (claims.name ?? email.slice(0, email.lastIndexOf('@'))).slice(0, 120),
      email,
      // No password: the person signs in from the LMS (or sets one with "Forgot password?").
      passwordHash: null,
      role: 'student',
      permissions: defaultPermissionsFor('student', school.schoolType),
    });
    if (!made) throw new AppError('CONFLICT', MESSAGES.register.conflict);
    await linkIdentity(tx, platform, made, claims.subject, email);
    return made;
  });
  const row = await findUserById(ctx.db, userId);
  if (!row) throw new AppError('FORBIDDEN', M.noEmail);
  return row;
}

async function linkIdentity(
  tx: TDb,
  platform: TPlatform,
  userId: string,
  subject: string,
  email: string,
): Promise<void> {
  await queries.insertIdentities(tx, [
    { userId, provider: identityProvider(platform.id), subject, email },
  ]);
  await recordAudit(tx, {
    schoolId: platform.schoolId,
    actorId: userId,
    action: 'lti.identity-linked',
    targetType: 'user',
    targetId: userId,
    after: { platform: platform.name },
  });
}

/**
 * A resource link's question or test: the custom parameters our deep linking response put on it,
 * when they name a class of the registration's school and a question or test of that class. The
 * course is linked to the class (if not yet), its gradebook column recorded, and a student placed in
 * the class (the LMS says they are in the course).
 */
async function linkTarget(
  ctx: TAppContext,
  platform: TPlatform,
  claims: TLaunchClaims,
  contextRow: queries.TContextRow | null,
  person: TUserWithSchool,
): Promise<({ classId: string } & queries.TLineItemTarget) | null> {
  const classId = claims.custom[CUSTOM_CLASS];
  const questionId = claims.custom[CUSTOM_QUESTION];
  const testId = claims.custom[CUSTOM_TEST];
  if (typeof classId !== 'string' || !UUID_RE.test(classId)) return null;
  const cls = await queries.findClass(ctx.db, classId);
  if (!cls || cls.schoolId !== platform.schoolId) return null;
  let target: queries.TLineItemTarget;
  if (typeof testId === 'string' && UUID_RE.test(testId)) {
    if (!(await findClassTest(ctx.db, cls, testId))) return null;
    target = { questionId: null, testId };
  } else if (typeof questionId === 'string' && UUID_RE.test(questionId)) {
    if (!(await queries.findClassQuestion(ctx.db, classId, questionId))) return null;
    target = { questionId, testId: null };
  } else {
    return null;
  }
  if (contextRow) {
    const linkedClass = await queries.linkContextToClass(ctx.db, contextRow.id, classId);
    if (linkedClass === classId && claims.ags.lineItemUrl) {
      await queries.upsertLineItem(ctx.db, {
        contextRowId: contextRow.id,
        classId,
        lineItemUrl: claims.ags.lineItemUrl,
        ...target,
      });
    }
  }
  if (person.user.role === 'student') {
    await queries.placeStudent(ctx.db, classId, person.user.id, ctx.now());
  }
  return { classId, ...target };
}

// The web app's hand-off

/** POST /lti/handoff: the launch page's single-use code for a session and where to go. */
export async function handoff(ctx: TAppContext, code: string): Promise<TLtiHandoffResponse> {
  const launch = await queries.consumeHandoff(ctx.db, hashToken(code), ctx.now());
  if (!launch) throw new AppError('BAD_REQUEST', M.handoffInvalid);
  const row = await findUserById(ctx.db, launch.userId);
  if (!row) throw new AppError('BAD_REQUEST', M.handoffInvalid);
  const session = await startSession(ctx, row, M.signedIn);
  let destination: TLtiDestination = { kind: 'home' };
  if (launch.messageType === 'LtiDeepLinkingRequest') {
    destination = { kind: 'deepLink', launchId: launch.id };
  } else if (launch.classId && launch.testId) {
    // A test: the student answers its questions; the teacher sees its results on the class page.
    destination =
      row.user.role === 'student'
        ? { kind: 'test', classId: launch.classId, testId: launch.testId }
        : { kind: 'class', classId: launch.classId, testId: launch.testId };
  } else if (launch.classId && launch.questionId) {
    destination =
      row.user.role === 'student'
        ? { kind: 'question', classId: launch.classId, questionId: launch.questionId }
        : { kind: 'class', classId: launch.classId };
  }
  return { success: true, session, destination };
}

// Deep linking

/** The teacher's own deep linking launch, still open; else 404 (another's is not told apart). */
async function ownDeepLink(ctx: TAppContext, user: TAccessClaims, launchId: string) {
  const launch = await queries.findLaunch(ctx.db, launchId);
  if (!launch || launch.userId !== user.userId || launch.messageType !== 'LtiDeepLinkingRequest') {
    throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
  }
  if (launch.expiresAt.getTime() <= ctx.now().getTime()) {
    throw new AppError('BAD_REQUEST', M.deepLinkExpired);
  }
  const platform = await queries.findPlatformById(ctx.db, launch.platformId);
  if (!platform || platform.schoolId !== user.schoolId) {
    throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
  }
  const context = launch.contextRowId
    ? await queries.findContext(ctx.db, launch.contextRowId)
    : null;
  return { launch, platform, context };
}

/** GET /lti/deep-links/{launchId}: the teacher's classes and their questions and tests to choose from. */
export async function deepLinkOptions(
  ctx: TAppContext,
  user: TAccessClaims,
  launchId: string,
): Promise<TLtiDeepLinkOptions> {
  const { platform, context } = await ownDeepLink(ctx, user, launchId);
  const rows = await queries.selectTeacherClassQuestions(ctx.db, user.userId);
  const classes = new Map<string, TLtiDeepLinkOptions['classes'][number]>();
  for (const row of rows) {
    if (context?.classId && row.classId !== context.classId) continue;
    const cls = classes.get(row.classId) ?? {
      id: row.classId,
      name: row.className,
      questions: [],
      tests: [],
    };
    if (row.questionId && row.question !== null && row.marks !== null) {
      cls.questions.push({ id: row.questionId, question: row.question, marks: row.marks });
    }
    classes.set(row.classId, cls);
  }
  for (const test of await testsOfClasses(ctx.db, user.schoolId ?? '', [...classes.keys()])) {
    if (test.questions.length === 0) continue;
    classes.get(test.classId)?.tests.push({
      id: test.id,
      title: test.title,
      questionCount: test.questions.length,
      marks: test.totalMarks,
    });
  }
  return {
    success: true,
    platformName: platform.name,
    courseTitle: context?.title ?? '',
    linkedClassId: context?.classId ?? null,
    classes: [...classes.values()],
  };
}

/**
 * POST /lti/deep-links/{launchId}: the teacher's choice (a question or a test of one of their
 * classes; the course's class when it is linked) is kept, and a single-use ticket opens the page that posts the
 * signed response to the LMS.
 */
export async function chooseDeepLink(
  ctx: TAppContext,
  user: TAccessClaims,
  launchId: string,
  input: TLtiDeepLinkRequest,
): Promise<TLtiDeepLinkResponse> {
  const { context } = await ownDeepLink(ctx, user, launchId);
  const cls = await queries.findClass(ctx.db, input.classId);
  if (!cls || cls.teacherId !== user.userId || cls.schoolId !== user.schoolId) {
    throw new AppError('VALIDATION', M.deepLinkNotYours, { field: 'classId' });
  }
  if (context?.classId && context.classId !== cls.id) {
    const linked = await queries.findClass(ctx.db, context.classId);
    throw new AppError('CONFLICT', M.deepLinkContextTaken(linked?.name ?? ''), {
      field: 'classId',
    });
  }
  if (input.testId) {
    const test = await findClassTest(ctx.db, cls, input.testId);
    if (!test || test.questions.length === 0) {
      throw new AppError('VALIDATION', M.testNotInClass, { field: 'testId' });
    }
  } else if (
    !input.questionId ||
    !(await queries.findClassQuestion(ctx.db, cls.id, input.questionId))
  ) {
    throw new AppError('VALIDATION', M.deepLinkNotYours, { field: 'questionId' });
  }
  if (context) await queries.linkContextToClass(ctx.db, context.id, cls.id);
  const ticket = randomToken();
  await queries.setDeepLinkChoice(ctx.db, launchId, {
    classId: cls.id,
    questionId: input.testId ? null : (input.questionId ?? null),
    testId: input.testId ?? null,
    ticketHash: hashToken(ticket),
  });
  const page = LTI_PATHS.deepLinkReturn.replace(':launchId', launchId);
  return {
    success: true,
    returnPage: `${API_BASE}${page}?ticket=${encodeURIComponent(ticket)}`,
  };
}

/** What a deep link points at: its title, its column's maximum, and what the link carries. */
async function deepLinkItem(ctx: TAppContext, launch: queries.TLaunchRow & { classId: string }) {
  const cls = await queries.findClass(ctx.db, launch.classId);
  if (cls && launch.testId) {
    const test = await findClassTest(ctx.db, cls, launch.testId);
    if (!test || test.questions.length === 0) return null;
    return {
      text: test.title,
      scoreMaximum: test.totalMarks,
      resourceId: test.id,
      tag: 'stem-test',
      custom: { [CUSTOM_CLASS]: cls.id, [CUSTOM_TEST]: test.id },
    };
  }
  const question = launch.questionId
    ? await queries.findClassQuestion(ctx.db, launch.classId, launch.questionId)
    : null;
  if (!question) return null;
  return {
    text: question.question,
    scoreMaximum: question.marks,
    resourceId: question.id,
    tag: 'stem-question',
    custom: { [CUSTOM_CLASS]: launch.classId, [CUSTOM_QUESTION]: question.id },
  };
}

/**
 * GET /lti/deep-links/{launchId}/return: spends the ticket and signs the LtiDeepLinkingResponse:
 * one ltiResourceLink to the launch URL with the class and the question (or test) as custom
 * parameters and a line item (the question's marks, or the test's total marks, as its maximum) so
 * the LMS makes a gradebook column. Returns where to post it and the signed JWT.
 */
export async function deepLinkReturn(
  ctx: TAppContext,
  launchId: string,
  ticket: string,
): Promise<{ returnUrl: string; jwt: string }> {
  const now = ctx.now();
  const launch = await queries.consumeTicket(ctx.db, launchId, hashToken(ticket), now);
  if (!launch?.classId || !launch.deepLinkReturnUrl) {
    throw new AppError('BAD_REQUEST', M.deepLinkExpired);
  }
  const platform = await queries.findPlatformById(ctx.db, launch.platformId);
  const item = await deepLinkItem(ctx, { ...launch, classId: launch.classId });
  if (!platform || !item) throw new AppError('BAD_REQUEST', M.deepLinkExpired);
  const title = item.text.length > 80 ? `${item.text.slice(0, 77)}...` : item.text;
  const claims: Record<string, unknown> = {
    nonce: randomToken(),
    azp: platform.clientId,
    [LTI_CLAIM.messageType]: 'LtiDeepLinkingResponse',
    [LTI_CLAIM.version]: '1.3.0',
    [LTI_CLAIM.deploymentId]: launch.deploymentId,
    [LTI_CLAIM.contentItems]: [
      {
        type: 'ltiResourceLink',
        title,
        url: toolSettings(ctx).launchUrl,
        custom: item.custom,
        lineItem: {
          scoreMaximum: item.scoreMaximum,
          label: title,
          resourceId: item.resourceId,
          tag: item.tag,
        },
      },
    ],
  };
  if (launch.deepLinkData) claims[LTI_CLAIM.deepLinkingData] = launch.deepLinkData;
  const jwt = await signToolMessage(await toolKey(ctx), claims, {
    issuer: platform.clientId,
    audience: platform.issuer,
    now,
    ttlSeconds: DEEP_LINK_RESPONSE_TTL_S,
  });
  return { returnUrl: launch.deepLinkReturnUrl, jwt };
}
