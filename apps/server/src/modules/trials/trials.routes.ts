import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { RATE_LIMITS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  TRIAL_PATHS,
  ZEmailCheckRequest,
  ZEmailCheckResponse,
  ZEmailTrialQuery,
  ZEmailTrialResponse,
  ZTrialCodeParam,
  ZTrialCreateRequest,
  ZTrialCreateResponse,
  ZTrialStatusResponse,
} from '@stem/contract/trial';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import {
  checkEmail,
  createTrial,
  getTrialStatus,
  getTrialStatusByCode,
  sendTrialLink,
} from './trials.service';

const tags = ['trial'];

/** Trial creation, status, the e-mail check and the trial sign-up link (spec 01 §4 and §7; issue 18). */
export const trialRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  app.post(
    TRIAL_PATHS.create,
    {
      schema: {
        tags,
        operationId: 'createTrial',
        summary: 'Start a 14-day trial school (public; rate-limited per client address)',
        security: [],
        body: ZTrialCreateRequest.nullish(),
        response: {
          201: ZTrialCreateResponse,
          400: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
      config: {
        rateLimit: {
          max: RATE_LIMITS.trialCreate.max,
          timeWindow: RATE_LIMITS.trialCreate.windowMs,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTrial(ctx, request.body ?? undefined)),
  );

  app.get(
    TRIAL_PATHS.status,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'getTrialStatus',
        summary: "The caller's school: trial days left, usage and limits",
        security: [{ bearer: [] }],
        response: { 200: ZTrialStatusResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getTrialStatus(ctx, currentUser(request)),
    }),
  );

  app.get(
    TRIAL_PATHS.statusBySchool,
    {
      schema: {
        tags,
        operationId: 'getTrialStatusBySchoolCode',
        summary: 'Trial status of the school with this code (public: the code is the secret)',
        security: [],
        params: ZTrialCodeParam,
        response: { 200: ZTrialStatusResponse, 404: ZErrorResponse, 429: ZErrorResponse },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request) => ({
      success: true as const,
      data: await getTrialStatusByCode(ctx, request.params.schoolCode),
    }),
  );

  app.post(
    TRIAL_PATHS.checkEmail,
    {
      schema: {
        tags,
        operationId: 'checkTrialEmail',
        summary: 'Whether an e-mail address already has an account (before a trial or purchase)',
        security: [],
        body: ZEmailCheckRequest,
        response: { 200: ZEmailCheckResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
      config: {
        rateLimit: { max: RATE_LIMITS.checkEmail.max, timeWindow: RATE_LIMITS.checkEmail.windowMs },
      },
    },
    async (request) => checkEmail(ctx, request.body.email),
  );

  const emailOf = (request: FastifyRequest) => {
    const query = request.query as { email?: unknown } | undefined;
    return typeof query?.email === 'string' ? query.email.trim().toLowerCase() : '';
  };
  const perAddress = app.createRateLimit({
    max: RATE_LIMITS.emailTrialPerAddress.max,
    timeWindow: RATE_LIMITS.emailTrialPerAddress.windowMs,
    keyGenerator: (request) => `email-trial-address|${emailOf(request)}`,
  });
  app.get(
    TRIAL_PATHS.emailTrial,
    {
      schema: {
        tags,
        operationId: 'sendTrialSignupLink',
        summary:
          'E-mail a signed trial sign-up link (valid 24 h); rate-limited per address and per client',
        security: [],
        querystring: ZEmailTrialQuery.extend({ code: z.string().trim().max(64).optional() }),
        response: {
          200: ZEmailTrialResponse,
          400: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
      config: {
        rateLimit: {
          max: RATE_LIMITS.emailTrialPerClient.max,
          timeWindow: RATE_LIMITS.emailTrialPerClient.windowMs,
        },
      },
      // Per address as well (a route takes one rate-limit config, so this one is checked here).
      preHandler: async (request) => {
        const result = await perAddress(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError('RATE_LIMITED', MESSAGES.generic.rateLimited, {
            headers: { 'retry-after': String(result.ttlInSeconds) },
          });
        }
      },
    },
    async (request) => sendTrialLink(ctx, request.query.email, request.query.code),
  );
};
