import { API_BASE } from '@stem/contract/api';
import {
  LTI_PATHS,
  type TCreateLtiRegistrationLinkRequest,
  type TLtiRegisterForm,
  type TLtiRegisterQuery,
  type TLtiRegistrationLink,
  type TLtiRegistrationLinkCreated,
  type TLtiRegistrationLinksResponse,
} from '@stem/contract/lti';
import { MESSAGES } from '@stem/contract/messages';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashToken, randomToken, type TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { fetchJsonLimited, LtiFetchError, LTI_SCOPE, type TLimitedReply } from './lti.client';
import { originOf } from './lti.frames';
import { toolSettings } from './lti.platforms.service';
import * as queries from './lti.queries';
import {
  readPlatformConfiguration,
  REGISTRATION_LIMITS,
  type TPlatformConfiguration,
} from './lti.registration.config';

/**
 * LTI Dynamic Registration 1.0 (1EdTech), with the owner's consent (issue 29): the owner makes a
 * single-use link (1 hour) for one school; the LMS admin pastes it into the LMS, which opens it with
 * the address of its OpenID configuration and a registration token; on the admin's "Register" the
 * tool reads that configuration, checks it, registers itself at the LMS's registration endpoint and
 * stores the platform it gets back (issuer, client id, key set, token and auth endpoints,
 * deployment id).
 */

const P = MESSAGES.lti.platforms;
const R = MESSAGES.lti.registration;

export const REGISTRATION_LINK_TTL_MS = 60 * 60 * 1000;
/** A registration that has held its link this long died half-way: the link may be used again. */
const CLAIM_STALE_MS = 2 * 60 * 1000;
const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
/** The deep linking placements worth asking for, by LMS: Canvas's two, the spec's ContentArea. */
const WANTED_PLACEMENTS = ['assignment_selection', 'link_selection', 'ContentArea'];
const LIST_LIMIT = 50;

/** The address the LMS admin pastes into the LMS. */
export function registrationLinkUrl(ctx: TAppContext, token: string): string {
  return `${ctx.config.appUrl}${API_BASE}${LTI_PATHS.register}?link=${encodeURIComponent(token)}`;
}

function presentLink(
  row: { link: queries.TRegistrationLinkRow; schoolName: string; platformName: string | null },
  now: Date,
): TLtiRegistrationLink {
  const { link } = row;
  return {
    id: link.id,
    name: link.name,
    schoolId: link.schoolId,
    schoolName: row.schoolName,
    status: link.usedAt
      ? 'used'
      : link.expiresAt.getTime() <= now.getTime()
        ? 'expired'
        : 'waiting',
    platformName: row.platformName,
    expiresAt: link.expiresAt.toISOString(),
    usedAt: link.usedAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
  };
}

// The owner's links

/** Makes a registration link for a school; its address is returned this once (only a hash is kept). */
export async function createRegistrationLink(
  ctx: TAppContext,
  owner: TAccessClaims,
  input: TCreateLtiRegistrationLinkRequest,
): Promise<TLtiRegistrationLinkCreated> {
  if (!(await queries.schoolExists(ctx.db, input.schoolId))) {
    throw new AppError('VALIDATION', P.schoolNotFound, { field: 'schoolId' });
  }
  const token = randomToken();
  const now = ctx.now();
  const id = await queries.insertRegistrationLink(ctx.db, {
    schoolId: input.schoolId,
    name: input.name,
    tokenHash: hashToken(token),
    createdBy: owner.userId,
    expiresAt: new Date(now.getTime() + REGISTRATION_LINK_TTL_MS),
    createdAt: now,
  });
  const [row] = await queries.selectRegistrationLinks(ctx.db, 1, id);
  if (!row) throw new AppError('NOT_FOUND', P.linkNotFound);
  return {
    success: true,
    message: P.linkMade,
    url: registrationLinkUrl(ctx, token),
    link: presentLink(row, now),
  };
}

/** The newest registration links, with what became of each. */
export async function listRegistrationLinks(
  ctx: TAppContext,
): Promise<TLtiRegistrationLinksResponse> {
  const rows = await queries.selectRegistrationLinks(ctx.db, LIST_LIMIT);
  const now = ctx.now();
  return { success: true, links: rows.map((row) => presentLink(row, now)) };
}

