import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE } from '@stem/contract/api';
import { ZErrorResponse } from '@stem/contract/errors';
import {
  OIDC_PATHS,
  ZOidcCallbackRequest,
  ZOidcCallbackResponse,
  ZOidcProviderParam,
  ZOidcProvidersResponse,
} from '@stem/contract/oidc';
import { z } from 'zod';
import type { TAppContext } from '../../context';
import { cookieValue } from '../auth/auth.client-limit';
import { configuredProvider, finishSignIn, listProviders, startSignIn } from './oidc.service';

const tags = ['auth'];
const noToken: { bearer: string[] }[] = [];
/** Ties a started sign-in to the browser that started it (its value's hash is kept with the state). */
const BROWSER_COOKIE = 'stem_oidc';
const COOKIE_PATH = `${API_BASE}/auth/oidc`;

/** Google / Microsoft sign-in (issue 29), beside the spec's own sign-in; off unless configured. */
export const oidcRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const secure = ctx.config.appUrl.startsWith('https://') ? '; Secure' : '';

  app.get(
    OIDC_PATHS.providers,
    {
      schema: {
        operationId: 'listOidcProviders',
        tags,
        security: noToken,
        summary: 'The Google / Microsoft sign-in providers the operator turned on (may be none)',
        response: { 200: ZOidcProvidersResponse, 429: ZErrorResponse },
      },
    },
    async () => ({ success: true as const, providers: listProviders(ctx) }),
  );

  app.get(
    OIDC_PATHS.start,
    {
      schema: {
        operationId: 'startOidcSignIn',
        tags,
        security: noToken,
        summary:
          'Start signing in with a provider: redirects to it (state, nonce and PKCE kept server-side for 10 minutes)',
        params: ZOidcProviderParam,
        response: {
          302: z.null().describe('To the provider'),
          404: ZErrorResponse,
          429: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
      // Each start stores a row: an address may start a few sign-ins a minute, not thousands.
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const provider = configuredProvider(ctx, request.params.provider);
      const { redirectTo, browser } = await startSignIn(ctx, provider);
      return reply
        .header(
          'set-cookie',
          `${BROWSER_COOKIE}=${browser}; Path=${COOKIE_PATH}; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
        )
        .header('cache-control', 'no-store')
        .redirect(redirectTo, 302);
    },
  );

  app.post(
    OIDC_PATHS.callback,
    {
      schema: {
        operationId: 'finishOidcSignIn',
        tags,
        security: noToken,
        summary:
          "Finish signing in with a provider: the callback page's query string; a session, or a pending link to complete with the password",
        body: ZOidcCallbackRequest,
        response: {
          200: ZOidcCallbackResponse,
          400: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const browser = cookieValue(request.headers.cookie, BROWSER_COOKIE);
      // The cookie has done its work whatever the outcome.
      void reply.header(
        'set-cookie',
        `${BROWSER_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
      );
      return finishSignIn(ctx, request.body.search, browser);
    },
  );
};
