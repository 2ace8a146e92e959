import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import {
  LTI_PATHS,
  ZCreateLtiRegistrationLinkRequest,
  ZLtiRegisterForm,
  ZLtiRegisterQuery,
  ZLtiRegistrationLinkCreated,
  ZLtiRegistrationLinksResponse,
} from '@stem/contract/lti';
import { ZIdParam, ZMessageResponse } from '@stem/contract/owner';
import { z } from 'zod';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { originOf } from './lti.frames';
import { sendPage } from './lti.pages';
import { acceptFormPosts } from './lti.routes';
import { registeredPage, registerPage, registrationRefusedPage } from './lti.registration-pages';
import * as registration from './lti.registration.service';

const tags = ['lti'];
const noToken: { bearer: string[] }[] = [];
const security = [{ bearer: [] }];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const html = z.string().describe('An HTML page');
/** A browser gets a page naming the refusal; another client the API's JSON error. */
const pageOrError = z.union([ZErrorResponse, html]);
const pages = {
  200: html,
  400: pageOrError,
  409: pageOrError,
  429: ZErrorResponse,
  502: pageOrError,
};

/**
 * LTI Dynamic Registration (issue 29): the owner's single-use registration links (JSON, owner only)
 * and the public page the LMS opens with one (HTML, in the LMS admin's frame or window).
 */
export const ltiRegistrationRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  // The registration page's form is an ordinary HTML form.
  acceptFormPosts(app);
  const owner = app.requireRole('owner');
  const ownOrigin = originOf(ctx.config.appUrl);

  /**
   * Who may frame the registration pages: the LMS the configuration is read from, and the LMS page
   * that opened the link (Canvas's admin pages are on the school's host, its configuration on
   * canvas.instructure.com). Whoever holds a live link may register with it anyway, so framing
   * gives nothing more; everything else keeps out.
   */
  const framersOf = (configuration: string | undefined, opener: string | undefined) =>
    [originOf(configuration ?? ''), originOf(opener ?? '')].filter(
      (origin): origin is string => origin !== null && origin !== ownOrigin,
    );

  /**
   * Runs a registration step; for a browser (it accepts text/html) a refusal is a page with its
   * status (the LMS's failures too), for any other client the API's usual JSON error.
   */
  async function asRegistrationPage(
    request: FastifyRequest,
    reply: FastifyReply,
    framedBy: readonly string[],
    step: () => Promise<void>,
  ) {
    try {
      await step();
    } catch (err) {
      const browser = (request.headers.accept ?? '').includes('text/html');
      if (!browser || !(err instanceof AppError)) throw err;
      return sendPage(reply.status(err.status), registrationRefusedPage(err.message, framedBy));
    }
    return reply;
  }
  const pageLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

  app.get(
    LTI_PATHS.register,
    {
      schema: {
        operationId: 'openLtiRegistration',
        tags,
        security: noToken,
        summary:
          "LTI Dynamic Registration's initiation: the LMS opens the owner's single-use link with its openid_configuration (and registration_token); the page asks the LMS admin to register",
        querystring: ZLtiRegisterQuery,
        response: pages,
      },
      config: pageLimit,
    },
    async (request, reply) => {
      const referer = request.headers.referer;
      const opener = originOf(typeof referer === 'string' ? referer : '') ?? undefined;
      const framedBy = framersOf(request.query.openid_configuration, opener);
      return asRegistrationPage(request, reply, framedBy, async () => {
        const view = await registration.registrationView(ctx, request.query);
        const form = { ...request.query, ...(opener && opener !== ownOrigin ? { opener } : {}) };
        await sendPage(reply, registerPage({ ...view, form }, framedBy));
      });
    },
  );

  app.post(
    LTI_PATHS.register,
    {
      schema: {
        operationId: 'registerWithLti',
        tags,
        security: noToken,
        summary:
          "The LMS admin's Register: reads the LMS's OpenID configuration, registers the tool at its registration endpoint, stores the platform for the link's school and spends the link",
        body: ZLtiRegisterForm,
        response: pages,
      },
      config: pageLimit,
    },
    async (request, reply) => {
      const framedBy = framersOf(request.body.openid_configuration, request.body.opener);
      return asRegistrationPage(request, reply, framedBy, async () => {
        const done = await registration.register(ctx, request.body);
        await sendPage(reply, registeredPage(done, framedBy));
      });
    },
  );

  app.get(
    LTI_PATHS.registrationLinks,
    {
      onRequest: owner,
      schema: {
        operationId: 'listLtiRegistrationLinks',
        tags,
        security,
        summary: 'The newest registration links and what became of each',
        response: { 200: ZLtiRegistrationLinksResponse, ...denied },
      },
    },
    async () => registration.listRegistrationLinks(ctx),
  );

  app.post(
    LTI_PATHS.registrationLinks,
    {
      onRequest: owner,
      schema: {
        operationId: 'createLtiRegistrationLink',
        tags,
        security,
        summary:
          'Makes a single-use registration link (1 hour) for a school; its address is in this reply only',
        body: ZCreateLtiRegistrationLinkRequest,
        response: { 201: ZLtiRegistrationLinkCreated, 400: ZErrorResponse, ...denied },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await registration.createRegistrationLink(ctx, currentUser(request), request.body)),
  );

  app.delete(
    LTI_PATHS.registrationLink,
    {
      onRequest: owner,
      schema: {
        operationId: 'deleteLtiRegistrationLink',
        tags,
        security,
        summary: 'Withdraws a registration link (a platform it registered stays)',
        params: ZIdParam,
        response: { 200: ZMessageResponse, 404: ZErrorResponse, ...denied },
      },
    },
    async (request) => registration.removeRegistrationLink(ctx, request.params.id),
  );
};
