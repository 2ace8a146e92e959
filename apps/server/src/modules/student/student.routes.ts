import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STUDENT_CLASS_PATHS } from '@stem/contract/api';
import { ZErrorResponse } from '@stem/contract/errors';
import {
  ZClassIdParam,
  ZStudentClassResponse,
  ZStudentClassesResponse,
  ZUserIdParam,
} from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './student.service';

const security = [{ bearer: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

/** The student's read-only view of their classes (spec 02 §7 Student). */
export const studentClassRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const studentOnly = app.requireRole('student');

  app.get(
    STUDENT_CLASS_PATHS.enrolledClasses,
    {
      onRequest: studentOnly,
      schema: {
        operationId: 'listEnrolledClasses',
        tags: ['student'],
        summary: "The student's classes with teacher, question count and total marks",
        security,
        params: ZUserIdParam,
        response: { 200: ZStudentClassesResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      classes: await service.listEnrolledClasses(
        ctx.db,
        currentUser(request),
        request.params.userId,
      ),
    }),
  );

  app.get(
    STUDENT_CLASS_PATHS.classDetails,
    {
      onRequest: studentOnly,
      schema: {
        operationId: 'getEnrolledClass',
        tags: ['student'],
        summary: 'A class the student is enrolled in, with its questions (never the rubric)',
        security,
        params: ZClassIdParam,
        response: { 200: ZStudentClassResponse, ...errors, 404: ZErrorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getStudentClass(
        ctx.db,
        currentUser(request),
        request.params.classId,
        ctx.now(),
      ),
    }),
  );
};
