import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import {
  PAYMENT_EXTRA_PATHS,
  ZCancelSubscriptionResponse,
  ZPaymentHistoryResponse,
  ZPlansResponse,
  ZPortalSessionRequest,
  ZPortalSessionResponse,
  ZSubscriptionResponse,
  ZTrialUpgradeRequest,
  ZVerifyQuery,
  ZVerifyResponse,
} from '@stem/contract/payments';
import {
  PAYMENT_PATHS,
  TRIAL_PATHS,
  ZAuthenticatedCheckoutRequest,
  ZCheckoutRequest,
  ZCheckoutResponse,
} from '@stem/contract/trial';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { applyPaymentEvent } from './payments.events';
import {
  cancelSubscription,
  createAuthenticatedCheckout,
  createPortalSession,
  createPublicCheckout,
  getPaymentHistory,
  getPlans,
  getSubscription,
  receiveWebhook,
  upgradeTrial,
  verifyCheckout,
} from './payments.service';

const tags = ['payments'];
const bearer = [{ bearer: [] }];
const publicLimit = { max: 20, timeWindow: 60_000 };

/** Plans and payments (spec 01 §7 payment calls, issue 9 and issue 18). */
export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  app.get(
    PAYMENT_EXTRA_PATHS.plans,
    {
      schema: {
        tags,
        operationId: 'getPlans',
        summary: 'What is on sale: the Classroom switch and the introductory offer',
        security: [],
        response: { 200: ZPlansResponse, 400: ZErrorResponse },
      },
    },
    async () => getPlans(ctx),
  );

  app.post(
    PAYMENT_PATHS.createCheckout,
    {
      schema: {
        tags,
        operationId: 'createCheckout',
        summary:
          "Start a checkout for a plan (public: the landing page Buy button; allowTrialUpgrade needs the trial's signed-in teacher)",
        security: [],
        body: ZCheckoutRequest,
        response: {
          200: ZCheckoutResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
      config: { rateLimit: publicLimit },
    },
    async (request) =>
      // The caller's token is read only for allowTrialUpgrade (the landing page's Buy sends none).
      createPublicCheckout(ctx, request.body, async () => {
        if (!request.headers.authorization) {
          throw new AppError('UNAUTHENTICATED', MESSAGES.payments.trialUpgradeSignIn);
        }
        await app.authenticate(request);
        return currentUser(request);
      }),
  );

  app.post(
    PAYMENT_PATHS.createAuthenticatedCheckout,
    {
      onRequest: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        operationId: 'createAuthenticatedCheckout',
        summary: "Start a checkout for the signed-in user's school",
        security: bearer,
        body: ZAuthenticatedCheckoutRequest,
        response: {
          200: ZCheckoutResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) => createAuthenticatedCheckout(ctx, currentUser(request), request.body),
  );

  app.post(
    TRIAL_PATHS.upgrade,
    {
      onRequest: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        operationId: 'upgradeTrial',
        summary: 'Upgrade the trial school in place: a checkout whose payment changes its plan',
        security: bearer,
        body: ZTrialUpgradeRequest,
        response: {
          200: ZCheckoutResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) => upgradeTrial(ctx, currentUser(request), request.body),
  );

  app.post(
    PAYMENT_PATHS.createPortalSession,
    {
      onRequest: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        operationId: 'createPortalSession',
        summary: "Open the payment provider's billing portal (card, invoices, cancelling)",
        security: bearer,
        body: ZPortalSessionRequest,
        response: {
          200: ZPortalSessionResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) => createPortalSession(ctx, currentUser(request), request.body.returnUrl),
  );

  app.get(
    PAYMENT_PATHS.subscription,
    {
      onRequest: app.requireRole('teacher', 'admin', 'owner'),
      schema: {
        tags,
        operationId: 'getSubscription',
        summary: "The school's plan and subscription",
        security: bearer,
        response: { 200: ZSubscriptionResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => getSubscription(ctx, currentUser(request)),
  );

  app.post(
    PAYMENT_PATHS.cancelSubscription,
    {
      onRequest: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        operationId: 'cancelSubscription',
        summary: 'Cancel the subscription at the end of the current billing period',
        security: bearer,
        response: {
          200: ZCancelSubscriptionResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) => cancelSubscription(ctx, currentUser(request)),
  );

  app.get(
    PAYMENT_PATHS.history,
    {
      onRequest: app.requireRole('teacher', 'admin', 'owner'),
      schema: {
        tags,
        operationId: 'getPaymentHistory',
        summary: "The school's payments, newest first",
        security: bearer,
        response: { 200: ZPaymentHistoryResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => getPaymentHistory(ctx, currentUser(request)),
  );

  app.get(
    PAYMENT_PATHS.verify,
    {
      schema: {
        tags,
        operationId: 'verifyCheckout',
        summary: 'How a checkout ended, as the webhook recorded it (grants nothing)',
        security: [],
        querystring: ZVerifyQuery,
        response: { 200: ZVerifyResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request) => verifyCheckout(ctx, request.query.session_id),
  );

  // The webhook reads the raw bytes: the signature is over them exactly.
  await app.register(async (raw: FastifyInstance) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    raw.withTypeProvider<ZodTypeProvider>().post(
      PAYMENT_PATHS.webhook,
      {
        schema: {
          tags,
          operationId: 'receivePaymentWebhook',
          summary: "The payment provider's signed events (Stripe webhook)",
          security: [],
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            400: ZErrorResponse,
            404: ZErrorResponse,
            500: ZErrorResponse,
          },
        },
        bodyLimit: 1_048_576,
      },
      async (request) => {
        const body = request.body;
        const rawBody = Buffer.isBuffer(body) ? body : Buffer.from('');
        const signature = request.headers['stripe-signature'];
        const result = await receiveWebhook(
          ctx,
          rawBody,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const, duplicate: result === 'duplicate' };
      },
    );
  });

  // The local test provider's own pages (nothing is registered with Stripe keys).
  const registerProviderRoutes = ctx.payments.registerRoutes;
  if (registerProviderRoutes) {
    await app.register(async (pages: FastifyInstance) => {
      registerProviderRoutes.call(ctx.payments, pages, (event) => applyPaymentEvent(ctx, event));
    });
  }
};
