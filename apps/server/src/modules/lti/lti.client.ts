import { randomUUID } from 'node:crypto';
import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
  type JWTPayload,
} from 'jose';
import type { TToolKey } from './lti.keys';
import { TOOL_KEY_ALG } from './lti.keys';

/**
 * The tool's side of the LTI 1.3 wire (issue 29), built on `jose`: checking the LMS's id_token
 * against its key set, signing the tool's own messages, and the OAuth 2 client-credentials grant with
 * a signed JWT assertion (RFC 7523) that opens the LMS's services (names and roles, gradebook).
 */

export const LTI_CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const LTI_SCOPE = {
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

/** Why a token was refused; the launch page names it (never the token or a claim's value). */
export type TTokenRefusal =
  'signature' | 'expired' | 'audience' | 'issuer' | 'azp' | 'nonce' | 'malformed' | 'keys';

export class LtiTokenError extends Error {
  constructor(readonly reason: TTokenRefusal) {
    super(`LTI id_token refused: ${reason}`);
    this.name = 'LtiTokenError';
  }
}

/** One remote key set per address, kept for the process: jose refetches on an unknown key id. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetOf(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

/**
 * Checks the LMS's id_token: RS256 signature against the LMS's key set, issuer, audience (our client
 * id), expiry and issue time (5 s leeway), azp when there are several audiences or azp is given, and
 * the nonce this launch's state kept. The LTI claims are the caller's to check.
 */
export async function verifyIdToken(
  token: string,
  expected: { issuer: string; clientId: string; jwksUrl: string; nonce: string; now: Date },
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySetOf(expected.jwksUrl), {
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'],
      currentDate: expected.now,
      clockTolerance: 5,
      requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub', 'nonce'],
    }));
  } catch (err) {
    throw new LtiTokenError(refusalOf(err));
  }
  // Issuer and audience are checked here rather than by jwtVerify, to say which one failed.
  if (payload.iss !== expected.issuer) throw new LtiTokenError('issuer');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(expected.clientId)) throw new LtiTokenError('audience');
  const azp = payload.azp;
  if ((audiences.length > 1 || azp !== undefined) && azp !== expected.clientId) {
    throw new LtiTokenError('azp');
  }
  if (payload.nonce !== expected.nonce) throw new LtiTokenError('nonce');
  return payload;
}

function refusalOf(err: unknown): TTokenRefusal {
  if (err instanceof joseErrors.JWTExpired) return 'expired';
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    return err.claim === 'iat' || err.claim === 'nbf' ? 'expired' : 'malformed';
  }
  if (
    err instanceof joseErrors.JWSSignatureVerificationFailed ||
    err instanceof joseErrors.JWKSNoMatchingKey ||
    err instanceof joseErrors.JOSEAlgNotAllowed
  ) {
    return 'signature';
  }
  if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid) return 'keys';
  if (err instanceof joseErrors.JOSEError) return 'malformed';
  // A network failure fetching the key set.
  return err instanceof TypeError ? 'keys' : 'malformed';
}

/** Signs a message of the tool (a deep linking response) with its key. */
export async function signToolMessage(
  key: TToolKey,
  claims: Record<string, unknown>,
  options: { issuer: string; audience: string; now: Date; ttlSeconds: number },
): Promise<string> {
  const iat = Math.floor(options.now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: TOOL_KEY_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + options.ttlSeconds)
    .setJti(randomUUID())
    .sign(key.privateKey);
}

/** A failed call to the LMS: its HTTP status, or null when it could not be reached. */
export class LtiServiceError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'LtiServiceError';
  }
}

const SERVICE_TIMEOUT_MS = 10_000;

async function call(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS) });
  } catch (err) {
    throw new LtiServiceError(null, err instanceof Error ? err.message : String(err));
  }
  if (!response.ok) {
    // The body may say why; read a little of it for the log, never all.
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new LtiServiceError(response.status, `${response.status} ${text}`.trim());
  }
  return response;
}

export type TPlatformAccess = {
  clientId: string;
  accessTokenUrl: string;
};

/**
 * The OAuth 2 client-credentials grant with a JWT assertion (RFC 7523, 1EdTech Security Framework
 * §4.1): iss and sub the client id, aud the token URL, 5 minutes, a fresh jti.
 */
