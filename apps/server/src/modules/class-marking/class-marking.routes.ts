import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLASS_MARKING_PATHS,
  ZAnonymousQuery,
  ZClassQuestionAnswersResponse,
  ZFewFirstResponse,
} from '@stem/contract/class-marking';
import { ZErrorResponse } from '@stem/contract/errors';
import { ZClassQuestionParams } from '@stem/contract/regrades';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './class-marking.service';

const security = [{ bearer: [] }];

/**
 * Issue 27: one question marked across a class. The screen reads every student's latest answer here;
 * its accept and override go through PATCH/POST /submissions/{id}/answers/{answerId}(/reviewed).
 */
export const classMarkingRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    CLASS_MARKING_PATHS.answers,
    {
      onRequest: app.requireRole('teacher', 'admin'),
      schema: {
        operationId: 'listClassQuestionAnswers',
        tags: ['classes'],
        summary:
          "Every student of the class with their latest answer to the question, its mark, the teacher's review and whether it is held (the class's teacher or the school's admin)",
        security,
        params: ZClassQuestionParams,
        querystring: ZAnonymousQuery,
        response: {
          200: ZClassQuestionAnswersResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getClassQuestionAnswers(
        ctx.db,
        currentUser(request),
        request.params,
        service.namingOf(ctx, request.query),
      ),
    }),
  );

  app.get(
    CLASS_MARKING_PATHS.fewFirst,
    {
      onRequest: app.requireRole('teacher', 'admin'),
      schema: {
        operationId: 'proposeFewFirst',
        tags: ['classes'],
        summary:
          'Test on a few first: the few answers the marker proposes the teacher marks before it marks the rest (one of each of the biggest groups and the least sure; never a reviewed answer)',
        security,
        params: ZClassQuestionParams,
        response: {
          200: ZFewFirstResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getFewFirst(ctx.db, currentUser(request), request.params),
    }),
  );
};
