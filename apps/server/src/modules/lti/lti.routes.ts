import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@stem/contract/messages';
import { API_BASE } from '@stem/contract/api';
import { ZErrorResponse } from '@stem/contract/errors';
import {
  LTI_PATHS,
  ZCreateLtiPlatformRequest,
  ZLtiClassLinksResponse,
  ZLtiClassParam,
  ZLtiClassQuestionParams,
  ZLtiClassTestParams,
  ZLtiDeepLinkOptions,
  ZLtiDeepLinkRequest,
  ZLtiDeepLinkResponse,
  ZLtiHandoffRequest,
  ZLtiHandoffResponse,
  ZLtiLaunchForm,
  ZLtiLaunchIdParam,
  ZLtiLoginParams,
  ZLtiPlatformResponse,
  ZLtiPlatformsResponse,
  ZLtiRelaunchForm,
  ZLtiRosterResponse,
  ZLtiScoresResponse,
  ZLtiTicketQuery,
  ZUpdateLtiPlatformRequest,
  type TLtiLoginParams,
} from '@stem/contract/lti';
import { ZIdParam, ZMessageResponse } from '@stem/contract/owner';
import { z } from 'zod';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import * as course from './lti.course.service';
import { launchStoragePage, loginStoragePage, relaunchPage } from './lti.frame-pages';
import { allFrameOrigins, frameOriginsOfLaunch } from './lti.frames';
import { toolJwks } from './lti.keys';
import * as launch from './lti.launch.service';
import { deepLinkReturnPage, refusalPage, sendPage } from './lti.pages';
import * as platforms from './lti.platforms.service';

const tags = ['lti'];
const noToken: { bearer: string[] }[] = [];
const security = [{ bearer: [] }];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const html = z.string().describe('An HTML page');
/** A browser gets a page naming the refusal; another client the API's JSON error. */
const pageOrError = z.union([ZErrorResponse, html]);
const pageErrors = {
  400: pageOrError,
  401: pageOrError,
  403: pageOrError,
  404: pageOrError,
  429: ZErrorResponse,
};

/**
 * The LTI 1.3 tool (issue 29). The LMS-facing endpoints (key set, login initiation, launch, the deep
 * linking return page) are public and answer a refusal with an HTML page naming it; the web app's
 * calls (hand-off, deep linking choice, a class's LMS actions) and the owner's registrations are
 * JSON like the rest of the API.
 */