export async function requestAccessToken(
  key: TToolKey,
  platform: TPlatformAccess,
  scopes: readonly string[],
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: TOOL_KEY_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.accessTokenUrl)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .setJti(randomUUID())
    .sign(key.privateKey);
  const response = await call(platform.accessTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: scopes.join(' '),
    }).toString(),
  });
  const body = (await response.json().catch(() => null)) as { access_token?: unknown } | null;
  if (!body || typeof body.access_token !== 'string') {
    throw new LtiServiceError(response.status, 'The token reply has no access_token');
  }
  return body.access_token;
}

export type TMember = {
  userId: string;
  name: string;
  email: string | null;
  roles: string[];
  status: string;
};

const MAX_MEMBER_PAGES = 50;

/** Names and Role Provisioning Services: the course's members, following `rel="next"` pages. */
export async function fetchMembers(url: string, accessToken: string): Promise<TMember[]> {
  const members: TMember[] = [];
  let next: string | null = url;
  for (let page = 0; next && page < MAX_MEMBER_PAGES; page += 1) {
    const response = await call(next, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
      },
    });
    const body = (await response.json().catch(() => null)) as { members?: unknown } | null;
    if (!body || !Array.isArray(body.members)) {
      throw new LtiServiceError(response.status, 'The membership reply has no members');
    }
    for (const raw of body.members as Record<string, unknown>[]) {
      if (typeof raw.user_id !== 'string') continue;
      const given = [raw.given_name, raw.family_name].filter((v) => typeof v === 'string');
      members.push({
        userId: raw.user_id,
        name: typeof raw.name === 'string' && raw.name ? raw.name : given.join(' '),
        email: typeof raw.email === 'string' && raw.email ? raw.email.toLowerCase() : null,
        roles: Array.isArray(raw.roles) ? raw.roles.filter((r) => typeof r === 'string') : [],
        status: typeof raw.status === 'string' ? raw.status : 'Active',
      });
    }
    next = nextLink(response.headers.get('link'));
  }
  return members;
}

function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part.trim());
    if (match?.[1]) return match[1];
  }
  return null;
}

export type TScore = {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  timestamp: string;
};

/** The scores address of a line item: its path + "/scores", its query kept. */
export function scoresUrlOf(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.href;
}

/** Assignment and Grade Services: one student's score to a line item. */
export async function postScore(
  lineItemUrl: string,
  accessToken: string,
  score: TScore,
): Promise<void> {
  await call(scoresUrlOf(lineItemUrl), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/vnd.ims.lis.v1.score+json',
    },
    body: JSON.stringify({
      ...score,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    }),
  });
}

/** A JSON reply read within limits: its status and its body (null when it is not JSON). */
export type TLimitedReply = { status: number; body: unknown };

/** Why a limited call got no usable reply (the page names it in the contract's words). */
export type TFetchProblem = 'timeout' | 'unreachable' | 'redirected' | 'tooLarge';

export class LtiFetchError extends LtiServiceError {
  constructor(
    readonly problem: TFetchProblem,
    status: number | null,
  ) {
    super(status, `LTI call failed: ${problem}`);
    this.name = 'LtiFetchError';
  }
}

/**
 * Reads at most `maxBytes` of a reply's body; a longer one is refused (and the rest not read), so
 * an LMS address cannot make the server hold an endless reply.
 */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new LtiFetchError('tooLarge', response.status);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new LtiFetchError('tooLarge', response.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A call of LTI Dynamic Registration to an address the LMS gave (its OpenID configuration, its
 * registration endpoint): within a time limit, at most `maxBytes` read, and no redirect followed
 * (a redirect could lead the server to an address the LMS did not name, such as one inside our
 * network), so the call reaches exactly the address given, as the tool's other calls to the LMS do.
 * Any status is returned with its JSON body; otherwise an LtiFetchError says what went wrong.
 */
export async function fetchJsonLimited(
  url: string,
  init: RequestInit,
  limits: { timeoutMs: number; maxBytes: number },
): Promise<TLimitedReply> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw new LtiFetchError(timedOut ? 'timeout' : 'unreachable', null);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel().catch(() => undefined);
    throw new LtiFetchError('redirected', response.status);
  }
  const text = await readLimited(response, limits.maxBytes);
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, body };
}
