import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import {
  REGRADE_PATHS,
  ZRegradeAnswerParams,
  ZRegradeIdParam,
  ZRegradeListQuery,
  ZRegradeListResponse,
  ZRegradeReplyBody,
  ZRegradeRequestBody,
  ZRegradeRequestResponse,
  ZSubmissionRegrades,
} from '@stem/contract/regrades';
import { ZSubmissionIdParam } from '@stem/contract/submissions';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './regrades.service';

const security = [{ bearer: [] }];
const invalidOrMissing = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

/** Issue 27: a student's request for a re-mark of an answer, and the teacher's list and reply. */
export const regradeRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  app.post(
    REGRADE_PATHS.request,
    {
      onRequest: app.requireRole('student'),
      schema: {
        operationId: 'requestRegrade',
        tags: ['submissions'],
        summary:
          'The student asks once for a re-mark of an answer of their own whose mark they can see, with a reason (up to 500 characters), before the deadline',
        security,
        params: ZRegradeAnswerParams,
        body: ZRegradeRequestBody,
        response: { 201: ZRegradeRequestResponse, ...invalidOrMissing, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const data = await service.requestRegrade(
        ctx,
        currentUser(request),
        request.params,
        request.body,
      );
      return reply
        .code(201)
        .send({ success: true as const, message: MESSAGES.regrades.sent, data });
    },
  );

  app.get(
    REGRADE_PATHS.ofSubmission,
    {
      onRequest: app.requireRole('student', 'teacher', 'admin'),
      schema: {
        operationId: 'getSubmissionRegrades',
        tags: ['submissions'],
        summary:
          "A submission's re-mark requests and, for its student, which answers may still ask and until when",
        security,
        params: ZSubmissionIdParam,
        response: { 200: ZSubmissionRegrades, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getSubmissionRegrades(
        ctx.db,
        currentUser(request),
        request.params.id,
        ctx.now(),
      ),
    }),
  );

  app.get(
    REGRADE_PATHS.list,
    {
      onRequest: app.requireRole('teacher'),
      schema: {
        operationId: 'listRegradeRequests',
        tags: ['submissions'],
        summary:
          "The teacher's re-mark requests, open ones first (status=all adds the answered ones), with the open count",
        security,
        querystring: ZRegradeListQuery,
        response: { 200: ZRegradeListResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.listRegrades(ctx.db, currentUser(request), request.query)),
    }),
  );

  app.post(
    REGRADE_PATHS.reply,
    {
      onRequest: app.requireRole('teacher', 'admin'),
      schema: {
        operationId: 'replyToRegradeRequest',
        tags: ['submissions'],
        summary:
          'The teacher answers an open re-mark request with a reply, a new mark (0..marks), or both; the student is e-mailed',
        security,
        params: ZRegradeIdParam,
        body: ZRegradeReplyBody,
        response: { 200: ZRegradeRequestResponse, ...invalidOrMissing, 409: ZErrorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.regrades.replySent,
      data: await service.replyToRegrade(
        ctx,
        currentUser(request),
        request.params.requestId,
        request.body,
      ),
    }),
  );
};
