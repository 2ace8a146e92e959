import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLASS_EXTRA_PATHS,
  ZAssignStudentsRequest,
  ZAssignStudentsResponse,
  ZClassStudentParams,
  ZFeedbackResponse,
} from '@stem/contract/admin';
import { ZErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import {
  ZSubmissionIdParam,
  ZSubmissionListQuery,
  ZSubmissionListResponse,
} from '@stem/contract/submissions';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as submissionsSchool from '../submissions/submissions.school';
import { assignStudents } from './classes.school';

const security = [{ bearer: [] }];
const invalidOrMissing = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

/**
 * Spec 02 §7 Student "defined only" paths that issue 18 builds: adding students to an existing
 * class, one student's work in a class, and a submission's feedback alone.
 */
export const classAssignRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const teacherOrAdmin = app.requireRole('teacher', 'admin');

  app.post(
    CLASS_EXTRA_PATHS.assignStudents,
    {
      onRequest: teacherOrAdmin,
      schema: {
        operationId: 'assignStudentsToClass',
        tags: ['classes'],
        summary:
          "Add students of the school to a class (the teacher's own, or any of the school's for the admin)",
        security,
        body: ZAssignStudentsRequest,
        response: { 200: ZAssignStudentsResponse, ...invalidOrMissing },
      },
    },
    async (request) => {
      const result = await assignStudents(ctx, currentUser(request), request.body);
      return {
        success: true as const,
        message: MESSAGES.admin.studentsAdded(result.added),
        ...result,
      };
    },
  );

  app.get(
    CLASS_EXTRA_PATHS.studentWorkInClass,
    {
      onRequest: teacherOrAdmin,
      schema: {
        operationId: 'listStudentWorkInClass',
        tags: ['submissions'],
        summary: "A page of one student's submissions in a class (the shared list's query)",
        security,
        params: ZClassStudentParams,
        querystring: ZSubmissionListQuery,
        response: { 200: ZSubmissionListResponse, ...invalidOrMissing },
      },
    },
    async (request) =>
      submissionsSchool.listStudentWorkForReader(
        ctx.db,
        currentUser(request),
        request.params,
        request.query,
      ),
  );

  app.get(
    CLASS_EXTRA_PATHS.feedback,
    {
      onRequest: app.requireRole('student', 'teacher', 'admin'),
      schema: {
        operationId: 'getSubmissionFeedback',
        tags: ['submissions'],
        summary: "A submission's score and feedback per answer (its student, teacher or admin)",
        security,
        params: ZSubmissionIdParam,
        response: { 200: ZFeedbackResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      data: await submissionsSchool.getFeedback(ctx.db, currentUser(request), request.params.id),
    }),
  );
};
