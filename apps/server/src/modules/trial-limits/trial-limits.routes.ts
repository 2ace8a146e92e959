import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TRIAL_LIMIT_PATHS } from '@stem/contract/api';
import { ZErrorResponse } from '@stem/contract/errors';
import { ZTrialLimitParam, ZTrialValidateResponse } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { validateTrialLimit } from './trial-limits.service';

/** The trial teacher's class and question limits (spec 01 §7 and §9, spec 02 §4). */
export const trialLimitRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    TRIAL_LIMIT_PATHS.validate,
    {
      onRequest: app.requireRole('teacher'),
      schema: {
        operationId: 'validateTrialLimit',
        tags: ['trial'],
        summary:
          'May the teacher create one more class or question? (trial: 3 of each; paid: no limit)',
        security: [{ bearer: [] }],
        params: ZTrialLimitParam,
        response: {
          200: ZTrialValidateResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
        },
      },
    },
    async (request) =>
      validateTrialLimit(ctx.db, currentUser(request), request.params.limitType, ctx.now()),
  );
};
