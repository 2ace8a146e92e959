import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TRIAL_LIMIT_PATHS } from '@stem/contract/api';
import { ZErrorResponse } from '@stem/contract/errors';
import { isValidSchoolCode } from '@stem/contract/school-code';
import {
  TRIAL_LIMIT_TYPES,
  ZTrialValidateResponse,
  type TTrialLimitType,
} from '@stem/contract/teaching';
import { ZTrialCodeValidation } from '@stem/contract/trial';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { validateTrialCode } from '../trials/trials.service';
import { validateTrialLimit } from './trial-limits.service';

const isLimitType = (value: string): value is TTrialLimitType =>
  (TRIAL_LIMIT_TYPES as readonly string[]).includes(value);

/**
 * One path, two calls of spec 01 §7 that share it: `GET /trial/validate/{limitType}` (classes or
 * questions: may the signed-in trial teacher create one more?) and `GET /trial/validate/{code}` (a
 * 16-character school code: public, is it a trial that can still be registered with?).
 */
const ZValidateParam = z.object({
  limitType: z
    .string()
    .trim()
    .refine((value) => isLimitType(value) || isValidSchoolCode(value), {
      message: "limitType must be 'classes' or 'questions' (or a 16-character school code)",
    }),
});

/** The trial teacher's class and question limits (spec 01 §7 and §9, spec 02 §4). */
export const trialLimitRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const requireTeacher = app.requireRole('teacher');
  app.get(
    TRIAL_LIMIT_PATHS.validate,
    {
      // A limit type needs a signed-in teacher; a school code is public.
      onRequest: async (request: FastifyRequest) => {
        const { limitType } = request.params as { limitType?: string };
        if (limitType !== undefined && isLimitType(limitType)) await requireTeacher(request);
      },
      schema: {
        tags: ['trial'],
        operationId: 'validateTrial',
        summary:
          'classes or questions: may the teacher create one more (trial 3 of each)? A 16-character code: is it a trial that can be registered with (public)?',
        security: [{ bearer: [] }, {}],
        params: ZValidateParam,
        response: {
          200: z.union([ZTrialValidateResponse, ZTrialCodeValidation]),
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const { limitType } = request.params;
      if (isLimitType(limitType)) {
        return validateTrialLimit(ctx.db, currentUser(request), limitType, ctx.now());
      }
      return validateTrialCode(ctx, limitType);
    },
  );
};
