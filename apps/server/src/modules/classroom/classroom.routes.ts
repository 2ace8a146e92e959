import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLASSROOM_PATHS,
  ZClassroomCallbackRequest,
  ZClassroomCallbackResponse,
  ZClassroomClassParam,
  ZClassroomConnectResponse,
  ZClassroomCoursesResponse,
  ZClassroomLinkRequest,
  ZClassroomPushRequest,
  ZClassroomPushResponse,
  ZClassroomRosterImportResponse,
  ZClassroomRosterPreviewResponse,
  ZClassroomStatusResponse,
} from '@stem/contract/classroom';
import { ZErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import { ZMessageResponse } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './classroom.service';

const security = [{ bearer: [] }];
const tags = ['classroom'];
const M = MESSAGES.classroom;
const denied = { 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
/** Google's refusals (409 with its reason; consent needed or withdrawn) and silences (502). */
const google = { 409: ZErrorResponse, 502: ZErrorResponse };

/**
 * Google Classroom (issue 29): a teacher's own class linked to one of their Classroom courses, the
 * course's roster imported, a question's or a test's marks pushed as coursework grades. Off unless configured.
 */
export const classroomRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const teacherOnly = app.requireRole('teacher');
  // Each call may reach Google several times: a teacher pushes a few times a minute, not hundreds.
  const googleRate = { rateLimit: { max: 30, timeWindow: 60_000 } };

  app.get(
    CLASSROOM_PATHS.status,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'getClassroomStatus',
        tags,
        security,
        summary:
          "Google Classroom for a class: turned on or not, the teacher's consent given, the linked course and the questions pushed",
        params: ZClassroomClassParam,
        response: { 200: ZClassroomStatusResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getStatus(ctx, currentUser(request), request.params.classId),
    }),
  );

  app.post(
    CLASSROOM_PATHS.connect,
    {
      onRequest: teacherOnly,
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        operationId: 'startClassroomConnect',
        tags,
        security,
        summary:
          "Start the teacher's Google consent for Classroom: Google's consent page (authorization code with PKCE; the state is kept 10 minutes)",
        params: ZClassroomClassParam,
        response: { 200: ZClassroomConnectResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) => ({
      success: true as const,
      url: await service.startConnect(ctx, currentUser(request), request.params.classId),
    }),
  );

  app.post(
    CLASSROOM_PATHS.callback,
    {
      onRequest: teacherOnly,
      config: googleRate,
      schema: {
        operationId: 'finishClassroomConnect',
        tags,
        security,
        summary:
          "Finish the teacher's Google consent: the callback page's query string; the state is spent once, by the teacher who started it",
        body: ZClassroomCallbackRequest,
        response: {
          200: ZClassroomCallbackResponse,
          400: ZErrorResponse,
          ...denied,
          ...google,
        },
      },
    },
    async (request) => {
      const { classId } = await service.finishConnect(
        ctx,
        currentUser(request),
        request.body.search,
      );
      return { success: true as const, message: M.connected, classId };
    },
  );

  app.get(
    CLASSROOM_PATHS.courses,
    {
      onRequest: teacherOnly,
      config: googleRate,
      schema: {
        operationId: 'listClassroomCourses',
        tags,
        security,
        summary: 'The active Google Classroom courses the teacher teaches',
        params: ZClassroomClassParam,
        response: { 200: ZClassroomCoursesResponse, 400: ZErrorResponse, ...denied, ...google },
      },
    },
    async (request) => ({
      success: true as const,
      courses: await service.listCourses(ctx, currentUser(request), request.params.classId),
    }),
  );

  app.put(
    CLASSROOM_PATHS.link,
    {
      onRequest: teacherOnly,
      config: googleRate,
      schema: {
        operationId: 'linkClassroomCourse',
        tags,
        security,
        summary:
          'Link the class to one of the Classroom courses the teacher teaches (or change it)',
        params: ZClassroomClassParam,
        body: ZClassroomLinkRequest,
        response: { 200: ZMessageResponse, 400: ZErrorResponse, ...denied, ...google },
      },
    },
    async (request) => {
      const { courseName } = await service.linkCourse(
        ctx,
        currentUser(request),
        request.params.classId,
        request.body.courseId,
      );
      return { success: true as const, message: M.linked(courseName) };
    },
  );

  app.delete(
    CLASSROOM_PATHS.link,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'unlinkClassroomCourse',
        tags,
        security,
        summary: 'Unlink the class from its Classroom course (nothing changes in Classroom)',
        params: ZClassroomClassParam,
        response: { 200: ZMessageResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) => {
      await service.unlinkCourse(ctx, currentUser(request), request.params.classId);
      return { success: true as const, message: M.unlinked };
    },
  );

  app.post(
    CLASSROOM_PATHS.rosterPreview,
    {
      onRequest: teacherOnly,
      config: googleRate,
      schema: {
        operationId: 'previewClassroomRoster',
        tags,
        security,
        summary:
          "The linked course's students and what importing them does (matched by e-mail within the school; new ones invited), with the plan's limits. Nothing is written",
        params: ZClassroomClassParam,
        response: {
          200: ZClassroomRosterPreviewResponse,
          400: ZErrorResponse,
          ...denied,
          ...google,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.previewRoster(ctx, currentUser(request), request.params.classId),
    }),
  );

  app.post(
    CLASSROOM_PATHS.rosterImport,
    {
      onRequest: teacherOnly,
      config: googleRate,
      schema: {
        operationId: 'importClassroomRoster',
        tags,
        security,
        summary:
          "Import the linked course's students into the class: new accounts invited by e-mail (7 days, once); past the plan's limits nothing is written (403)",
        params: ZClassroomClassParam,
        response: {
          200: ZClassroomRosterImportResponse,
          400: ZErrorResponse,
          ...denied,
          ...google,
        },
      },
    },
    async (request) => {
      const data = await service.importRoster(ctx, currentUser(request), request.params.classId);
      return {
        success: true as const,
        message: M.rosterImported(data.created, data.placed),
        data,
      };
    },
  );

  app.post(
    CLASSROOM_PATHS.push,
    {
      onRequest: teacherOnly,
      config: googleRate,
      schema: {
        operationId: 'pushClassroomMarks',
        tags,
        security,
        summary:
          "Push a question's marks, or a test's totals (maxPoints: the test's marks), to the linked course as the grades of a coursework STEM@Home creates (the same one on each push); each student's outcome",
        params: ZClassroomClassParam,
        body: ZClassroomPushRequest,
        response: { 200: ZClassroomPushResponse, 400: ZErrorResponse, ...denied, ...google },
      },
    },
    async (request) => {
      const data = await service.pushMarks(
        ctx,
        currentUser(request),
        request.params.classId,
        request.body,
      );
      return {
        success: true as const,
        message: M.pushed(data.counts.pushed, data.students.length),
        data,
      };
    },
  );
};
