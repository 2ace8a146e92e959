import { randomUUID } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';

/**
 * A local LTI 1.3 platform (an LMS such as Canvas or Moodle) on a free port of this machine, built
 * from the 1EdTech messages (LTI Core 1.3, Security Framework 1.0, Deep Linking 2.0, Names and Role
 * Provisioning Services 2.0, Assignment and Grade Services 2.0), for the server and browser tests of
 * issue 29. Our tool speaks to it as it would to an LMS:
 * - GET /jwks: the platform's public keys;
 * - GET /auth: answers a login initiation (OIDC authentication request, form_post) with a page that
 *   posts a signed id_token and the state to the tool's launch URL;
 * - POST /token: the client-credentials grant, checking the tool's JWT assertion against its JWKS;
 * - GET /courses/{id}/memberships: the course's members (NRPS), behind an access token;
 * - POST /courses/{id}/lineitems/{li}/scores: scores (AGS), behind an access token;
 * - POST /deep-link-return: takes the tool's signed LtiDeepLinkingResponse, makes a resource link and
 *   its gradebook column;
 * - GET /start?kind=deepLink|resource&sub=&name=&email=&role=learner|instructor&link=: what a course
 *   page's link to the tool does (the browser tests click it): a login initiation to the tool;
 *   `&storage=_parent` offers LTI Platform Storage (`lti_storage_target`);
 * - GET /course?...(as /start)&storage=ok|silent|none: a course page that shows the tool in an
 *   iframe, as Canvas and Moodle do, and keeps LTI Platform Storage for it (postMessage
 *   `lti.capabilities`, `lti.put_data`, `lti.get_data`, answered to the tool's origin only; `silent`
 *   never answers `lti.get_data`, `none` offers no storage);
 * - LTI Dynamic Registration 1.0: GET /.well-known/openid-configuration (the platform's OpenID
 *   configuration with its LTI platform configuration) and POST /register (the tool's client
 *   registration, behind a registration token, answered with a new client id and deployment id);
 *   GET /admin/register?url=: the admin page that opens a tool's registration URL in an iframe and
 *   says when the tool posts `org.imsglobal.lti.close`.
 */

export type TLmsUser = {
  sub: string;
  name: string;
  email?: string;
  roles: string[];
};

export const LIS = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
} as const;

export type TLmsMessage = (
  | { kind: 'deepLink'; user: TLmsUser }
  | { kind: 'resource'; user: TLmsUser; resourceLinkId: string }
) & {
  /** The registration (client id) the launch is for; the platform's first one by default. */
  clientId?: string;
  /** LTI Platform Storage offered (`lti_storage_target`) at login and launch. */
  storageTarget?: string;
};

/** What the platform's registration endpoint does with the next registration (tests change it). */
export type TRegistrationBehaviour = {
  /** The issuer the OpenID configuration names (default: the platform's own). */
  issuer?: string;
  /** Answer the registration with this status and body instead of registering. */
  refuse?: { status: number; body: unknown };
  /** The deployment id the reply gives (null: none). */
  deploymentId?: string | null;
};

/** A client registration the platform accepted (LTI Dynamic Registration). */
export type TReceivedRegistration = {
  authorization: string;
  body: Record<string, unknown>;
  clientId: string;
  deploymentId: string | null;
};

export type TResourceLink = {
  id: string;
  title: string;
  url: string;
  custom: Record<string, string>;
  lineItemId: string | null;
};

export type TLineItem = {
  id: string;
  label: string;
  scoreMaximum: number;
  resourceId: string | null;
  tag: string | null;
  resourceLinkId: string | null;
};

export type TReceivedScore = {
  lineItemId: string;
  contentType: string;
  body: {
    userId: string;
    scoreGiven: number;
    scoreMaximum: number;
    activityProgress: string;
    gradingProgress: string;
    timestamp: string;
  };
};

