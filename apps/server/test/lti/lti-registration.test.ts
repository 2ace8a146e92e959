import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, fillPath } from '@stem/contract/api';
import {
  LTI_LAUNCH_PAGE,
  LTI_PATHS,
  type TLtiPlatform,
  type TLtiPlatformsResponse,
  type TLtiRegistrationLinkCreated,
  type TLtiRegistrationLinksResponse,
} from '@stem/contract/lti';
import { MESSAGES } from '@stem/contract/messages';
import { buildUser, nextClientAddress } from '../helpers/factories';
import { LIS, startTestLtiPlatform, type TTestLtiPlatform } from '../helpers/lti-platform';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { classroom } from '../submissions/submission-helpers';
import { signedIn, type TActor } from '../teaching/teaching-helpers';

/**
 * LTI Dynamic Registration 1.0 (issue 29) against the local LMS's platform side
 * (helpers/lti-platform.ts: its OpenID configuration and registration endpoint): the owner makes a
 * single-use link for a school; the LMS opens it; the admin's "Register" reads the LMS's
 * configuration, registers the tool and stores the platform, whose launches then work. Used,
 * expired and withdrawn links, an issuer at another origin, an LMS that refuses, and replies that
 * redirect, are too large or never come are refused with a page naming why.
 */

const APP_URL = 'http://localhost:3000';
const LAUNCH_URL = `${APP_URL}${apiPath(LTI_PATHS.launch)}`;
const R = MESSAGES.lti.registration;
const P = MESSAGES.lti.platforms;
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';
const ADMIN_PAGE = 'https://school.lms.example/admin/tools';

let t: TTestApp;
let lms: TTestLtiPlatform;
let world: Awaited<ReturnType<typeof classroom>>;
let owner: TActor;
/** A server answering as no LMS should: a redirect, an endless reply, silence. */
let odd: Server;
let oddUrl: string;

async function toolJwks(): Promise<JSONWebKeySet> {
  const response = await t.app.inject({ method: 'GET', url: apiPath(LTI_PATHS.jwks) });
  return response.json<JSONWebKeySet>();
}

