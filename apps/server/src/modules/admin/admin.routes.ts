import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_CLASSES_PAGE_SIZE,
  ADMIN_PATHS,
  ZAdminClassListQuery,
  ZAdminClassListResponse,
  ZAdminClassResponse,
  ZAdminCreateClassRequest,
  ZAdminCreateClassResponse,
  ZAdminStudentsResponse,
  ZAdminTeachersResponse,
  ZAdminUserDetailsResponse,
  ZAdminUserListQuery,
  ZAdminUserListResponse,
  ZDeletePreviewResponse,
  ZDeleteUsersResponse,
  ZReassignClassRequest,
  ZRoleChangeRequest,
  ZRoleChangeResponse,
  ZUserIdsRequest,
} from '@stem/contract/admin';
import { ZErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import {
  ZSchoolSubmissionListResponse,
  ZSubmissionListQuery,
  ZSubmissionListResponse,
} from '@stem/contract/submissions';
import { ZClassIdParam, ZIdParam, ZMessageResponse } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as classesSchool from '../classes/classes.school';
import * as submissionsSchool from '../submissions/submissions.school';
import * as service from './admin.service';

const security = [{ bearer: [] }];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const invalid = { 400: ZErrorResponse, ...denied };
const invalidOrMissing = { ...invalid, 404: ZErrorResponse };
const tags = ['admin'];

/** The school admin's calls (spec 02 §7 Admin): the admin's own school only. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const adminOnly = app.requireRole('admin');

  app.get(
    ADMIN_PATHS.users,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'listSchoolUsers',
        tags,
        summary:
          "A page of the school's students, teachers and admins: search (name or e-mail), role filter, sort and direction",
        security,
        querystring: ZAdminUserListQuery,
        response: { 200: ZAdminUserListResponse, ...invalid },
      },
    },
    async (request) => service.listUsers(ctx.db, currentUser(request), request.query),
  );

  app.get(
    ADMIN_PATHS.user,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'getSchoolUser',
        tags,
        summary: 'One person of the school with their statistics',
        security,
        params: ZIdParam,
        response: { 200: ZAdminUserDetailsResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.getUser(ctx.db, currentUser(request), request.params.id)),
    }),
  );

  app.get(
    ADMIN_PATHS.userSubmissions,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'listSchoolUserSubmissions',
        tags,
        summary: "A page of a teacher's or a student's submissions (the shared list's query)",
        security,
        params: ZIdParam,
        querystring: ZSubmissionListQuery,
        response: { 200: ZSubmissionListResponse, ...invalidOrMissing },
      },
    },
    async (request) =>
      service.listUserSubmissions(ctx.db, currentUser(request), request.params.id, request.query),
  );

  app.post(
    ADMIN_PATHS.deletePreview,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'previewUserDeletion',
        tags,
        summary:
          'What deleting these people would remove, and the teachers it would refuse (nothing changes)',
        security,
        body: ZUserIdsRequest,
        response: { 200: ZDeletePreviewResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.previewDeletion(ctx, currentUser(request), request.body.users),
    }),
  );

  app.delete(
    ADMIN_PATHS.deleteUsers,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'deleteSchoolUsers',
        tags,
        summary:
          "Delete students and teachers of the school, with students' submissions and enrolments, in one transaction",
        security,
        body: ZUserIdsRequest,
        response: { 200: ZDeleteUsersResponse, ...invalidOrMissing, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const data = await service.deleteUsers(ctx, currentUser(request), request.body.users);
      return { success: true as const, message: MESSAGES.admin.usersDeleted(data.users), data };
    },
  );

  for (const change of ['promote', 'demote'] as const) {
    app.put(
      ADMIN_PATHS[change],
      {
        onRequest: adminOnly,
        schema: {
          operationId: change === 'promote' ? 'promoteUser' : 'demoteUser',
          tags,
          summary: change === 'promote' ? 'Make a student a teacher' : 'Make a teacher a student',
          security,
          body: ZRoleChangeRequest,
          response: { 200: ZRoleChangeResponse, ...invalidOrMissing, 409: ZErrorResponse },
        },
      },
      async (request) => ({
        success: true as const,
        message: change === 'promote' ? MESSAGES.admin.userPromoted : MESSAGES.admin.userDemoted,
        user: await service.changeRole(ctx, currentUser(request), request.body.userId, change),
      }),
    );
  }

  app.get(
    ADMIN_PATHS.teachers,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'listSchoolTeachers',
        tags,
        summary: "The school's active teachers, by name",
        security,
        response: { 200: ZAdminTeachersResponse, ...denied },
      },
    },
    async (request) => ({
      success: true as const,
      teachers: await service.listPeople(ctx.db, currentUser(request), 'teacher'),
    }),
  );

  app.get(
    ADMIN_PATHS.students,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'listSchoolStudentsForAdmin',
        tags,
        summary: "The school's active students, by name",
        security,
        response: { 200: ZAdminStudentsResponse, ...denied },
      },
    },
    async (request) => ({
      success: true as const,
      students: await service.listPeople(ctx.db, currentUser(request), 'student'),
    }),
  );

  app.get(
    ADMIN_PATHS.classes,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'listSchoolClasses',
        tags,
        summary:
          "A page of the school's classes (9 by default), newest first: search, teacher filter",
        security,
        querystring: ZAdminClassListQuery,
        response: { 200: ZAdminClassListResponse, ...invalid },
      },
    },
    async (request) =>
      classesSchool.listSchoolClasses(
        ctx.db,
        service.adminSchoolOf(currentUser(request)),
        request.query,
        ADMIN_CLASSES_PAGE_SIZE,
      ),
  );

  app.post(
    ADMIN_PATHS.classes,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'createSchoolClass',
        tags,
        summary: 'Create a class for a teacher of the school with students of the school',
        security,
        body: ZAdminCreateClassRequest,
        response: { 201: ZAdminCreateClassResponse, ...invalid },
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

  app.get(
    ADMIN_PATHS.class,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'getSchoolClass',
        tags,
        summary:
          'A class of the school with its teacher, questions (marks, ranges, rubric) and students',
        security,
        params: ZClassIdParam,
        response: { 200: ZAdminClassResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      class: await classesSchool.getSchoolClassDetails(
        ctx.db,
        service.adminSchoolOf(currentUser(request)),
        request.params.classId,
      ),
    }),
  );

  app.put(
    ADMIN_PATHS.class,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'reassignSchoolClass',
        tags,
        summary: 'Give a class of the school to another teacher of the school',
        security,
        params: ZClassIdParam,
        body: ZReassignClassRequest,
        response: { 200: ZMessageResponse, ...invalidOrMissing },
      },
    },
    async (request) => {
      const { teacherName } = await service.reassignClass(
        ctx,
        currentUser(request),
        request.params.classId,
        request.body.teacherId,
      );
      return { success: true as const, message: MESSAGES.admin.classReassigned(teacherName) };
    },
  );

  app.get(
    ADMIN_PATHS.submissions,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'listSchoolSubmissions',
        tags,
        summary:
          "A page of the school's submissions (sort, flag filter, search, cursor), without answers; `count` is the school's submissions",
        security,
        querystring: ZSubmissionListQuery,
        response: { 200: ZSchoolSubmissionListResponse, ...invalid },
      },
    },
    async (request) =>
      submissionsSchool.listSchoolSubmissions(
        ctx.db,
        service.adminSchoolOf(currentUser(request)),
        request.query,
      ),
  );
};