export type TTestLtiPlatform = {
  issuer: string;
  clientId: string;
  deploymentId: string;
  contextId: string;
  authLoginUrl: string;
  accessTokenUrl: string;
  jwksUrl: string;
  deepLinkReturnUrl: string;
  /** The login initiation parameters for a message (what the LMS sends the browser to the tool with). */
  loginParams: (message: TLmsMessage, targetLinkUri: string) => Record<string, string>;
  /** Signs an id_token with the platform's key (or another), for the refusal tests. */
  signIdToken: (claims: JWTPayload, options?: { key?: CryptoKey; kid?: string }) => Promise<string>;
  /** The claims the platform would put in a launch of this message (before the nonce). */
  launchClaims: (message: TLmsMessage, nonce: string, redirectUri: string) => JWTPayload;
  members: TLmsUser[];
  resourceLinks: Map<string, TResourceLink>;
  lineItems: Map<string, TLineItem>;
  scores: TReceivedScore[];
  /** The tool's deep linking responses as verified. */
  deepLinkResponses: JWTPayload[];
  /** Token requests the platform granted, with their scopes. */
  grantedScopes: string[][];
  /** The OpenID configuration's address (LTI Dynamic Registration). */
  openidConfigurationUrl: string;
  /**
   * The address the LMS opens a tool's registration URL with: the URL plus `openid_configuration`
   * and a fresh `registration_token`.
   */
  registrationLaunchUrl: (toolRegistrationUrl: string) => string;
  /** What the next registration does (change it in a test, reset it after). */
  registration: TRegistrationBehaviour;
  /** Registrations the platform accepted. */
  registrations: TReceivedRegistration[];
  /** The deployment id of a registered client. */
  deploymentOf: (clientId: string) => string | undefined;
  close: () => Promise<void>;
};

const LTI = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  dlSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  dlData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