export const ltiRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  // The LMS posts ordinary HTML forms (login initiation, launch).
  acceptFormPosts(app);
  const owner = app.requireRole('owner');
  const teacher = app.requireRole('teacher');

  /**
   * Runs an LMS-facing step; for a browser (it accepts text/html) a refusal becomes an HTML page with
   * its status, for any other client the API's usual JSON error. A refusal is text only: any
   * registered LMS may show it in its frame.
   */
  async function asPage(request: FastifyRequest, reply: FastifyReply, step: () => Promise<void>) {
    try {
      await step();
    } catch (err) {
      const browser = (request.headers.accept ?? '').includes('text/html');
      if (!browser || !(err instanceof AppError) || err.status >= 500) throw err;
      return sendPage(
        reply.status(err.status),
        refusalPage(err.message, await allFrameOrigins(ctx.db)),
      );
    }
    return reply;
  }

  app.get(
    LTI_PATHS.jwks,
    {
      schema: {
        operationId: 'getLtiJwks',
        tags,
        security: noToken,
        summary: "The tool's public key set (JWKS) the LMS checks its messages with",
        response: {
          200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
          429: ZErrorResponse,
        },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return toolJwks(ctx);
    },
  );

  /**
   * A started login goes to the LMS's authentication endpoint: by a redirect, or, when the LMS
   * offers Platform Storage, by a page that first asks it to keep the state (framed by that LMS).
   */
  function sendLoginStart(reply: FastifyReply, started: launch.TLoginStart) {
    if (launch.bindsLaunchToBrowser(ctx)) {
      void reply.header(
        'set-cookie',
        `${launch.launchCookieName(started.state)}=1; Path=${API_BASE}${LTI_PATHS.launch}; Max-Age=600; HttpOnly; Secure; SameSite=None`,
      );
    }
    if (started.storage) {
      const { target, origin } = started.storage;
      return sendPage(
        reply,
        loginStoragePage(
          { authUrl: started.to, target, origin, state: started.state },
          started.framedBy,
        ),
      );
    }
    return reply.header('cache-control', 'no-store').redirect(started.to, 302);
  }

  const login = async (params: TLtiLoginParams, request: FastifyRequest, reply: FastifyReply) =>
    asPage(request, reply, async () => {
      await sendLoginStart(reply, await launch.startLaunch(ctx, params));
    });
  const loginSchema = {
    tags,
    security: noToken,
    summary:
      'OIDC third-party login initiation from the LMS: keeps a state and nonce (10 minutes, once) and redirects to its authentication endpoint (with LTI Platform Storage: a page that first asks the LMS to keep the state)',
    response: { 200: html, 302: z.null().describe('To the LMS'), ...pageErrors },
  };
  // Each start stores a row: an address may start a few launches a minute, not thousands.
  const loginLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };
  app.get(
    LTI_PATHS.login,
    {
      schema: { ...loginSchema, operationId: 'startLtiLogin', querystring: ZLtiLoginParams },
      config: loginLimit,
    },
    async (request, reply) => login(request.query, request, reply),
  );
  app.post(
    LTI_PATHS.login,
    {
      schema: { ...loginSchema, operationId: 'startLtiLoginByPost', body: ZLtiLoginParams },
      config: loginLimit,
    },
    async (request, reply) => login(request.body, request, reply),
  );

  app.post(
    LTI_PATHS.launch,
    {
      schema: {
        operationId: 'finishLtiLaunch',
        tags,
        security: noToken,
        summary:
          "The LMS's launch (form post of id_token and state): the token is checked against the LMS's keys, then the browser goes to the web app with a single-use code (in the LMS's frame: a page that checks the state kept in the LMS's storage, or offers a new tab)",
        body: ZLtiLaunchForm,
        response: { 200: html, 303: z.null().describe('To the web app'), ...pageErrors },
      },
      config: loginLimit,
    },
    async (request, reply) =>
      asPage(request, reply, async () => {
        if (request.body.error) {
          // The LMS's own words when it gave any (an empty description says nothing).
          const said = request.body.error_description?.trim() || request.body.error.trim();
          throw new AppError('BAD_REQUEST', MESSAGES.lti.lmsRefused(said));
        }
        const outcome = await launch.finishLaunch(ctx, request.body, {
          cookies: cookieNames(request),
          framed: request.headers['sec-fetch-dest'] === 'iframe',
        });
        if (outcome.kind === 'storage') {
          await sendPage(reply, launchStoragePage(outcome.page, outcome.framedBy));
        } else if (outcome.kind === 'relaunch') {
          await sendPage(reply, relaunchPage(outcome, outcome.framedBy));
        } else {
          void reply.header('cache-control', 'no-store').redirect(outcome.to, 303);
        }
      }),
  );

  app.post(
    LTI_PATHS.relaunch,
    {
      schema: {
        operationId: 'relaunchLti',
        tags,
        security: noToken,
        summary:
          "A framed launch's new-tab button: spends its single-use code (5 minutes) and starts the LMS's login again in this tab",
        body: ZLtiRelaunchForm,
        response: { 200: html, 302: z.null().describe('To the LMS'), ...pageErrors },
      },
      config: loginLimit,
    },
    async (request, reply) =>
      asPage(request, reply, async () => {
        await sendLoginStart(reply, await launch.relaunch(ctx, request.body.code));
      }),
  );

  app.post(
    LTI_PATHS.handoff,
    {
      schema: {
        operationId: 'finishLtiHandoff',
        tags,
        security: noToken,
        summary: "The web app's launch page trades the launch's single-use code for a session",
        body: ZLtiHandoffRequest,
        response: { 200: ZLtiHandoffResponse, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => launch.handoff(ctx, request.body.code),
  );

  app.get(
    LTI_PATHS.deepLink,
    {
      onRequest: teacher,
      schema: {
        operationId: 'getLtiDeepLinkOptions',
        tags,
        security,
        summary:
          "A deep linking launch's choices: the teacher's classes with their questions and tests",
        params: ZLtiLaunchIdParam,
        response: { 200: ZLtiDeepLinkOptions, 400: ZErrorResponse, 404: ZErrorResponse, ...denied },
      },
    },
    async (request) => launch.deepLinkOptions(ctx, currentUser(request), request.params.launchId),
  );

  app.post(
    LTI_PATHS.deepLink,
    {
      onRequest: teacher,
      schema: {
        operationId: 'chooseLtiDeepLink',
        tags,
        security,
        summary:
          "The teacher's choice for a deep linking launch; returns the page that posts the signed response to the LMS",
        params: ZLtiLaunchIdParam,
        body: ZLtiDeepLinkRequest,
        response: {
          200: ZLtiDeepLinkResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request) =>
      launch.chooseDeepLink(ctx, currentUser(request), request.params.launchId, request.body),
  );

  app.get(
    LTI_PATHS.deepLinkReturn,
    {
      schema: {
        operationId: 'returnLtiDeepLink',
        tags,
        security: noToken,
        summary:
          'Posts the signed LtiDeepLinkingResponse to the LMS (a page; its single-use ticket came from the choice)',
        params: ZLtiLaunchIdParam,
        querystring: ZLtiTicketQuery,
        response: { 200: html, ...pageErrors },
      },
    },
    async (request, reply) =>
      asPage(request, reply, async () => {
        const { returnUrl, jwt } = await launch.deepLinkReturn(
          ctx,
          request.params.launchId,
          request.query.ticket,
        );
        const framedBy = await frameOriginsOfLaunch(ctx.db, request.params.launchId);
        await sendPage(reply, deepLinkReturnPage(returnUrl, jwt, framedBy));
      }),
  );

  app.get(
    LTI_PATHS.classLinks,
    {
      onRequest: teacher,
      schema: {
        operationId: 'getLtiClassLinks',
        tags,
        security,
        summary: "A class's LMS courses, gradebook columns and each student's last sent mark",
        params: ZLtiClassParam,
        response: { 200: ZLtiClassLinksResponse, 404: ZErrorResponse, ...denied },
      },
    },
    async (request) => course.classLinks(ctx, currentUser(request), request.params.classId),
  );

  app.post(
    LTI_PATHS.classRoster,
    {
      onRequest: teacher,
      schema: {
        operationId: 'importLtiRoster',
        tags,
        security,
        summary:
          "Brings the linked course's learners into the class (Names and Role Provisioning Services; the plan's limits apply)",
        params: ZLtiClassParam,
        response: {
          200: ZLtiRosterResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          502: ZErrorResponse,
          503: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request) => course.importLmsRoster(ctx, currentUser(request), request.params.classId),
  );

  app.post(
    LTI_PATHS.classScores,
    {
      onRequest: teacher,
      schema: {
        operationId: 'sendLtiScores',
        tags,
        security,
        summary:
          "Sends a question's marks (those its students can see) to its gradebook columns (Assignment and Grade Services)",
        params: ZLtiClassQuestionParams,
        response: {
          200: ZLtiScoresResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          502: ZErrorResponse,
          503: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request) =>
      course.sendScores(
        ctx,
        currentUser(request),
        request.params.classId,
        request.params.questionId,
      ),
  );

  app.post(
    LTI_PATHS.classTestScores,
    {
      onRequest: teacher,
      schema: {
        operationId: 'sendLtiTestScores',
        tags,
        security,
        summary:
          "Sends each student's total of a test (the latest marks of its questions they can see) to its gradebook columns, out of the test's marks (Assignment and Grade Services)",
        params: ZLtiClassTestParams,
        response: {
          200: ZLtiScoresResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          502: ZErrorResponse,
          503: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request) =>
      course.sendTestScores(
        ctx,
        currentUser(request),
        request.params.classId,
        request.params.testId,
      ),
  );

  app.get(
    LTI_PATHS.platforms,
    {
      onRequest: owner,
      schema: {
        operationId: 'listLtiPlatforms',
        tags,
        security,
        summary: "The registered LMS platforms and the tool's addresses to give them",
        response: { 200: ZLtiPlatformsResponse, ...denied },
      },
    },
    async () => platforms.listPlatforms(ctx),
  );

  app.post(
    LTI_PATHS.platforms,
    {
      onRequest: owner,
      schema: {
        operationId: 'createLtiPlatform',
        tags,
        security,
        summary:
          'Registers an LMS platform for a school (issuer, client id, its URLs, deployments)',
        body: ZCreateLtiPlatformRequest,
        response: {
          201: ZLtiPlatformResponse,
          400: ZErrorResponse,
          409: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await platforms.createPlatform(ctx, currentUser(request), request.body)),
  );

  app.patch(
    LTI_PATHS.platform,
    {
      onRequest: owner,
      schema: {
        operationId: 'updateLtiPlatform',
        tags,
        security,
        summary:
          "Changes a registration's deployment ids and the extra origins that may frame its launches",
        params: ZIdParam,
        body: ZUpdateLtiPlatformRequest,
        response: {
          200: ZLtiPlatformResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request) =>
      platforms.updatePlatform(ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    LTI_PATHS.platform,
    {
      onRequest: owner,
      schema: {
        operationId: 'deleteLtiPlatform',
        tags,
        security,
        summary: 'Removes an LMS platform: its launches stop; accounts and marks stay',
        params: ZIdParam,
        response: { 200: ZMessageResponse, 404: ZErrorResponse, ...denied },
      },
    },
    async (request) => platforms.removePlatform(ctx, currentUser(request), request.params.id),
  );
};

/** Lets a plugin's routes take ordinary HTML form posts (the LMS's, and our own pages'). */
export function acceptFormPosts(app: FastifyInstance): void {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/** The names of the cookies the request carries (the launch's browser binding reads only names). */
function cookieNames(request: FastifyRequest): Set<string> {
  const header = request.headers.cookie ?? '';
  return new Set(
    header
      .split(';')
      .map((part) => part.split('=')[0]?.trim() ?? '')
      .filter((name) => name !== ''),
  );
}
