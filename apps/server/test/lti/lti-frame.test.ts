import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, fillPath } from '@stem/contract/api';
import { LTI_LAUNCH_PAGE, LTI_PATHS, type TLtiPlatformResponse } from '@stem/contract/lti';
import { MESSAGES } from '@stem/contract/messages';
import { ltiLaunches, users } from '../../src/db/schema';
import { buildUser, nextClientAddress } from '../helpers/factories';
import {
  LIS,
  startTestLtiPlatform,
  type TLmsMessage,
  type TTestLtiPlatform,
} from '../helpers/lti-platform';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { classroom } from '../submissions/submission-helpers';
import { signedIn, type TActor } from '../teaching/teaching-helpers';

/**
 * The LTI tool inside the LMS's frame (issue 29): launch pages may be framed only by the registered
 * platforms' origins (each page by its own platform's), every other page keeps `frame-ancestors
 * 'none'`; with LTI Platform Storage the state is checked in the LMS's window (the page carries the
 * launch's code only to a browser whose LMS kept the state); a framed launch with neither cookie
 * nor storage signs no one in and offers a new tab, whose single-use code starts the login again.
 */

const APP_URL = 'http://localhost:3000';
const HTTPS_URL = 'https://localhost:3000';
const LAUNCH_URL = `${APP_URL}${apiPath(LTI_PATHS.launch)}`;
const M = MESSAGES.lti;
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';
const SCHOOL_HOST = 'https://school-a.example';

let t: TTestApp;
let dist: string;
let lmsA: TTestLtiPlatform;
let lmsB: TTestLtiPlatform;
let platformA: string;
let world: Awaited<ReturnType<typeof classroom>>;
let owner: TActor;

async function toolJwks(): Promise<JSONWebKeySet> {
  const response = await t.app.inject({ method: 'GET', url: apiPath(LTI_PATHS.jwks) });
  return response.json<JSONWebKeySet>();
}

async function register(lms: TTestLtiPlatform, name: string, frameOrigins: string[] = []) {
  const made = await t.app.inject({
    method: 'POST',
    url: apiPath(LTI_PATHS.platforms),
    headers: owner.headers,
    payload: {
      name,
      schoolId: world.school.id,
      issuer: lms.issuer,
      clientId: lms.clientId,
      authLoginUrl: lms.authLoginUrl,
      accessTokenUrl: lms.accessTokenUrl,
      jwksUrl: lms.jwksUrl,
      deploymentIds: [lms.deploymentId],
      frameOrigins,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<TLtiPlatformResponse>().platform;
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'stem-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  t = await buildTestApp({ APP_URL, WEB_DIST: dist });
  const now = () => t.app.ctx.now();
  lmsA = await startTestLtiPlatform({ toolJwks, toolLaunchUrl: LAUNCH_URL, now });
  lmsB = await startTestLtiPlatform({ toolJwks, toolLaunchUrl: LAUNCH_URL, now });
  world = await classroom(t);
  owner = await signedIn(t, await buildUser(t, { role: 'owner', schoolId: null }));
  platformA = (await register(lmsA, 'Canvas A', [SCHOOL_HOST])).id;
  await register(lmsB, 'Moodle B');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await lmsA?.close();
  await lmsB?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The `frame-ancestors` sources of a reply's policy. */
function framedBy(headers: Record<string, unknown>): string[] {
  const csp = String(headers['content-security-policy'] ?? '');
  return (/frame-ancestors ([^;]+)/.exec(csp)?.[1] ?? '').trim().split(/\s+/);
}

/** The data block a page's script reads. */
function pageData(html: string): Record<string, string> {
  const raw = /<script type="application\/json" id="lti-data">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(raw ?? '{}') as Record<string, string>;
}

function formFields(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1] ?? ''] = (m[2] ?? '').replace(/&#(\d+);|&amp;|&quot;/g, (all, code?: string) =>
      code ? String.fromCharCode(Number(code)) : all === '&amp;' ? '&' : '"',
    );
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

function initiate(params: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `${apiPath(LTI_PATHS.login)}?${new URLSearchParams(params).toString()}`,
    headers: { accept: BROWSER_ACCEPT, ...headers },
    remoteAddress: nextClientAddress(),
  });
}

function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: BROWSER_ACCEPT,
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: nextClientAddress(),
  });
}

