import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_PATHS } from '@stem/contract/api';
import {
  ZAdminDashboard,
  ZOwnerStats,
  ZStudentDashboard,
  ZTeacherDashboard,
  dataResponse,
} from '@stem/contract/dashboard';
import { ZErrorResponse } from '@stem/contract/errors';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './dashboard.service';

const errors = { 401: ZErrorResponse, 403: ZErrorResponse };
const security = [{ bearer: [] }];

/** The four dashboards of spec 01 §2 and the owner statistics of spec 02 §7. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    DASHBOARD_PATHS.teacher,
    {
      config: { replyCache: 'school' },
      onRequest: app.requireRole('teacher'),
      schema: {
        operationId: 'getTeacherDashboard',
        tags: ['dashboard'],
        summary: 'Teacher dashboard: active classes, questions, submissions and the 5 newest',
        security,
        response: { 200: dataResponse(ZTeacherDashboard), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getTeacherDashboard(ctx.db, currentUser(request)),
    }),
  );

  app.get(
    DASHBOARD_PATHS.student,
    {
      config: { replyCache: 'school' },
      onRequest: app.requireRole('student'),
      schema: {
        operationId: 'getStudentDashboard',
        tags: ['dashboard'],
        summary: 'Student dashboard: enrolled classes, submissions and the 3 newest',
        security,
        response: { 200: dataResponse(ZStudentDashboard), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getStudentDashboard(ctx.db, currentUser(request)),
    }),
  );

  app.get(
    DASHBOARD_PATHS.admin,
    {
      config: { replyCache: 'school' },
      onRequest: app.requireRole('admin'),
      schema: {
        operationId: 'getAdminDashboard',
        tags: ['dashboard'],
        summary:
          "Admin dashboard: the school's teachers, students, classes, the 3 newest classes and the 5 newest submissions",
        security,
        response: { 200: dataResponse(ZAdminDashboard), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getAdminDashboard(ctx.db, currentUser(request)),
    }),
  );

  app.get(
    DASHBOARD_PATHS.owner,
    {
      config: { replyCache: 'platform' },
      onRequest: app.requireRole('owner'),
      schema: {
        operationId: 'getOwnerStats',
        tags: ['owner'],
        summary: 'Platform statistics: schools (total, active, trial) and users by role',
        security,
        response: { 200: dataResponse(ZOwnerStats), ...errors },
      },
    },
    async () => ({ success: true as const, data: await service.getOwnerStats(ctx.db) }),
  );
};
