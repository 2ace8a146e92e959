import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import {
  RELEASE_PATHS,
  ZClassMarkingResponse,
  ZClassQuestionParams,
  ZQuestionMarkingResponse,
  ZReleaseResponse,
  ZUpdateQuestionMarkingRequest,
} from '@stem/contract/regrades';
import { ZClassIdParam } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './release.service';

const security = [{ bearer: [] }];
const invalidOrMissing = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

/**
 * Issue 27: per class and question, whether marks reach students at once or when the teacher
 * releases them, the release itself, and the deadline for re-mark requests. The class's teacher only.
 */
export const releaseRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const teacherOnly = app.requireRole('teacher');

  app.get(
    RELEASE_PATHS.classMarking,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'getClassMarking',
        tags: ['classes'],
        summary:
          "Each question of the teacher's class: release mode, marks waiting for release, re-mark deadline and open requests",
        security,
        params: ZClassIdParam,
        response: { 200: ZClassMarkingResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        questions: await service.getClassMarking(
          ctx.db,
          currentUser(request),
          request.params.classId,
        ),
      },
    }),
  );

  app.patch(
    RELEASE_PATHS.questionMarking,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'updateClassQuestionMarking',
        tags: ['classes'],
        summary:
          "A question's release mode ('instant' or 'on_release') and re-mark deadline in the teacher's class; back to 'instant' releases what waits",
        security,
        params: ZClassQuestionParams,
        body: ZUpdateQuestionMarkingRequest,
        response: { 200: ZQuestionMarkingResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.release.saved,
      data: await service.updateQuestionMarking(
        ctx,
        currentUser(request),
        request.params,
        request.body,
      ),
    }),
  );

  app.post(
    RELEASE_PATHS.release,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'releaseClassQuestionMarks',
        tags: ['classes'],
        summary:
          "Releases every mark of this question in the teacher's class that waits for the release to its student",
        security,
        params: ZClassQuestionParams,
        response: { 200: ZReleaseResponse, ...invalidOrMissing },
      },
    },
    async (request) => {
      const result = await service.releaseMarks(ctx, currentUser(request), request.params);
      return {
        success: true as const,
        message: MESSAGES.release.released(result.released),
        data: result,
      };
    },
  );
};
