import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANSWER_GROUP_PATHS,
  ZAnswerGroupParams,
  ZAnswerGroupsResponse,
  ZMarkGroupRequest,
  ZMarkGroupResponse,
  ZMergeGroupRequest,
  ZMoveAnswerRequest,
  ZSplitGroupRequest,
} from '@stem/contract/answer-groups';
import { ZAnonymousQuery } from '@stem/contract/class-marking';
import { ZErrorResponse } from '@stem/contract/errors';
import { ZClassQuestionParams } from '@stem/contract/regrades';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { namingOf } from '../class-marking/class-marking.service';
import * as service from './answer-groups.service';

const security = [{ bearer: [] }];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/**
 * Issue 27, answer groups: a class's answers to one question in groups of similar answers, marked
 * a group at once; the teacher's splits, moves and merges are kept per class and question. The
 * class's teacher or the school's admin (as the marking screen).
 */
export const answerGroupRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const staff = app.requireRole('teacher', 'admin');

  app.get(
    ANSWER_GROUP_PATHS.groups,
    {
      onRequest: staff,
      schema: {
        operationId: 'listAnswerGroups',
        tags: ['classes'],
        summary:
          "The class's latest marked answers to the question in groups of similar answers, largest first, each with the marker's suggested mark",
        security,
        params: ZClassQuestionParams,
        querystring: ZAnonymousQuery,
        response: { 200: ZAnswerGroupsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getAnswerGroups(
        ctx.db,
        currentUser(request),
        request.params,
        namingOf(ctx, request.query),
      ),
    }),
  );

  app.post(
    ANSWER_GROUP_PATHS.mark,
    {
      onRequest: staff,
      schema: {
        operationId: 'markAnswerGroup',
        tags: ['classes'],
        summary:
          'Every answer of the group gets the mark (and the comment, when given), each reviewed as PATCH /submissions/{id}/answers/{answerId}, in one transaction',
        security,
        params: ZAnswerGroupParams,
        body: ZMarkGroupRequest,
        response: { 200: ZMarkGroupResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.markGroup(ctx, currentUser(request), request.params, request.body),
    }),
  );

  app.post(
    ANSWER_GROUP_PATHS.accept,
    {
      onRequest: staff,
      schema: {
        operationId: 'acceptAnswerGroup',
        tags: ['classes'],
        summary: "Every answer of the group gets the group's suggested mark",
        security,
        params: ZAnswerGroupParams,
        response: { 200: ZMarkGroupResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.acceptGroup(ctx, currentUser(request), request.params),
    }),
  );

  app.post(
    ANSWER_GROUP_PATHS.split,
    {
      onRequest: staff,
      schema: {
        operationId: 'splitAnswerGroup',
        tags: ['classes'],
        summary:
          'The chosen answers out into a new group, or (no answerIds) the group into its exact matches',
        security,
        params: ZAnswerGroupParams,
        body: ZSplitGroupRequest,
        querystring: ZAnonymousQuery,
        response: { 200: ZAnswerGroupsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.splitGroup(
        ctx,
        currentUser(request),
        request.params,
        request.body,
        namingOf(ctx, request.query),
      ),
    }),
  );

  app.post(
    ANSWER_GROUP_PATHS.merge,
    {
      onRequest: staff,
      schema: {
        operationId: 'mergeAnswerGroups',
        tags: ['classes'],
        summary: "The other group's answers (and new answers read like them) join this group",
        security,
        params: ZAnswerGroupParams,
        body: ZMergeGroupRequest,
        querystring: ZAnonymousQuery,
        response: { 200: ZAnswerGroupsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.mergeGroups(
        ctx,
        currentUser(request),
        request.params,
        request.body,
        namingOf(ctx, request.query),
      ),
    }),
  );

  app.post(
    ANSWER_GROUP_PATHS.move,
    {
      onRequest: staff,
      schema: {
        operationId: 'moveAnswerToGroup',
        tags: ['classes'],
        summary: 'An answer to another group, or (toGroupId null) to a group of its own',
        security,
        params: ZClassQuestionParams,
        body: ZMoveAnswerRequest,
        querystring: ZAnonymousQuery,
        response: { 200: ZAnswerGroupsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.moveAnswer(
        ctx,
        currentUser(request),
        request.params,
        request.body,
        namingOf(ctx, request.query),
      ),
    }),
  );

  app.post(
    ANSWER_GROUP_PATHS.reset,
    {
      onRequest: staff,
      schema: {
        operationId: 'resetAnswerGroups',
        tags: ['classes'],
        summary: "The teacher's edits of the groups forgotten: the marker's groups again",
        security,
        params: ZClassQuestionParams,
        querystring: ZAnonymousQuery,
        response: { 200: ZAnswerGroupsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.resetGroups(
        ctx,
        currentUser(request),
        request.params,
        namingOf(ctx, request.query),
      ),
    }),
  );
};
