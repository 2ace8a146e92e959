import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_PATHS,
  ZAccountExport,
  ZDeleteAccountRequest,
  ZDeleteAccountResponse,
} from '@stem/contract/account';
import { ZErrorResponse } from '@stem/contract/errors';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './account.service';

const tags = ['account'];
const security = [{ bearer: [] }];

/** A person's rights over their own data: a copy of it, and deleting the account. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  app.get(
    ACCOUNT_PATHS.data,
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        operationId: 'exportMyData',
        summary: 'Download everything held about the signed-in person (JSON)',
        security,
        response: {
          200: ZAccountExport,
          401: ZErrorResponse,
          404: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const data = await service.exportAccount(ctx, currentUser(request));
      const day = data.exportedAt.slice(0, 10);
      void reply.header(
        'content-disposition',
        `attachment; filename="stem-at-home-data-${day}.json"`,
      );
      void reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    ACCOUNT_PATHS.delete,
    {
      onRequest: app.authenticate,
      // The password is checked here, so attempts are limited like sign-in.
      config: { rateLimit: { max: 5, timeWindow: 15 * 60_000 } },
      schema: {
        tags,
        operationId: 'deleteMyAccount',
        summary: 'Delete the signed-in student or teacher and their work, after their password',
        security,
        body: ZDeleteAccountRequest,
        response: {
          200: ZDeleteAccountResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) => service.deleteOwnAccount(ctx, currentUser(request), request.body.password),
  );
};
