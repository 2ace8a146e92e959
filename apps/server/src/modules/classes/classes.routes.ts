import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLASS_PATHS } from '@stem/contract/api';
import { ZErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import {
  ZClassDetailsResponse,
  ZClassIdParam,
  ZClassListQuery,
  ZClassListResponse,
  ZClassQuestionsResponse,
  ZClassStudentsResponse,
  ZCreateClassRequest,
  ZCreateClassResponse,
  ZMessageResponse,
  ZRemoveStudentRequest,
  ZSchoolStudentsResponse,
} from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './classes.service';

const security = [{ bearer: [] }];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const invalidOrMissing = { 400: ZErrorResponse, ...denied, 404: ZErrorResponse };

/** The teacher's classes (spec 02 §7 Teacher). Another teacher's class is 404, like a missing one. */
export const classRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const teacherOnly = app.requireRole('teacher');

  app.get(
    CLASS_PATHS.teacherClasses,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'listTeacherClasses',
        tags: ['classes'],
        summary:
          "A page of the teacher's classes, newest first (cursor, limit), with student and question counts",
        security,
        querystring: ZClassListQuery,
        response: { 200: ZClassListResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) => service.listTeacherClasses(ctx.db, currentUser(request), request.query),
  );

  app.get(
    CLASS_PATHS.details,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'getClass',
        tags: ['classes'],
        summary: "One of the teacher's classes with its students and questions",
        security,
        params: ZClassIdParam,
        response: { 200: ZClassDetailsResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      class: await service.getClassDetails(ctx.db, currentUser(request), request.params.classId),
    }),
  );

  app.get(
    CLASS_PATHS.questions,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'listClassQuestions',
        tags: ['classes'],
        summary: "The questions of one of the teacher's classes",
        security,
        params: ZClassIdParam,
        response: { 200: ZClassQuestionsResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      questions: await service.listClassQuestions(
        ctx.db,
        currentUser(request),
        request.params.classId,
      ),
    }),
  );

  app.get(
    CLASS_PATHS.students,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'listClassStudents',
        tags: ['classes'],
        summary: "The students of one of the teacher's classes",
        security,
        params: ZClassIdParam,
        response: { 200: ZClassStudentsResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        students: await service.listClassStudents(
          ctx.db,
          currentUser(request),
          request.params.classId,
        ),
      },
    }),
  );

  app.get(
    CLASS_PATHS.schoolStudents,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'listSchoolStudents',
        tags: ['classes'],
        summary: "The active students of the teacher's school, by name",
        security,
        response: { 200: ZSchoolStudentsResponse, ...denied },
      },
    },
    async (request) => ({
      status: 'success' as const,
      success: true as const,
      data: await service.listSchoolStudents(ctx.db, currentUser(request)),
    }),
  );

  app.post(
    CLASS_PATHS.create,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'createClass',
        tags: ['classes'],
        summary:
          "Create a class with students of the teacher's school (trial schools: 3 per teacher)",
        security,
        body: ZCreateClassRequest,
        response: { 201: ZCreateClassResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request, reply) => {
      const data = await service.createClass(ctx, currentUser(request), request.body);
      return reply.status(201).send({
        status: 'success' as const,
        success: true as const,
        message: MESSAGES.classes.created,
        data,
      });
    },
  );

  app.post(
    CLASS_PATHS.removeStudent,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'removeStudentFromClass',
        tags: ['classes'],
        summary: "Remove a student from one of the teacher's classes",
        security,
        body: ZRemoveStudentRequest,
        response: { 200: ZMessageResponse, ...invalidOrMissing },
      },
    },
    async (request) => {
      await service.removeStudent(ctx.db, currentUser(request), request.body);
      return { success: true as const, message: MESSAGES.classes.studentRemoved };
    },
  );
};