beforeAll(async () => {
  t = await buildTestApp({ APP_URL });
  lms = await startTestLtiPlatform({
    toolJwks,
    toolLaunchUrl: LAUNCH_URL,
    toolLoginUrl: `${APP_URL}${apiPath(LTI_PATHS.login)}`,
    now: () => t.app.ctx.now(),
  });
  world = await classroom(t);
  owner = await signedIn(t, await buildUser(t, { role: 'owner', schoolId: null }));
  odd = createServer((req, res) => {
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"issuer":"${'x'.repeat(400 * 1024)}"}`);
    } else if (req.url === '/silent') {
      // Never answers (the tool's time limit ends it).
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not json</p>');
    }
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await lms?.close();
  odd?.closeAllConnections();
  await new Promise<void>((resolve) => (odd ? odd.close(() => resolve()) : resolve()));
});

async function makeLink(name = 'Local LMS'): Promise<TLtiRegistrationLinkCreated> {
  const made = await t.app.inject({
    method: 'POST',
    url: apiPath(LTI_PATHS.registrationLinks),
    headers: owner.headers,
    payload: { name, schoolId: world.school.id },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<TLtiRegistrationLinkCreated>();
}

/** What the LMS does with a pasted link: opens it with its configuration and a token. */
function openLink(address: string, headers: Record<string, string> = {}) {
  const url = new URL(address);
  return t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { accept: BROWSER_ACCEPT, ...headers },
    remoteAddress: nextClientAddress(),
  });
}

function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1] ?? ''] = (m[2] ?? '')
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  }
  return fields;
}

function submit(fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: apiPath(LTI_PATHS.register),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: nextClientAddress(),
  });
}

/** Opens a fresh link from the LMS and returns the "Register" form's fields. */
async function registrationForm(link: TLtiRegistrationLinkCreated, headers = {}) {
  const opened = await openLink(lms.registrationLaunchUrl(link.url), headers);
  expect(opened.statusCode, opened.body).toBe(200);
  return { page: opened, fields: formFields(opened.body) };
}

async function platforms(): Promise<TLtiPlatform[]> {
  const list = await t.app.inject({
    method: 'GET',
    url: apiPath(LTI_PATHS.platforms),
    headers: owner.headers,
  });
  return list.json<TLtiPlatformsResponse>().platforms;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

describe('LTI Dynamic Registration', () => {
  it('lets only the owner make, list and withdraw links; the address is shown once', async () => {
    const asAdmin = await t.app.inject({
      method: 'POST',
      url: apiPath(LTI_PATHS.registrationLinks),
      headers: world.teacher.headers,
      payload: { name: 'x', schoolId: world.school.id },
    });
    expect(asAdmin.statusCode).toBe(403);
    const unknownSchool = await t.app.inject({
      method: 'POST',
      url: apiPath(LTI_PATHS.registrationLinks),
      headers: owner.headers,
      payload: { name: 'x', schoolId: '00000000-0000-4000-8000-000000000009' },
    });
    expect(unknownSchool.statusCode).toBe(400);
    const made = await makeLink('Withdrawn LMS');
    expect(made.url.startsWith(`${APP_URL}${apiPath(LTI_PATHS.register)}?link=`)).toBe(true);
    expect(made.link).toMatchObject({ status: 'waiting', schoolName: world.school.name });
    const expires =
      new Date(made.link.expiresAt).getTime() - new Date(made.link.createdAt).getTime();
    expect(expires).toBe(60 * 60 * 1000);
    const code = new URL(made.url).searchParams.get('link') ?? '';
    const list = await t.app.inject({
      method: 'GET',
      url: apiPath(LTI_PATHS.registrationLinks),
      headers: owner.headers,
    });
    expect(list.body).not.toContain(code);
    expect(list.json<TLtiRegistrationLinksResponse>().links.map((l) => l.id)).toContain(
      made.link.id,
    );
    const gone = await t.app.inject({
      method: 'DELETE',
      url: apiPath(fillPath(LTI_PATHS.registrationLink, { id: made.link.id })),
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(200);
    expect(gone.json<{ message: string }>().message).toBe(P.linkRevoked);
    const opened = await openLink(lms.registrationLaunchUrl(made.url));
    expect(opened.statusCode).toBe(400);
    expect(opened.body).toContain(escape(R.linkInvalid));
  });

  it('registers the LMS through its link, and its launches work', async () => {
    const link = await makeLink();
    const { page, fields } = await registrationForm(link, { referer: ADMIN_PAGE });
    expect(page.body).toContain(escape(R.text(world.school.name, new URL(lms.issuer).origin)));
    // Framed by the LMS the configuration comes from and the admin page that opened it.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(
      `frame-ancestors ${new URL(lms.issuer).origin} https://school.lms.example`,
    );
    expect(fields.openid_configuration).toBe(lms.openidConfigurationUrl);
    expect(fields.registration_token).toBeTruthy();
    expect(fields.opener).toBe('https://school.lms.example');

    const done = await submit(fields);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain(escape(R.done('Local LMS', world.school.name)));
    expect(done.body).toContain("subject:'org.imsglobal.lti.close'");

    // What the LMS received: the tool's client registration.
    const received = lms.registrations.at(-1);
    expect(received?.authorization).toBe(`Bearer ${fields.registration_token}`);
    const body = received?.body ?? {};
    expect(body).toMatchObject({
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: `${APP_URL}${apiPath(LTI_PATHS.login)}`,
      redirect_uris: [LAUNCH_URL],
      jwks_uri: `${APP_URL}${apiPath(LTI_PATHS.jwks)}`,
      token_endpoint_auth_method: 'private_key_jwt',
      client_name: R.toolName,
    });
    expect(String(body.scope).split(' ').sort()).toEqual(
      [
        'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
        'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
      ].sort(),
    );
    expect(body['https://purl.imsglobal.org/spec/lti-tool-configuration']).toEqual({
      domain: 'localhost:3000',
      description: R.toolDescription,
      target_link_uri: LAUNCH_URL,
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
      messages: [
        {
          type: 'LtiDeepLinkingRequest',
          target_link_uri: LAUNCH_URL,
          label: R.deepLinkLabel,
          placements: ['ContentArea'],
        },
      ],
    });

    // The platform, as the LMS described it, for the link's school.
    const clientId = received?.clientId ?? '';
    const stored = (await platforms()).find((p) => p.clientId === clientId);
    expect(stored).toMatchObject({
      name: 'Local LMS',
      schoolId: world.school.id,
      issuer: lms.issuer,
      authLoginUrl: lms.authLoginUrl,
      accessTokenUrl: lms.accessTokenUrl,
      jwksUrl: lms.jwksUrl,
      deploymentIds: [lms.deploymentOf(clientId)],
      frameOrigins: ['https://school.lms.example'],
      registeredByLms: true,
    });
    const links = await t.app.inject({
      method: 'GET',
      url: apiPath(LTI_PATHS.registrationLinks),
      headers: owner.headers,
    });
    expect(
      links.json<TLtiRegistrationLinksResponse>().links.find((l) => l.id === link.link.id),
    ).toMatchObject({ status: 'used', platformName: 'Local LMS' });

    // A learner's launch through the new registration signs them in.
    const message = {
      kind: 'resource' as const,
      clientId,
      user: { sub: 'dyn-1', name: 'Dana Dyn', email: 'dana.dyn@reg.test', roles: [LIS.learner] },
      resourceLinkId: 'link-dyn',
    };
    const started = await t.app.inject({
      method: 'GET',
      url: `${apiPath(LTI_PATHS.login)}?${new URLSearchParams(lms.loginParams(message, LAUNCH_URL)).toString()}`,
      headers: { accept: BROWSER_ACCEPT },
      remoteAddress: nextClientAddress(),
    });
    expect(started.statusCode, started.body).toBe(302);
    const auth = await fetch(String(started.headers.location));
    const launched = await t.app.inject({
      method: 'POST',
      url: apiPath(LTI_PATHS.launch),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT },
      payload: new URLSearchParams(formFields(await auth.text())).toString(),
      remoteAddress: nextClientAddress(),
    });
    expect(launched.statusCode, launched.body).toBe(303);
    expect(String(launched.headers.location)).toContain(`${LTI_LAUNCH_PAGE}#code=`);

    // The link works once.
    const again = await submit(fields);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(escape(R.linkInvalid));
  });

  it('refuses an expired link', async () => {
    const link = await makeLink();
    t.clock.advance(60 * 60 * 1000 + 1000);
    try {
      const opened = await openLink(lms.registrationLaunchUrl(link.url));
      expect(opened.statusCode).toBe(400);
      expect(opened.body).toContain(escape(R.linkInvalid));
      const listed = await t.app.inject({
        method: 'GET',
        url: apiPath(LTI_PATHS.registrationLinks),
        headers: owner.headers,
      });
      expect(
        listed.json<TLtiRegistrationLinksResponse>().links.find((l) => l.id === link.link.id)
          ?.status,
      ).toBe('expired');
    } finally {
      t.clock.reset();
    }
  });

  it('refuses an issuer at another origin than the configuration, and keeps the link', async () => {
    const link = await makeLink('Impostor');
    const { fields } = await registrationForm(link);
    const before = (await platforms()).length;
    lms.registration.issuer = 'https://canvas.other.example';
    try {
      const refused = await submit(fields);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(
        escape(R.issuerMismatch('https://canvas.other.example', new URL(lms.issuer).origin)),
      );
    } finally {
      delete lms.registration.issuer;
    }
    expect(await platforms()).toHaveLength(before);
    // The link was not spent: with the LMS fixed, the admin tries again.
    const retried = await submit(fields);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await platforms()).toHaveLength(before + 1);
  });

  it('says why the LMS refused the registration, and keeps the link', async () => {
    const link = await makeLink('Refusing LMS');
    const { fields } = await registrationForm(link);
    lms.registration.refuse = {
      status: 400,
      body: { error: 'invalid_client_metadata', error_description: 'placements not allowed' },
    };
    try {
      const refused = await submit(fields);
      expect(refused.statusCode).toBe(502);
      expect(refused.body).toContain(escape(R.refused('400', 'placements not allowed')));
    } finally {
      delete lms.registration.refuse;
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: apiPath(LTI_PATHS.registrationLinks),
      headers: owner.headers,
    });
    expect(
      listed.json<TLtiRegistrationLinksResponse>().links.find((l) => l.id === link.link.id)?.status,
    ).toBe('waiting');
  });

  it('stores an LMS that gave no deployment id, for the owner to complete', async () => {
    const link = await makeLink('No deployment');
    const { fields } = await registrationForm(link);
    lms.registration.deploymentId = null;
    try {
      const done = await submit(fields);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.body).toContain(escape(R.noDeployment));
      expect(done.body).toContain('"auto":false');
    } finally {
      delete lms.registration.deploymentId;
    }
    const stored = (await platforms()).find((p) => p.name === 'No deployment');
    expect(stored?.deploymentIds).toEqual([]);
    const completed = await t.app.inject({
      method: 'PATCH',
      url: apiPath(fillPath(LTI_PATHS.platform, { id: stored?.id ?? '' })),
      headers: owner.headers,
      payload: { deploymentIds: ['deployment-late'], frameOrigins: stored?.frameOrigins ?? [] },
    });
    expect(completed.statusCode, completed.body).toBe(200);
  });

  it('refuses configurations it cannot read safely', async () => {
    const cases: { url: string; message: string }[] = [
      { url: `${oddUrl}/redirect`, message: R.configUnreachable(R.fetchProblems.redirected) },
      { url: `${oddUrl}/huge`, message: R.configUnreachable(R.fetchProblems.tooLarge) },
      { url: `${oddUrl}/html`, message: R.configUnreachable(R.fetchProblems.notJson) },
      {
        url: 'http://127.0.0.1:1/config',
        message: R.configUnreachable(R.fetchProblems.unreachable),
      },
      { url: 'ftp://lms.example/config', message: R.configUrlInvalid },
    ];
    for (const { url, message } of cases) {
      const link = await makeLink('Odd');
      const code = new URL(link.url).searchParams.get('link') ?? '';
      const refused = await submit({ link: code, openid_configuration: url });
      expect([400, 502], url).toContain(refused.statusCode);
      expect(refused.body, url).toContain(escape(message));
    }
    const missing = await openLink((await makeLink('Odd')).url);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(escape(R.configMissing));
  });

  it('gives up on a configuration that never comes, after 10 seconds', async () => {
    const link = await makeLink('Silent');
    const code = new URL(link.url).searchParams.get('link') ?? '';
    const started = Date.now();
    const refused = await submit({ link: code, openid_configuration: `${oddUrl}/silent` });
    expect(refused.statusCode).toBe(502);
    expect(refused.body).toContain(escape(R.configUnreachable(R.fetchProblems.timeout)));
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
  }, 60_000);
});