/** Withdraws a link (a used one's platform stays registered). */
export async function removeRegistrationLink(
  ctx: TAppContext,
  id: string,
): Promise<{ success: true; message: string }> {
  if (!(await queries.deleteRegistrationLink(ctx.db, id))) {
    throw new AppError('NOT_FOUND', P.linkNotFound);
  }
  return { success: true, message: P.linkRevoked };
}

// The LMS's side

/** The OpenID configuration's address, checked: http(s), https in production. */
function configurationUrl(ctx: TAppContext, address: string | undefined): URL {
  if (!address) throw new AppError('BAD_REQUEST', R.configMissing);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new AppError('BAD_REQUEST', R.configUrlInvalid);
  }
  const secure = url.protocol === 'https:';
  const allowed = secure || (url.protocol === 'http:' && ctx.config.env !== 'production');
  if (!allowed || url.username || url.password) {
    throw new AppError('BAD_REQUEST', R.configUrlInvalid);
  }
  return url;
}

/**
 * GET /lti/register: the page the LMS opens with the link. Checks that the link is live and the
 * configuration's address usable (nothing is fetched yet), and says what the registration will do.
 */
export async function registrationView(
  ctx: TAppContext,
  query: TLtiRegisterQuery,
): Promise<{ schoolName: string; lms: string }> {
  if (!query.link) throw new AppError('BAD_REQUEST', R.linkInvalid);
  const url = configurationUrl(ctx, query.openid_configuration);
  const link = await queries.findLiveRegistrationLink(ctx.db, hashToken(query.link), ctx.now());
  if (!link) throw new AppError('BAD_REQUEST', R.linkInvalid);
  const [row] = await queries.selectRegistrationLinks(ctx.db, 1, link.id);
  return { schoolName: row?.schoolName ?? '', lms: url.origin };
}

/** What the LMS registered: for the page that closes the registration. */
export type TRegistered = { name: string; schoolName: string; hasDeployment: boolean };

/**
 * POST /lti/register: the LMS admin's "Register". Claims the link (one registration at a time),
 * reads and checks the LMS's OpenID configuration, registers the tool at its registration endpoint
 * (with the LMS's registration token), stores the platform and spends the link. A failure releases
 * the link, so the admin may fix the LMS's side and try again within the hour.
 */
export async function register(ctx: TAppContext, form: TLtiRegisterForm): Promise<TRegistered> {
  if (!form.link) throw new AppError('BAD_REQUEST', R.linkInvalid);
  const url = configurationUrl(ctx, form.openid_configuration);
  const now = ctx.now();
  const link = await queries.claimRegistrationLink(
    ctx.db,
    hashToken(form.link),
    now,
    new Date(now.getTime() - CLAIM_STALE_MS),
  );
  if (!link) throw new AppError('BAD_REQUEST', R.linkInvalid);
  try {
    const configuration = await readPlatformConfiguration(ctx, url);
    const reply = await registerTool(ctx, configuration, form.registration_token);
    const frameOrigins = [originOf(form.opener ?? '')].filter(
      (origin): origin is string =>
        origin !== null &&
        origin !== originOf(ctx.config.appUrl) &&
        (origin.startsWith('https://') || ctx.config.env !== 'production'),
    );
    const platformId = await ctx.db.transaction(async (tx) => {
      const made = await queries.insertPlatform(tx, {
        schoolId: link.schoolId,
        name: link.name,
        issuer: configuration.issuer,
        clientId: reply.clientId,
        authLoginUrl: configuration.authorization_endpoint,
        accessTokenUrl: configuration.token_endpoint,
        jwksUrl: configuration.jwks_uri,
        deploymentIds: reply.deploymentId ? [reply.deploymentId] : [],
        frameOrigins,
        registeredByLms: true,
        createdAt: now,
      });
      if (!made) throw new AppError('CONFLICT', R.taken);
      await queries.spendRegistrationLink(tx, link.id, made, now);
      await recordAudit(tx, {
        schoolId: link.schoolId,
        actorId: link.createdBy,
        action: 'lti.platform-registered',
        targetType: 'school',
        targetId: link.schoolId,
        after: { name: link.name, issuer: configuration.issuer },
      });
      return made;
    });
    const row = await queries.findPlatformWithSchool(ctx.db, platformId);
    return {
      name: link.name,
      schoolName: row?.schoolName ?? '',
      hasDeployment: reply.deploymentId !== null,
    };
  } catch (err) {
    await queries.releaseRegistrationLink(ctx.db, link.id);
    throw err;
  }
}

