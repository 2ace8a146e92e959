import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE, AUTH_PATHS } from '@stem/contract/api';
import {
  ZEmailRequest,
  ZLoginRequest,
  ZLogoutRequest,
  ZMeResponse,
  ZRefreshRequest,
  ZRefreshResponse,
  ZRegisterRequest,
  ZSchoolDetailsResponse,
  ZSessionResponse,
  ZSetPasswordRequest,
  ZSuccessResponse,
  ZTokenRequest,
  ZValidateSchoolRequest,
  ZValidateSchoolResponse,
} from '@stem/contract/auth';
import { ZErrorResponse } from '@stem/contract/errors';
import { RATE_LIMITS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { ROSTER_PATHS, ZAcceptInvitationRequest } from '@stem/contract/roster';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { clientOf, createFailureCounter, newDeviceCookie } from './auth.client-limit';
import { drainDeliveries } from './auth.delivery';
import { verifyAgainstDummy } from './auth.passwords';
import { getSchoolDetails, register, validateSchoolCode } from './auth.registration';
import {
  acceptInvitation,
  confirmPasswordReset,
  getCurrentUser,
  login,
  logout,
  refreshSession,
  requestMagicLink,
  requestPasswordReset,
  verifyMagicLink,
} from './auth.service';

const tags = ['auth'];
const bearer = [{ bearer: [] }];
/** Public calls say so: no token needed. */
const noToken: { bearer: string[] }[] = [];

/**
 * Keyed by client address and e-mail: one address cannot hammer one account, and one attacker cannot
 * lock everybody out of an account by failing from elsewhere. Runs as a preHandler so the (validated,
 * lower-cased) body is available.
 */
function limitPerAddressAndEmail(limit: { max: number; windowMs: number }) {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { email?: unknown } | undefined;
      const email = typeof body?.email === 'string' ? body.email.toLowerCase() : '';
      return `${request.ip}|${email}`;
    },
  };
}

