import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import { ZClassQuestionParams } from '@stem/contract/regrades';
import {
  RUBRIC_ITEM_PATHS,
  ZApplyRubricItemsBody,
  ZApplyRubricItemsResponse,
  ZCreateRubricItemBody,
  ZMarkRestResponse,
  ZRemarkResponse,
  ZRubricAnswerParams,
  ZRubricItemChangeResponse,
  ZRubricItemOrderBody,
  ZRubricItemParams,
  ZRubricItemsResponse,
  ZSaveCommentBody,
  ZSavedCommentParams,
  ZSavedCommentsResponse,
  ZUpdateRubricItemBody,
} from '@stem/contract/rubric-items';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './rubric-items.service';

const security = [{ bearer: [] }];
const refusals = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};
const tags = ['classes'];

/**
 * Issue 27 on the class marking screen: point-valued rubric items (applied through the review calls,
 * re-scoring retroactively), saved comments, and re-marking answers marked under an earlier rubric.
 * The class's teacher or the school's admin; another school's or teacher's class is 404.
 */
export const rubricItemRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const staff = app.requireRole('teacher', 'admin');

  app.get(
    RUBRIC_ITEM_PATHS.items,
    {
      onRequest: staff,
      schema: {
        operationId: 'listRubricItems',
        tags,
        summary:
          "The question's point-valued rubric items and the items applied to each of the class's answers",
        security,
        params: ZClassQuestionParams,
        response: { 200: ZRubricItemsResponse, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getRubricItems(ctx.db, currentUser(request), request.params),
    }),
  );

  app.post(
    RUBRIC_ITEM_PATHS.items,
    {
      onRequest: staff,
      schema: {
        operationId: 'createRubricItem',
        tags,
        summary:
          "A new rubric item (label up to 200 characters, whole points within ± the question's marks); the question's teacher or the school's admin",
        security,
        params: ZClassQuestionParams,
        body: ZCreateRubricItemBody,
        response: { 201: ZRubricItemChangeResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const data = await service.createItem(
        ctx,
        currentUser(request),
        request.params,
        request.body,
      );
      return reply
        .code(201)
        .send({ success: true as const, message: MESSAGES.rubricItems.added, data });
    },
  );

  app.put(
    RUBRIC_ITEM_PATHS.order,
    {
      onRequest: staff,
      schema: {
        operationId: 'reorderRubricItems',
        tags,
        summary: "The question's rubric items in a new order (every item once)",
        security,
        params: ZClassQuestionParams,
        body: ZRubricItemOrderBody,
        response: { 200: ZRubricItemChangeResponse, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.rubricItems.reordered,
      data: await service.reorderItems(
        ctx,
        currentUser(request),
        request.params,
        request.body.itemIds,
      ),
    }),
  );

  app.patch(
    RUBRIC_ITEM_PATHS.item,
    {
      onRequest: staff,
      schema: {
        operationId: 'updateRubricItem',
        tags,
        summary:
          "A rubric item's label or points; new points re-score every answer it is applied to (through the review, in one transaction), and the reply says how many marks changed",
        security,
        params: ZRubricItemParams,
        body: ZUpdateRubricItemBody,
        response: { 200: ZRubricItemChangeResponse, ...refusals },
      },
    },
    async (request) => {
      const data = await service.updateItem(
        ctx,
        currentUser(request),
        request.params,
        request.body,
      );
      return { success: true as const, message: MESSAGES.rubricItems.updated(data.rescored), data };
    },
  );

  app.delete(
    RUBRIC_ITEM_PATHS.item,
    {
      onRequest: staff,
      schema: {
        operationId: 'deleteRubricItem',
        tags,
        summary:
          'Deletes a rubric item; the answers it was applied to are re-scored without it, and the reply says how many marks changed',
        security,
        params: ZRubricItemParams,
        response: { 200: ZRubricItemChangeResponse, ...refusals },
      },
    },
    async (request) => {
      const data = await service.deleteItem(ctx, currentUser(request), request.params);
      return { success: true as const, message: MESSAGES.rubricItems.deleted(data.rescored), data };
    },
  );

  app.put(
    RUBRIC_ITEM_PATHS.applied,
    {
      onRequest: staff,
      schema: {
        operationId: 'applyRubricItems',
        tags,
        summary:
          "The rubric items applied to one answer of the class; its mark becomes their points added up (within 0..marks), saved as the teacher's review",
        security,
        params: ZRubricAnswerParams,
        body: ZApplyRubricItemsBody,
        response: { 200: ZApplyRubricItemsResponse, ...refusals, 409: ZErrorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.rubricItems.applied,
      data: await service.applyItems(ctx, currentUser(request), request.params, request.body),
    }),
  );

  app.get(
    RUBRIC_ITEM_PATHS.comments,
    {
      onRequest: staff,
      schema: {
        operationId: 'listSavedComments',
        tags,
        summary: "The caller's saved comments for the question, oldest first",
        security,
        params: ZClassQuestionParams,
        response: { 200: ZSavedCommentsResponse, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listSavedComments(ctx.db, currentUser(request), request.params),
    }),
  );

  app.post(
    RUBRIC_ITEM_PATHS.comments,
    {
      onRequest: staff,
      schema: {
        operationId: 'saveComment',
        tags,
        summary: "Saves a comment of the caller's for reuse on the question's answers",
        security,
        params: ZClassQuestionParams,
        body: ZSaveCommentBody,
        response: { 201: ZSavedCommentsResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const data = await service.saveComment(
        ctx,
        currentUser(request),
        request.params,
        request.body.text,
      );
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.delete(
    RUBRIC_ITEM_PATHS.comment,
    {
      onRequest: staff,
      schema: {
        operationId: 'deleteSavedComment',
        tags,
        summary: "Deletes one of the caller's saved comments",
        security,
        params: ZSavedCommentParams,
        response: { 200: ZSavedCommentsResponse, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.deleteComment(ctx.db, currentUser(request), request.params),
    }),
  );

  app.post(
    RUBRIC_ITEM_PATHS.remark,
    {
      onRequest: staff,
      schema: {
        operationId: 'remarkEarlierRubric',
        tags,
        summary:
          "Sends the class's answers the marker marked under an earlier rubric (not reviewed) to be marked again under the question's rubric now",
        security,
        params: ZClassQuestionParams,
        response: { 200: ZRemarkResponse, ...refusals },
      },
    },
    async (request) => {
      const data = await service.remarkEarlierRubric(ctx, currentUser(request), request.params);
      return {
        success: true as const,
        message: MESSAGES.rubricItems.remarkQueued(data.queued),
        data,
      };
    },
  );

  app.post(
    RUBRIC_ITEM_PATHS.markRest,
    {
      onRequest: staff,
      schema: {
        operationId: 'markRestWithExamples',
        tags,
        summary:
          "Test on a few first: every answer of the class the teacher has not marked goes back to the marker, which marks it with the teacher's marks as examples (409 before any is marked)",
        security,
        params: ZClassQuestionParams,
        response: { 200: ZMarkRestResponse, ...refusals, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const data = await service.markRestWithExamples(ctx, currentUser(request), request.params);
      return {
        success: true as const,
        message: MESSAGES.rubricItems.markRestQueued(data.queued),
        data,
      };
    },
  );
};