const SCOPES = {
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

/**
 * The course page that frames the tool, with the platform's side of LTI Platform Storage: values
 * kept per tool origin (the message's origin), each message answered to that origin only.
 */
function coursePage(toolStart: string, mode: string): string {
  const storage =
    mode === 'none'
      ? ''
      : `<script>
var kept = {};
window.addEventListener('message', function (event) {
  var m = event.data;
  if (!m || typeof m !== 'object' || typeof m.subject !== 'string') return;
  var store = kept[event.origin] = kept[event.origin] || {};
  var reply = { message_id: m.message_id };
  if (m.subject === 'lti.capabilities') {
    reply.subject = 'lti.capabilities.response';
    reply.supported_messages = [{ subject: 'lti.put_data' }, { subject: 'lti.get_data' }];
  } else if (m.subject === 'lti.put_data') {
    store[m.key] = m.value;
    reply.subject = 'lti.put_data.response'; reply.key = m.key; reply.value = m.value;
  } else if (m.subject === 'lti.get_data') {
    if (${JSON.stringify(mode)} === 'silent') return;
    reply.subject = 'lti.get_data.response'; reply.key = m.key;
    if (m.key in store) reply.value = store[m.key];
    else reply.error = { code: 'bad_request', message: 'There is no value stored for this key' };
  } else { return; }
  document.getElementById('storage-log').textContent += m.subject + ' ';
  event.source.postMessage(reply, event.origin);
});
</script>`;
  return `<!doctype html><html><head><title>Biology 101</title>${storage}</head><body>
<h1>Biology 101</h1><p id="storage-log"></p>
<iframe name="tool" title="STEM@Home" src="${escapeHtml(toolStart)}" style="width:100%;height:640px;border:1px solid #ccc"></iframe>
</body></html>`;
}

/** The LMS admin's page that opens a tool's registration URL in a frame (LTI Dynamic Registration). */
function registrationAdminPage(registrationUrl: string): string {
  return `<!doctype html><html><head><title>Add a tool</title><script>
window.addEventListener('message', function (event) {
  if (event.data && event.data.subject === 'org.imsglobal.lti.close') {
    document.getElementById('status').textContent = 'Registration closed';
    document.getElementById('tool').remove();
  }
});
</script></head><body><h1>Add a tool</h1><p id="status" role="status">Registering</p>
<iframe id="tool" title="Tool registration" src="${escapeHtml(registrationUrl)}" style="width:100%;height:480px"></iframe>
</body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type }).end(body);
}

export async function startTestLtiPlatform(options: {
  /** The tool's public key set (fetched the way the platform would from the tool's JWKS URL). */
  toolJwks: () => Promise<JSONWebKeySet>;
  /** The tool's launch URL (its registered redirect URI). */
  toolLaunchUrl: string;
  /** The tool's login initiation URL (for GET /start). */
  toolLoginUrl?: string;
  /** Clock of the tool under test, for token times (defaults to now). */
  now?: () => Date;
  /** Serve over https with this key and certificate (the browser tests). */
  tls?: { key: string; cert: string };
}): Promise<TTestLtiPlatform> {
  const now = options.now ?? (() => new Date());
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const clientId = `tool-${randomUUID().slice(0, 8)}`;
  const deploymentId = 'deployment-1';
  /** Registered clients (the first, and those of dynamic registration) and their deployment. */
  const clients = new Map<string, string>([[clientId, deploymentId]]);
  const registrationTokens = new Set<string>();
  const registration: TRegistrationBehaviour = {};
  const registrations: TReceivedRegistration[] = [];
  const contextId = 'course-101';
  const messages = new Map<string, TLmsMessage>();
  const tokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  const usedJti = new Set<string>();
  const members: TLmsUser[] = [];
  const resourceLinks = new Map<string, TResourceLink>();
  const lineItems = new Map<string, TLineItem>();
  const scores: TReceivedScore[] = [];
  const deepLinkResponses: JWTPayload[] = [];
  const grantedScopes: string[][] = [];

  const listener: RequestListener = (req, res) => {
    handle(req, res).catch((err: unknown) => {
      send(res, 500, 'text/plain', err instanceof Error ? err.message : String(err));
    });
  };
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const courseUrl = `${issuer}/courses/${contextId}`;

  const seconds = () => Math.floor(now().getTime() / 1000);

  function signIdToken(
    claims: JWTPayload,
    signOptions: { key?: CryptoKey; kid?: string } = {},
  ): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: signOptions.kid ?? kid, typ: 'JWT' })
      .sign(signOptions.key ?? privateKey);
  }

  function launchClaims(message: TLmsMessage, nonce: string, redirectUri: string): JWTPayload {
    const iat = seconds();
    const client = message.clientId ?? clientId;
    const base: JWTPayload = {
      iss: issuer,
      aud: client,
      azp: client,
      sub: message.user.sub,
      iat,
      exp: iat + 300,
      nonce,
      name: message.user.name,
      ...(message.user.email ? { email: message.user.email } : {}),
      [LTI.version]: '1.3.0',
      [LTI.deploymentId]: clients.get(client) ?? deploymentId,
      [LTI.roles]: message.user.roles,
      [LTI.context]: { id: contextId, label: 'BIO101', title: 'Biology 101' },
      [LTI.targetLinkUri]: redirectUri,
      [LTI.nrps]: {
        context_memberships_url: `${courseUrl}/memberships`,
        service_versions: ['2.0'],
      },
    };
    if (message.kind === 'deepLink') {
      return {
        ...base,
        [LTI.messageType]: 'LtiDeepLinkingRequest',
        [LTI.dlSettings]: {
          deep_link_return_url: `${issuer}/deep-link-return`,
          accept_types: ['ltiResourceLink'],
          accept_presentation_document_targets: ['iframe', 'window'],
          accept_lineitem: true,
          data: 'platform-opaque-data',
        },
      };
    }
    const link = resourceLinks.get(message.resourceLinkId);
    return {
      ...base,
      [LTI.messageType]: 'LtiResourceLinkRequest',
      [LTI.resourceLink]: { id: message.resourceLinkId, title: link?.title ?? 'A link' },
      ...(link ? { [LTI.custom]: link.custom } : {}),
      [LTI.ags]: {
        scope: [SCOPES.lineItem, SCOPES.score],
        lineitems: `${courseUrl}/lineitems`,
        ...(link?.lineItemId ? { lineitem: `${courseUrl}/lineitems/${link.lineItemId}` } : {}),
      },
    };
  }

  async function toolKeys() {
    return createLocalJWKSet(await options.toolJwks());
  }

  function bearerScopes(req: IncomingMessage): string[] | null {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const known = tokens.get(token);
    if (!known || known.expiresAt < Date.now()) return null;
    return known.scopes;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/jwks') {
      send(res, 200, 'application/json', JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/start' && options.toolLoginUrl) {
      const q = url.searchParams;
      const user: TLmsUser = {
        sub: q.get('sub') ?? '',
        name: q.get('name') ?? '',
        ...(q.get('email') ? { email: q.get('email') ?? '' } : {}),
        roles: [q.get('role') === 'instructor' ? LIS.instructor : LIS.learner],
      };
      const storage = q.get('storage');
      const extra = storage ? { storageTarget: storage } : {};
      const message: TLmsMessage =
        q.get('kind') === 'resource'
          ? { kind: 'resource', user, resourceLinkId: q.get('link') ?? '', ...extra }
          : { kind: 'deepLink', user, ...extra };
      const target = new URL(options.toolLoginUrl);
      for (const [key, value] of Object.entries(loginParams(message, options.toolLaunchUrl))) {
        target.searchParams.set(key, value);
      }
      res.writeHead(302, { location: target.href }).end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/course') {
      // A course page showing the tool in a frame, with Platform Storage unless `storage=none`.
      const mode = url.searchParams.get('storage') ?? 'ok';
      const start = new URLSearchParams(url.searchParams);
      start.delete('storage');
      if (mode !== 'none') start.set('storage', '_parent');
      send(res, 200, 'text/html', coursePage(`/start?${start.toString()}`, mode));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/admin/register') {
      const tool = url.searchParams.get('url') ?? '';
      send(res, 200, 'text/html', registrationAdminPage(registrationLaunchUrl(tool)));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      send(res, 200, 'application/json', JSON.stringify(openidConfiguration()));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/register') {
      await handleRegistration(req, res);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/auth') {
      // The OIDC authentication request of LTI 1.3 (Security Framework §5.1.1.2).
      const q = url.searchParams;
      const problems: string[] = [];
      if (q.get('scope') !== 'openid') problems.push('scope');
      if (q.get('response_type') !== 'id_token') problems.push('response_type');
      if (q.get('response_mode') !== 'form_post') problems.push('response_mode');
      if (q.get('prompt') !== 'none') problems.push('prompt');
      const message = messages.get(q.get('lti_message_hint') ?? '');
      if (q.get('client_id') !== (message?.clientId ?? clientId)) problems.push('client_id');
      if (q.get('redirect_uri') !== options.toolLaunchUrl) problems.push('redirect_uri');
      if (!message || q.get('login_hint') !== message.user.sub) problems.push('login_hint');
      const nonce = q.get('nonce');
      const state = q.get('state');
      if (!nonce || !state) problems.push('state/nonce');
      if (problems.length > 0 || !message || !nonce || !state) {
        send(res, 400, 'text/plain', `Bad authentication request: ${problems.join(', ')}`);
        return;
      }
      const idToken = await signIdToken(launchClaims(message, nonce, options.toolLaunchUrl));
      send(
        res,
        200,
        'text/html',
        `<!doctype html><html><body><form id="launch" method="post" action="${escapeHtml(
          options.toolLaunchUrl,
        )}"><input type="hidden" name="id_token" value="${escapeHtml(idToken)}"><input type="hidden" name="state" value="${escapeHtml(state)}">${
          message.storageTarget
            ? `<input type="hidden" name="lti_storage_target" value="${escapeHtml(message.storageTarget)}">`
            : ''
        }<button type="submit">Continue</button></form><script>document.getElementById('launch').submit();</script></body></html>`,
      );
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('grant_type') !== 'client_credentials') {
        send(res, 400, 'application/json', JSON.stringify({ error: 'unsupported_grant_type' }));
        return;
      }
      if (
        form.get('client_assertion_type') !==
        'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
      ) {
        send(res, 400, 'application/json', JSON.stringify({ error: 'invalid_request' }));
        return;
      }
      try {
        const { payload } = await jwtVerify(form.get('client_assertion') ?? '', await toolKeys(), {
          issuer: [...clients.keys()],
          audience: `${issuer}/token`,
          currentDate: now(),
        });
        if (payload.sub !== payload.iss) throw new Error('sub is not the client id');
        if (!payload.jti || usedJti.has(payload.jti)) throw new Error('jti replayed');
        usedJti.add(payload.jti);
      } catch {
        send(res, 401, 'application/json', JSON.stringify({ error: 'invalid_client' }));
        return;
      }
      const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
      const allowed = Object.values(SCOPES) as string[];
      if (scopes.length === 0 || scopes.some((s) => !allowed.includes(s))) {
        send(res, 400, 'application/json', JSON.stringify({ error: 'invalid_scope' }));
        return;
      }
      const token = randomUUID();
      tokens.set(token, { scopes, expiresAt: Date.now() + 3600_000 });
      grantedScopes.push(scopes);
      send(
        res,
        200,
        'application/json',
        JSON.stringify({
          access_token: token,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: scopes.join(' '),
        }),
      );
      return;
    }
    if (req.method === 'GET' && url.pathname === `/courses/${contextId}/memberships`) {
      if (!bearerScopes(req)?.includes(SCOPES.memberships)) {
        send(res, 401, 'application/json', JSON.stringify({ error: 'unauthorized' }));
        return;
      }
      // Two pages of members, to follow the Link header.
      const page = Number(url.searchParams.get('page') ?? '1');
      const half = Math.ceil(members.length / 2);
      const slice = page === 1 ? members.slice(0, half) : members.slice(half);
      const headers: Record<string, string> = {
        'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
      };
      if (page === 1 && members.length > half) {
        headers.link = `<${courseUrl}/memberships?page=2>; rel="next"`;
      }
      res.writeHead(200, headers).end(
        JSON.stringify({
          id: `${courseUrl}/memberships`,
          context: { id: contextId, label: 'BIO101', title: 'Biology 101' },
          members: slice.map((m) => ({
            status: 'Active',
            name: m.name,
            user_id: m.sub,
            roles: m.roles,
            ...(m.email ? { email: m.email } : {}),
          })),
        }),
      );
      return;
    }
    const scoresMatch = new RegExp(`^/courses/${contextId}/lineitems/([^/]+)/scores$`).exec(
      url.pathname,
    );
    if (req.method === 'POST' && scoresMatch?.[1]) {
      if (!bearerScopes(req)?.includes(SCOPES.score)) {
        send(res, 401, 'application/json', JSON.stringify({ error: 'unauthorized' }));
        return;
      }
      const lineItemId = scoresMatch[1];
      if (!lineItems.has(lineItemId)) {
        send(res, 404, 'application/json', JSON.stringify({ error: 'no such line item' }));
        return;
      }
      const contentType = req.headers['content-type'] ?? '';
      if (contentType !== 'application/vnd.ims.lis.v1.score+json') {
        send(res, 415, 'application/json', JSON.stringify({ error: 'content type' }));
        return;
      }
      const body = JSON.parse(await readBody(req)) as TReceivedScore['body'];
      scores.push({ lineItemId, contentType, body });
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/deep-link-return') {
      const form = new URLSearchParams(await readBody(req));
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(form.get('JWT') ?? '', await toolKeys(), {
          issuer: clientId,
          audience: issuer,
          currentDate: now(),
        }));
      } catch (err) {
        send(res, 400, 'text/plain', `Refused: ${err instanceof Error ? err.message : ''}`);
        return;
      }
      if (
        payload[LTI.messageType] !== 'LtiDeepLinkingResponse' ||
        payload[LTI.version] !== '1.3.0' ||
        payload[LTI.deploymentId] !== deploymentId ||
        payload[LTI.dlData] !== 'platform-opaque-data'
      ) {
        send(res, 400, 'text/plain', 'Refused: claims');
        return;
      }
      deepLinkResponses.push(payload);
      const items = (payload[LTI.contentItems] ?? []) as {
        type: string;
        title: string;
        url: string;
        custom?: Record<string, string>;
        lineItem?: { scoreMaximum: number; label: string; resourceId?: string; tag?: string };
      }[];
      for (const item of items.filter((i) => i.type === 'ltiResourceLink')) {
        const linkId = `link-${resourceLinks.size + 1}`;
        let lineItemId: string | null = null;
        if (item.lineItem) {
          lineItemId = `li-${lineItems.size + 1}`;
          lineItems.set(lineItemId, {
            id: lineItemId,
            label: item.lineItem.label,
            scoreMaximum: item.lineItem.scoreMaximum,
            resourceId: item.lineItem.resourceId ?? null,
            tag: item.lineItem.tag ?? null,
            resourceLinkId: linkId,
          });
        }
        resourceLinks.set(linkId, {
          id: linkId,
          title: item.title,
          url: item.url,
          custom: item.custom ?? {},
          lineItemId,
        });
      }
      const made = [...resourceLinks.keys()].slice(-items.length).join(', ');
      send(
        res,
        200,
        'text/html',
        `<!doctype html><title>Course</title><h1>Added to the course</h1><p id="links">${escapeHtml(made)}</p>`,
      );
      return;
    }
    send(res, 404, 'text/plain', 'Not found');
  }

  function loginParams(message: TLmsMessage, targetLinkUri: string): Record<string, string> {
    const hint = randomUUID();
    messages.set(hint, message);
    const client = message.clientId ?? clientId;
    return {
      iss: issuer,
      login_hint: message.user.sub,
      target_link_uri: targetLinkUri,
      lti_message_hint: hint,
      client_id: client,
      lti_deployment_id: clients.get(client) ?? deploymentId,
      ...(message.storageTarget ? { lti_storage_target: message.storageTarget } : {}),
    };
  }

  // LTI Dynamic Registration 1.0, the platform's side.

  function openidConfiguration() {
    return {
      issuer: registration.issuer ?? issuer,
      authorization_endpoint: `${issuer}/auth`,
      registration_endpoint: `${issuer}/register`,
      jwks_uri: `${issuer}/jwks`,
      token_endpoint: `${issuer}/token`,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', ...Object.values(SCOPES)],
      response_types_supported: ['id_token'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['sub', 'iss', 'name', 'given_name', 'family_name', 'email'],
      subject_types_supported: ['public', 'pairwise'],
      'https://purl.imsglobal.org/spec/lti-platform-configuration': {
        product_family_code: 'local-lms',
        version: '1.0',
        messages_supported: [
          { type: 'LtiResourceLinkRequest' },
          { type: 'LtiDeepLinkingRequest', placements: ['ContentArea', 'RichTextEditor'] },
        ],
      },
    };
  }

  function registrationLaunchUrl(toolRegistrationUrl: string): string {
    const token = randomUUID();
    registrationTokens.add(token);
    const url = new URL(toolRegistrationUrl);
    url.searchParams.set('openid_configuration', `${issuer}/.well-known/openid-configuration`);
    url.searchParams.set('registration_token', token);
    return url.href;
  }

  /** The tool's client registration: checked as a platform would, answered with a new client. */
  async function handleRegistration(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const authorization = req.headers.authorization ?? '';
    const token = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (!registrationTokens.has(token)) {
      send(res, 401, 'application/json', JSON.stringify({ error: 'invalid_token' }));
      return;
    }
    if (registration.refuse) {
      const { status, body } = registration.refuse;
      send(res, status, 'application/json', JSON.stringify(body));
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      send(res, 400, 'application/json', JSON.stringify({ error: 'invalid_client_metadata' }));
      return;
    }
    const tool = body['https://purl.imsglobal.org/spec/lti-tool-configuration'] as
      Record<string, unknown> | undefined;
    const problems = [
      body.application_type === 'web' ? null : 'application_type',
      body.token_endpoint_auth_method === 'private_key_jwt' ? null : 'token_endpoint_auth_method',
      Array.isArray(body.redirect_uris) && body.redirect_uris.includes(options.toolLaunchUrl)
        ? null
        : 'redirect_uris',
      typeof body.initiate_login_uri === 'string' ? null : 'initiate_login_uri',
      typeof body.jwks_uri === 'string' ? null : 'jwks_uri',
      tool && typeof tool.target_link_uri === 'string' ? null : 'lti-tool-configuration',
    ].filter(Boolean);
    if (problems.length > 0) {
      send(
        res,
        400,
        'application/json',
        JSON.stringify({
          error: 'invalid_client_metadata',
          error_description: problems.join(', '),
        }),
      );
      return;
    }
    registrationTokens.delete(token);
    const newClient = `dyn-${randomUUID().slice(0, 8)}`;
    const newDeployment =
      registration.deploymentId === undefined
        ? `deployment-${clients.size + 1}`
        : registration.deploymentId;
    if (newDeployment) clients.set(newClient, newDeployment);
    else clients.set(newClient, '');
    registrations.push({ authorization, body, clientId: newClient, deploymentId: newDeployment });
    send(
      res,
      200,
      'application/json',
      JSON.stringify({
        ...body,
        client_id: newClient,
        'https://purl.imsglobal.org/spec/lti-tool-configuration': {
          ...tool,
          ...(newDeployment ? { deployment_id: newDeployment } : {}),
        },
      }),
    );
  }

  return {
    issuer,
    clientId,
    deploymentId,
    contextId,
    authLoginUrl: `${issuer}/auth`,
    accessTokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    deepLinkReturnUrl: `${issuer}/deep-link-return`,
    loginParams,
    signIdToken,
    launchClaims,
    members,
    resourceLinks,
    lineItems,
    scores,
    deepLinkResponses,
    grantedScopes,
    openidConfigurationUrl: `${issuer}/.well-known/openid-configuration`,
    registrationLaunchUrl,
    registration,
    registrations,
    deploymentOf: (id) => clients.get(id) || undefined,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