/** The accounts API of spec 01 §7 under /api/v1/stem@home/auth. */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  // Mails still being sent finish before the app (and its mailer) closes.
  app.addHook('onClose', async () => drainDeliveries(ctx));
  const loginFailures = createFailureCounter({
    redis: ctx.redis,
    prefix: `${ctx.config.jobs.queuePrefix}-rl:login-failures:`,
  });
  // Prepare the dummy hash now, so the first unknown-e-mail sign-in is not the slow one.
  void verifyAgainstDummy('warm-up');

  app.post(
    AUTH_PATHS.login,
    {
      schema: {
        operationId: 'login',
        tags,
        security: noToken,
        summary: 'Sign in with e-mail and password',
        body: ZLoginRequest,
        response: {
          200: ZSessionResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
      config: { rateLimit: limitPerAddressAndEmail(RATE_LIMITS.login) },
    },
    async (request, reply) => {
      // Failed sign-ins per client, whatever the e-mail (auth.client-limit.ts).
      const client = clientOf(ctx.config.jwtSecret, request);
      const wait = await loginFailures.blockedFor(client);
      if (wait > 0) {
        throw new AppError('RATE_LIMITED', MESSAGES.generic.rateLimited, {
          headers: { 'retry-after': String(wait) },
        });
      }
      try {
        const session = await login(ctx, request.body);
        if (!client.hasDevice) {
          void reply.header(
            'set-cookie',
            newDeviceCookie(
              ctx.config.jwtSecret,
              ctx.config.appUrl.startsWith('https://'),
              `${API_BASE}/auth`,
            ),
          );
        }
        return session;
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') {
          await loginFailures.fail(client);
        }
        throw error;
      }
    },
  );

  app.post(
    AUTH_PATHS.magicLink,
    {
      schema: {
        operationId: 'requestMagicLink',
        tags,
        security: noToken,
        summary: 'Mail a single-use sign-in link (same answer whether or not the e-mail exists)',
        body: ZEmailRequest,
        response: { 200: ZSuccessResponse, 429: ZErrorResponse },
      },
      config: { rateLimit: limitPerAddressAndEmail(RATE_LIMITS.magicLink) },
    },
    async (request) => requestMagicLink(ctx, request.body),
  );

  app.post(
    AUTH_PATHS.magicLinkVerify,
    {
      schema: {
        operationId: 'verifyMagicLink',
        tags,
        security: noToken,
        summary: 'Sign in with the token of a magic link',
        body: ZTokenRequest,
        response: { 200: ZSessionResponse, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => verifyMagicLink(ctx, request.body),
  );

  app.post(
    AUTH_PATHS.resetPassword,
    {
      schema: {
        operationId: 'requestPasswordReset',
        tags,
        security: noToken,
        summary: 'Mail a password-reset link (same answer whether or not the e-mail exists)',
        body: ZEmailRequest,
        response: { 200: ZSuccessResponse, 429: ZErrorResponse },
      },
      config: { rateLimit: limitPerAddressAndEmail(RATE_LIMITS.resetPassword) },
    },
    async (request) => requestPasswordReset(ctx, request.body),
  );

  for (const [path, operationId, summary] of [
    [AUTH_PATHS.updatePassword, 'updatePassword', 'Set a new password with a reset token'],
    [
      AUTH_PATHS.resetPasswordConfirm,
      'confirmPasswordReset',
      'Set a new password with a reset token (alias of update-password)',
    ],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          operationId,
          tags,
          security: noToken,
          summary,
          body: ZSetPasswordRequest,
          response: { 200: ZSuccessResponse, 400: ZErrorResponse },
        },
      },
      async (request) => confirmPasswordReset(ctx, request.body),
    );
  }

  app.post(
    ROSTER_PATHS.acceptInvitation,
    {
      schema: {
        operationId: 'acceptInvitation',
        tags,
        security: noToken,
        summary:
          'Choose a password with an invitation link (issue 29): valid 7 days, once; the 400 says whether it was used, expired or replaced',
        body: ZAcceptInvitationRequest,
        response: { 200: ZSuccessResponse, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => acceptInvitation(ctx, request.body),
  );

  app.post(
    AUTH_PATHS.register,
    {
      schema: {
        operationId: 'register',
        tags,
        security: noToken,
        summary: 'Register a student account with a school code',
        body: ZRegisterRequest,
        response: {
          201: ZSuccessResponse,
          400: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
      config: {
        rateLimit: { max: RATE_LIMITS.register.max, timeWindow: RATE_LIMITS.register.windowMs },
      },
    },
    async (request, reply) => reply.status(201).send(await register(ctx, request.body)),
  );

  app.post(
    AUTH_PATHS.validateSchool,
    {
      schema: {
        operationId: 'validateSchoolCode',
        tags,
        security: noToken,
        summary: 'Check a school code before registering',
        body: ZValidateSchoolRequest,
        response: { 200: ZValidateSchoolResponse, 400: ZErrorResponse },
      },
    },
    async (request) => validateSchoolCode(ctx, request.body.schoolCode),
  );

  app.get(
    AUTH_PATHS.schoolDetails,
    {
      schema: {
        operationId: 'getSchoolDetails',
        tags,
        summary: "The caller's school, with trial usage and limits",
        security: bearer,
        response: { 200: ZSchoolDetailsResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({
      success: true as const,
      data: await getSchoolDetails(ctx, currentUser(request)),
    }),
  );

  app.post(
    AUTH_PATHS.refresh,
    {
      schema: {
        operationId: 'refreshSession',
        tags,
        security: noToken,
        summary: 'Exchange a refresh token for new tokens (rotation; reuse revokes the session)',
        body: ZRefreshRequest,
        response: { 200: ZRefreshResponse, 401: ZErrorResponse },
      },
    },
    async (request) => refreshSession(ctx, request.body.refreshToken),
  );

  app.post(
    AUTH_PATHS.logout,
    {
      schema: {
        operationId: 'logout',
        tags,
        security: noToken,
        summary: 'End the session of a refresh token',
        // A body-less POST arrives as null.
        body: ZLogoutRequest.nullish(),
        response: { 200: ZSuccessResponse, 400: ZErrorResponse },
      },
    },
    async (request) => logout(ctx, request.body?.refreshToken),
  );

  app.get(
    AUTH_PATHS.me,
    {
      schema: {
        operationId: 'getCurrentUser',
        tags,
        summary: "The caller's stored-user record",
        security: bearer,
        response: { 200: ZMeResponse, 401: ZErrorResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({
      success: true as const,
      user: await getCurrentUser(ctx, currentUser(request)),
    }),
  );
};
