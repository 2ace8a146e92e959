import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QUESTION_PATHS } from '@stem/contract/api';
import { ZErrorResponse } from '@stem/contract/errors';
import { RATE_LIMITS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  ZClassIdParam,
  ZClassQuestionListResponse,
  ZCreateQuestionRequest,
  ZGenerateRubricRequest,
  ZGenerateRubricResponse,
  ZIdParam,
  ZQuestionClassRequest,
  ZQuestionListQuery,
  ZQuestionListResponse,
  ZQuestionResponse,
  ZSaveQuestionResponse,
  ZStatusMessageResponse,
  ZTeacherIdParam,
  ZUpdateQuestionRequest,
} from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limits';
import * as service from './questions.service';

const security = [{ bearer: [] }];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const invalidOrMissing = { 400: ZErrorResponse, ...denied, 404: ZErrorResponse };
const ok = { status: 'success' as const, success: true as const };

/** Questions, their classes and the rubric writer (spec 02 §7 Teacher). */
export const questionRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const teacherOnly = app.requireRole('teacher');

  app.get(
    QUESTION_PATHS.byTeacher,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'listTeacherQuestions',
        tags: ['questions'],
        summary:
          "A page of the teacher's questions (sort, search of the text, cursor; 10 a page by default), with the classes holding each",
        security,
        params: ZTeacherIdParam,
        querystring: ZQuestionListQuery,
        response: { 200: ZQuestionListResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) =>
      service.listTeacherQuestions(
        ctx.db,
        currentUser(request),
        request.params.teacherId,
        request.query,
      ),
  );

  app.get(
    QUESTION_PATHS.byClass,
    {
      onRequest: app.requireRole('teacher', 'student'),
      schema: {
        operationId: 'listQuestionsByClass',
        tags: ['questions'],
        summary:
          "A class's questions: full (with rubric) for its teacher, text and marks for an enrolled student",
        security,
        params: ZClassIdParam,
        response: { 200: ZClassQuestionListResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      ...ok,
      data: await service.listClassQuestionsForRole(
        ctx.db,
        currentUser(request),
        request.params.classId,
      ),
    }),
  );

  app.get(
    QUESTION_PATHS.details,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'getQuestion',
        tags: ['questions'],
        summary: "One of the teacher's own questions, with its rubric",
        security,
        params: ZIdParam,
        response: { 200: ZQuestionResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getQuestion(ctx.db, currentUser(request), request.params.id),
    }),
  );

  app.post(
    QUESTION_PATHS.create,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'createQuestion',
        tags: ['questions'],
        summary:
          'Create a question (valid ranges, both rubric sections; trial schools: 3 per teacher)',
        security,
        body: ZCreateQuestionRequest,
        response: { 201: ZSaveQuestionResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request, reply) => {
      const data = await service.createQuestion(ctx, currentUser(request), request.body);
      return reply.status(201).send({ ...ok, message: MESSAGES.questions.saved, data });
    },
  );

  app.put(
    QUESTION_PATHS.update,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'updateQuestion',
        tags: ['questions'],
        summary: "Update one of the teacher's own questions (same checks as create)",
        security,
        params: ZIdParam,
        body: ZUpdateQuestionRequest,
        response: { 200: ZSaveQuestionResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      ...ok,
      message: MESSAGES.questions.updated,
      data: await service.updateQuestion(
        ctx,
        currentUser(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    QUESTION_PATHS.remove,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'deleteQuestion',
        tags: ['questions'],
        summary: "Delete one of the teacher's own questions (submissions keep their snapshot)",
        security,
        params: ZIdParam,
        response: { 200: ZStatusMessageResponse, ...invalidOrMissing },
      },
    },
    async (request) => {
      await service.deleteQuestion(ctx.db, currentUser(request), request.params.id);
      return { ...ok, message: MESSAGES.questions.deleted };
    },
  );

  app.post(
    QUESTION_PATHS.addToClass,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'addQuestionToClass',
        tags: ['questions'],
        summary:
          "Add the teacher's question to the teacher's class (idempotent: adding twice succeeds)",
        security,
        body: ZQuestionClassRequest,
        response: { 200: ZStatusMessageResponse, ...invalidOrMissing },
      },
    },
    async (request) => {
      await service.addQuestionToClass(ctx, currentUser(request), request.body);
      return { ...ok, message: MESSAGES.questions.addedToClass };
    },
  );

  app.post(
    QUESTION_PATHS.removeFromClass,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'removeQuestionFromClass',
        tags: ['questions'],
        summary: "Remove the teacher's question from the teacher's class",
        security,
        body: ZQuestionClassRequest,
        response: { 200: ZStatusMessageResponse, ...invalidOrMissing },
      },
    },
    async (request) => {
      await service.removeQuestionFromClass(ctx.db, currentUser(request), request.body);
      return { ...ok, message: MESSAGES.questions.removedFromClass };
    },
  );

  app.post(
    QUESTION_PATHS.generateRubric,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'generateRubric',
        tags: ['questions'],
        summary:
          'Write a Low Mark Range and a High Mark Range rubric for a question (AI provider or offline engine)',
        security,
        body: ZGenerateRubricRequest,
        response: {
          200: ZGenerateRubricResponse,
          400: ZErrorResponse,
          ...denied,
          429: ZErrorResponse,
          502: ZErrorResponse,
        },
      },
      config: perUser('rubric', RATE_LIMITS.generateRubric),
    },
    async (request) => ({
      success: true as const,
      data: await service.writeRubric(ctx, request.body),
    }),
  );
};