/** A failed call to the LMS, in the contract's words. */
export function fetchProblemOf(err: LtiFetchError): string {
  return R.fetchProblems[err.problem];
}

/**
 * The tool's client registration (OpenID Connect Dynamic Client Registration with the LTI tool
 * configuration): its login, launch and key set addresses, the services it uses (those the LMS
 * offers), and a deep linking message at the placements the LMS lists.
 */
export function toolRegistration(
  ctx: TAppContext,
  configuration: TPlatformConfiguration,
): Record<string, unknown> {
  const tool = toolSettings(ctx);
  const wantedScopes = [LTI_SCOPE.memberships, LTI_SCOPE.lineItem, LTI_SCOPE.score];
  const offered = configuration.scopes_supported;
  const scopes = offered ? wantedScopes.filter((s) => offered.includes(s)) : wantedScopes;
  const wantedClaims = ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'];
  const claimsOffered = configuration.claims_supported;
  const claims = claimsOffered
    ? wantedClaims.filter((c) => c === 'iss' || c === 'sub' || claimsOffered.includes(c))
    : wantedClaims;
  const deepLinking = configuration[
    'https://purl.imsglobal.org/spec/lti-platform-configuration'
  ].messages_supported?.find((m) => m.type === 'LtiDeepLinkingRequest');
  const placements = (deepLinking?.placements ?? []).filter((p) => WANTED_PLACEMENTS.includes(p));
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: tool.loginUrl,
    redirect_uris: [tool.launchUrl],
    client_name: R.toolName,
    jwks_uri: tool.jwksUrl,
    token_endpoint_auth_method: 'private_key_jwt',
    scope: scopes.join(' '),
    [TOOL_CONFIGURATION]: {
      domain: new URL(ctx.config.appUrl).host,
      description: R.toolDescription,
      target_link_uri: tool.launchUrl,
      claims,
      messages: [
        {
          type: 'LtiDeepLinkingRequest',
          target_link_uri: tool.deepLinkUrl,
          label: R.deepLinkLabel,
          ...(placements.length > 0 ? { placements } : {}),
        },
      ],
    },
  };
}

/** The LMS's words about a refusal (`error_description`, else `error`), briefly. */
function saidBy(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { error, error_description: description } = body as Record<string, unknown>;
  const said = typeof description === 'string' && description ? description : error;
  return typeof said === 'string' ? said.trim().slice(0, 200) : '';
}

/** Registers the tool at the LMS's registration endpoint; returns the client id and deployment. */
async function registerTool(
  ctx: TAppContext,
  configuration: TPlatformConfiguration,
  registrationToken: string | undefined,
): Promise<{ clientId: string; deploymentId: string | null }> {
  let reply: TLimitedReply;
  try {
    reply = await fetchJsonLimited(
      configuration.registration_endpoint,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(registrationToken ? { authorization: `Bearer ${registrationToken}` } : {}),
        },
        body: JSON.stringify(toolRegistration(ctx, configuration)),
      },
      REGISTRATION_LIMITS,
    );
  } catch (err) {
    if (err instanceof LtiFetchError) {
      throw new AppError('BAD_GATEWAY', R.unreachable(fetchProblemOf(err)));
    }
    throw err;
  }
  if (reply.status < 200 || reply.status > 299) {
    ctx.logger.warn({ status: reply.status }, 'lti dynamic registration refused by the LMS');
    throw new AppError('BAD_GATEWAY', R.refused(String(reply.status), saidBy(reply.body)));
  }
  const body = (reply.body ?? {}) as Record<string, unknown>;
  const clientId = typeof body.client_id === 'string' ? body.client_id.trim() : '';
  if (!clientId || clientId.length > 255) throw new AppError('BAD_GATEWAY', R.replyInvalid);
  const toolConfiguration = body[TOOL_CONFIGURATION];
  const deploymentId =
    toolConfiguration && typeof toolConfiguration === 'object'
      ? (toolConfiguration as Record<string, unknown>).deployment_id
      : undefined;
  return {
    clientId,
    deploymentId:
      typeof deploymentId === 'string' && deploymentId.trim() && deploymentId.length <= 255
        ? deploymentId.trim()
        : null,
  };
}
