import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANALYTICS_PATHS,
  ZClassAnalyticsResponse,
  ZClassExportQuery,
  ZClassIdParam,
  ZQuestionIdParam,
  ZSchoolAnalyticsResponse,
  ZSubmissionsExportQuery,
} from '@stem/contract/analytics';
import { ZErrorResponse } from '@stem/contract/errors';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './analytics.service';

const security = [{ bearer: [] }];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const invalidOrMissing = { 400: ZErrorResponse, ...denied, 404: ZErrorResponse };
const CSV = z.string().describe('CSV (text/csv, UTF-8 with a byte-order mark)');

/** Class, question and school analytics, and the CSV exports (issue 11). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const teacherOrAdmin = app.requireRole('teacher', 'admin');

  app.get(
    ANALYTICS_PATHS.classAnalytics,
    {
      onRequest: teacherOrAdmin,
      schema: {
        operationId: 'getClassAnalytics',
        tags: ['analytics'],
        summary:
          "A class's marks: distribution, mean and median, rubric bands, attempts, students × questions grid, progress (its teacher or the school's admin)",
        security,
        params: ZClassIdParam,
        response: { 200: ZClassAnalyticsResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getClassAnalytics(ctx.db, currentUser(request), request.params.classId),
    }),
  );

  app.get(
    ANALYTICS_PATHS.questionAnalytics,
    {
      onRequest: teacherOrAdmin,
      schema: {
        operationId: 'getQuestionAnalytics',
        tags: ['analytics'],
        summary:
          "One question's marks over every class it was answered in (its teacher or the school's admin)",
        security,
        params: ZQuestionIdParam,
        response: { 200: ZClassAnalyticsResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getQuestionAnalytics(
        ctx.db,
        currentUser(request),
        request.params.questionId,
      ),
    }),
  );

  app.get(
    ANALYTICS_PATHS.schoolAnalytics,
    {
      onRequest: app.requireRole('admin'),
      schema: {
        operationId: 'getSchoolAnalytics',
        tags: ['analytics'],
        summary: "The admin's whole school: marks by class, distribution, attempts, weekly means",
        security,
        response: { 200: ZSchoolAnalyticsResponse, ...denied },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getSchoolAnalytics(ctx.db, currentUser(request)),
    }),
  );

  app.get(
    ANALYTICS_PATHS.classExport,
    {
      onRequest: teacherOrAdmin,
      schema: {
        operationId: 'exportClassCsv',
        tags: ['analytics'],
        summary:
          'CSV of a class: students × questions (best or latest score), total, percentage, latest attempt; streamed',
        security,
        params: ZClassIdParam,
        querystring: ZClassExportQuery,
        response: { 200: CSV, ...invalidOrMissing },
      },
    },
    async (request, reply) => {
      const download = await service.exportClass(
        ctx.db,
        currentUser(request),
        request.params.classId,
        request.query.score ?? 'best',
        ctx.now(),
        request.query.tz,
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', download.disposition)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (never serialised); the schema only documents the CSV text.
          .send(download.body as unknown as string)
      );
    },
  );

  app.get(
    ANALYTICS_PATHS.submissionsExport,
    {
      onRequest: app.requireRole('teacher'),
      schema: {
        operationId: 'exportSubmissionsCsv',
        tags: ['analytics'],
        summary:
          "CSV of the teacher's submissions list (same sort, filter and search): one row per answer; streamed",
        security,
        querystring: ZSubmissionsExportQuery,
        response: { 200: CSV, 400: ZErrorResponse, ...denied },
      },
    },
    async (request, reply) => {
      const download = await service.exportTeacherSubmissions(
        ctx.db,
        currentUser(request),
        request.query,
        ctx.now(),
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', download.disposition)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (never serialised); the schema only documents the CSV text.
          .send(download.body as unknown as string)
      );
    },
  );

  app.get(
    ANALYTICS_PATHS.schoolSubmissionsExport,
    {
      onRequest: app.requireRole('admin'),
      schema: {
        operationId: 'exportSchoolSubmissionsCsv',
        tags: ['analytics'],
        summary:
          "CSV of the admin's All Submissions, school-wide (same sort, filter and search): one row per answer with the student's e-mail and id; streamed",
        security,
        querystring: ZSubmissionsExportQuery,
        response: { 200: CSV, 400: ZErrorResponse, ...denied },
      },
    },
    async (request, reply) => {
      const download = await service.exportSchoolSubmissions(
        ctx.db,
        currentUser(request),
        request.query,
        ctx.now(),
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', download.disposition)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (never serialised); the schema only documents the CSV text.
          .send(download.body as unknown as string)
      );
    },
  );
};