const learner = (sub: string, extra: Partial<TLmsMessage> = {}): TLmsMessage => ({
  kind: 'resource',
  user: { sub, name: `Learner ${sub}`, email: `${sub}@frame.test`, roles: [LIS.learner] },
  resourceLinkId: 'link-x',
  ...extra,
});

/** Runs `step` with the tool served over https (where the login cookie ties a launch). */
async function overHttps<T>(step: (launchUrl: string) => Promise<T>): Promise<T> {
  const config = t.app.ctx.config as { appUrl: string };
  config.appUrl = HTTPS_URL;
  try {
    return await step(`${HTTPS_URL}${apiPath(LTI_PATHS.launch)}`);
  } finally {
    config.appUrl = APP_URL;
  }
}

/** The LMS's answer to an https login (its auth endpoint knows the http launch URL only). */
async function signedFor(lms: TTestLtiPlatform, message: TLmsMessage, authUrl: string, to: string) {
  const location = new URL(authUrl);
  return {
    state: location.searchParams.get('state') ?? '',
    id_token: await lms.signIdToken(
      lms.launchClaims(message, location.searchParams.get('nonce') ?? '', to),
    ),
  };
}

describe('LTI launches in the LMS frame', () => {
  it("frames each launch page by its own platform's origins only, and nothing else", async () => {
    const originA = new URL(lmsA.issuer).origin;
    const originB = new URL(lmsB.issuer).origin;

    // The login page with Platform Storage, and the launch page that checks it: platform A only.
    const started = await initiate(
      lmsA.loginParams(learner('frame-1', { storageTarget: '_parent' }), LAUNCH_URL),
    );
    expect(started.statusCode, started.body).toBe(200);
    expect(framedBy(started.headers).sort()).toEqual([originA, SCHOOL_HOST].sort());
    expect(started.headers['x-frame-options']).toBeUndefined();
    const auth = await fetch(pageData(started.body).next ?? '');
    const { fields } = formFields(await auth.text());
    const landed = await postForm(apiPath(LTI_PATHS.launch), fields);
    expect(landed.statusCode, landed.body).toBe(200);
    expect(framedBy(landed.headers).sort()).toEqual([originA, SCHOOL_HOST].sort());
    expect(landed.headers['x-frame-options']).toBeUndefined();

    // A refusal names no platform: text only, any registered LMS may show it.
    const refused = await initiate({
      iss: 'https://lms.invalid',
      login_hint: 'x',
      target_link_uri: LAUNCH_URL,
    });
    expect(refused.statusCode).toBe(404);
    expect(framedBy(refused.headers).sort()).toEqual([originA, SCHOOL_HOST, originB].sort());

    // The web app's hand-off page: every registered platform (its code is in the fragment).
    const handoffPage = await t.app.inject({ method: 'GET', url: LTI_LAUNCH_PAGE });
    expect(handoffPage.statusCode).toBe(200);
    expect(handoffPage.body).toContain('<title>app</title>');
    expect(handoffPage.headers['x-frame-options']).toBeUndefined();
    expect(framedBy(handoffPage.headers).sort()).toEqual([originA, SCHOOL_HOST, originB].sort());
    // The rest of its policy is the site's own.
    expect(String(handoffPage.headers['content-security-policy'])).toContain("script-src 'self'");

    // Every other page and reply: no framing at all.
    for (const url of ['/login', '/dashboard', apiPath(LTI_PATHS.jwks), '/lti/deep-link/nope']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(framedBy(other.headers), url).toEqual(["'none'"]);
      expect(other.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it("frames a deep linking picker by its launch's platform, and follows the owner's changes", async () => {
    const teacher = world.teacher.user;
    const message: TLmsMessage = {
      kind: 'deepLink',
      user: {
        sub: 'frame-teacher',
        name: teacher.name,
        email: teacher.email,
        roles: [LIS.instructor],
      },
    };
    const started = await initiate(lmsB.loginParams(message, LAUNCH_URL));
    expect(started.statusCode, started.body).toBe(302);
    const auth = await fetch(String(started.headers.location));
    const landed = await postForm(apiPath(LTI_PATHS.launch), formFields(await auth.text()).fields);
    expect(landed.statusCode, landed.body).toBe(303);
    const code = decodeURIComponent(String(landed.headers.location).split('#code=')[1] ?? '');
    const handed = await t.app.inject({
      method: 'POST',
      url: apiPath(LTI_PATHS.handoff),
      payload: { code },
    });
    const destination = handed.json<{ destination: { kind: string; launchId: string } }>()
      .destination;
    expect(destination.kind).toBe('deepLink');
    const picker = `/lti/deep-link/${destination.launchId}`;
    const before = await t.app.inject({ method: 'GET', url: picker });
    expect(before.statusCode).toBe(200);
    expect(framedBy(before.headers)).toEqual([new URL(lmsB.issuer).origin]);

    // The owner adds the LMS's own address; a path is refused by name.
    const url = apiPath(fillPath(LTI_PATHS.platform, { id: platformA }));
    const bad = await t.app.inject({
      method: 'PATCH',
      url,
      headers: owner.headers,
      payload: { deploymentIds: [lmsA.deploymentId], frameOrigins: ['https://x.example/path'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(M.platforms.frameOriginInvalid);
    const asTeacher = await t.app.inject({
      method: 'PATCH',
      url,
      headers: world.teacher.headers,
      payload: { deploymentIds: [lmsA.deploymentId], frameOrigins: [] },
    });
    expect(asTeacher.statusCode).toBe(403);
    const changed = await t.app.inject({
      method: 'PATCH',
      url,
      headers: owner.headers,
      payload: {
        deploymentIds: [lmsA.deploymentId, 'deployment-9'],
        frameOrigins: ['https://school-a2.example/', SCHOOL_HOST],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const platform = changed.json<TLtiPlatformResponse>().platform;
    expect(platform.frameOrigins).toEqual(['https://school-a2.example', SCHOOL_HOST]);
    expect(platform.deploymentIds).toEqual([lmsA.deploymentId, 'deployment-9']);
    const after = await t.app.inject({ method: 'GET', url: LTI_LAUNCH_PAGE });
    expect(framedBy(after.headers)).toContain('https://school-a2.example');
    // The picker of B's launch is not framed by A's new address.
    const picked = await t.app.inject({ method: 'GET', url: picker });
    expect(framedBy(picked.headers)).not.toContain('https://school-a2.example');
  });
});

describe('LTI Platform Storage', () => {
  it("keeps the state in the LMS's window and hands the launch on only after it is checked", async () => {
    const message = learner('storage-1', { storageTarget: '_parent' });
    const started = await initiate(lmsA.loginParams(message, LAUNCH_URL));
    expect(started.statusCode, started.body).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const login = pageData(started.body);
    const authUrl = new URL(login.next ?? '');
    const state = authUrl.searchParams.get('state') ?? '';
    // lti.put_data of the state, to the auth endpoint's origin and frame the LMS named.
    expect(login).toMatchObject({
      target: '_parent',
      origin: new URL(lmsA.authLoginUrl).origin,
      key: `state_${state}`,
      value: state,
    });
    expect(started.body).toContain("subject:'lti.put_data'");
    expect(String(started.headers['content-security-policy'])).toMatch(/script-src 'nonce-[^']+'/);

    const auth = await fetch(authUrl);
    const { fields } = formFields(await auth.text());
    expect(fields.lti_storage_target).toBe('_parent');
    const landed = await postForm(apiPath(LTI_PATHS.launch), fields);
    expect(landed.statusCode, landed.body).toBe(200);
    const launch = pageData(landed.body);
    expect(launch).toMatchObject({
      target: '_parent',
      origin: new URL(lmsA.authLoginUrl).origin,
      key: `state_${state}`,
      value: state,
    });
    expect(landed.body).toContain("subject:'lti.get_data'");
    // The launch's code goes only with the page; it works once.
    expect(launch.next?.startsWith(`${APP_URL}${LTI_LAUNCH_PAGE}#code=`)).toBe(true);
    const code = decodeURIComponent(launch.next?.split('#code=')[1] ?? '');
    const handed = await t.app.inject({
      method: 'POST',
      url: apiPath(LTI_PATHS.handoff),
      payload: { code },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    // The page also carries the new-tab button, for an LMS that does not answer.
    expect(formFields(landed.body).action).toBe(apiPath(LTI_PATHS.relaunch));
    expect(formFields(landed.body).fields.code).toBeTruthy();
    // The state was spent: posting the launch again is refused.
    const again = await postForm(apiPath(LTI_PATHS.launch), fields);
    expect(again.statusCode).toBe(400);
  });

  it('over https, takes the storage check when the cookie did not come back, the cookie when it did', async () => {
    await overHttps(async (httpsLaunch) => {
      const message = learner('storage-2', { storageTarget: 'post_message_forwarding' });
      const started = await initiate(lmsA.loginParams(message, httpsLaunch));
      expect(started.statusCode).toBe(200);
      const cookie = String(started.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^stem_lti_/);
      const fields = await signedFor(lmsA, message, pageData(started.body).next ?? '', httpsLaunch);
      // In a frame whose browser dropped the cookie: the storage page, not a refusal.
      const framed = await postForm(apiPath(LTI_PATHS.launch), fields, {
        'sec-fetch-dest': 'iframe',
      });
      expect(framed.statusCode, framed.body).toBe(200);
      expect(pageData(framed.body).target).toBe('post_message_forwarding');

      const second = learner('storage-3', { storageTarget: '_parent' });
      const again = await initiate(lmsA.loginParams(second, httpsLaunch));
      const secondCookie = String(again.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      const secondFields = await signedFor(
        lmsA,
        second,
        pageData(again.body).next ?? '',
        httpsLaunch,
      );
      const withCookie = await postForm(apiPath(LTI_PATHS.launch), secondFields, {
        cookie: secondCookie,
      });
      expect(withCookie.statusCode, withCookie.body).toBe(303);
    });
  });

  it('ignores a storage target that is not a frame name', async () => {
    const started = await initiate(
      lmsA.loginParams(learner('storage-4', { storageTarget: '"><script>' }), LAUNCH_URL),
    );
    expect(started.statusCode).toBe(302);
  });

  it("goes by the login's offer: a launch naming a target its login did not gets no storage page", async () => {
    // As in a relaunch's new tab: the login had no frame to ask, the LMS's form still names one.
    const started = await initiate(lmsA.loginParams(learner('storage-5'), LAUNCH_URL));
    expect(started.statusCode).toBe(302);
    const auth = await fetch(String(started.headers.location));
    const { fields } = formFields(await auth.text());
    const landed = await postForm(apiPath(LTI_PATHS.launch), {
      ...fields,
      lti_storage_target: '_parent',
    });
    expect(landed.statusCode, landed.body).toBe(303);
  });
});

describe('a framed launch without cookie or storage', () => {
  it('signs no one in and continues in a new tab with a single-use code', async () => {
    await overHttps(async (httpsLaunch) => {
      const message = learner('newtab-1');
      const started = await initiate(lmsA.loginParams(message, httpsLaunch));
      expect(started.statusCode).toBe(302);
      const fields = await signedFor(lmsA, message, String(started.headers.location), httpsLaunch);
      const people = (await t.database.db.select().from(users)).length;
      const launches = (await t.database.db.select().from(ltiLaunches)).length;

      // Top level without the cookie: refused, the state kept (as before).
      const topLevel = await postForm(apiPath(LTI_PATHS.launch), fields, {
        'sec-fetch-dest': 'document',
      });
      expect(topLevel.statusCode).toBe(403);
      expect(topLevel.body).toContain(M.otherBrowser);

      // In the LMS's frame: the token is checked all the same, then the new-tab button.
      const framed = await postForm(apiPath(LTI_PATHS.launch), fields, {
        'sec-fetch-dest': 'iframe',
      });
      expect(framed.statusCode, framed.body).toBe(200);
      expect(framed.body).toContain(M.newTabButton);
      expect(framedBy(framed.headers)).toContain(SCHOOL_HOST);
      // Its form may go here and on to the LMS (the relaunch redirects there).
      expect(String(framed.headers['content-security-policy'])).toContain(
        `form-action 'self' ${new URL(lmsA.authLoginUrl).origin}`,
      );
      const { action, fields: button } = formFields(framed.body);
      expect(action).toBe(apiPath(LTI_PATHS.relaunch));
      expect(framed.body).toContain('target="_blank"');
      // Nothing signed in: no account, no launch, no code for the web app.
      expect(await t.database.db.select().from(users)).toHaveLength(people);
      expect(await t.database.db.select().from(ltiLaunches)).toHaveLength(launches);
      expect(framed.body).not.toContain('#code=');

      // The new tab: the code starts the LMS's login again, with a cookie of its own.
      const relaunched = await postForm(apiPath(LTI_PATHS.relaunch), { code: button.code ?? '' });
      expect(relaunched.statusCode, relaunched.body).toBe(302);
      const next = new URL(String(relaunched.headers.location));
      expect(next.origin + next.pathname).toBe(lmsA.authLoginUrl);
      expect(next.searchParams.get('login_hint')).toBe('newtab-1');
      expect(next.searchParams.get('state')).not.toBe(fields.state);
      const cookie = String(relaunched.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^stem_lti_/);
      // Once only.
      const twice = await postForm(apiPath(LTI_PATHS.relaunch), { code: button.code ?? '' });
      expect(twice.statusCode).toBe(400);
      expect(twice.body).toContain(M.relaunchInvalid);

      // The LMS answers the new tab's login; its cookie ties the launch: signed in.
      const finished = await postForm(
        apiPath(LTI_PATHS.launch),
        await signedFor(lmsA, message, next.href, httpsLaunch),
        { cookie, 'sec-fetch-dest': 'document' },
      );
      expect(finished.statusCode, finished.body).toBe(303);
      expect(String(finished.headers.location)).toContain(`${HTTPS_URL}${LTI_LAUNCH_PAGE}#code=`);
    });
  });

  it('refuses a new-tab code after its 5 minutes', async () => {
    await overHttps(async (httpsLaunch) => {
      const message = learner('newtab-2');
      const started = await initiate(lmsA.loginParams(message, httpsLaunch));
      const fields = await signedFor(lmsA, message, String(started.headers.location), httpsLaunch);
      const framed = await postForm(apiPath(LTI_PATHS.launch), fields, {
        'sec-fetch-dest': 'iframe',
      });
      const code = formFields(framed.body).fields.code ?? '';
      t.clock.advance(5 * 60 * 1000 + 1000);
      try {
        const late = await postForm(apiPath(LTI_PATHS.relaunch), { code });
        expect(late.statusCode).toBe(400);
        expect(late.body).toContain(M.relaunchInvalid);
      } finally {
        t.clock.reset();
      }
    });
  });
});
