import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { LOGO_MAX_BYTES } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  OWNER_PATHS,
  ZCreateAccountResponse,
  ZCreateAdminRequest,
  ZCreateSchoolRequest,
  ZCreateTeacherRequest,
  ZIdParam,
  ZLogoUploadResponse,
  ZMessageResponse,
  ZOwnerUsersQuery,
  ZOwnerUsersResponse,
  ZSchoolCodeParam,
  ZSchoolDetailsResponse,
  ZSchoolResponse,
  ZSchoolsQuery,
  ZSchoolsResponse,
  ZUpdateSchoolRequest,
  ZUserStatsResponse,
} from '@stem/contract/owner';
import type { TAppContext } from '../../context';
import { acceptUploads, readUpload, type TUploadRules } from '../../lib/multipart';
import { currentUser } from '../../plugins/auth';
import * as service from './owner.service';

const tags = ['owner'];
const security = [{ bearer: [] }];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const LOGO_RULES: TUploadRules = {
  field: 'file',
  maxBytes: LOGO_MAX_BYTES,
  missing: MESSAGES.settings.logoMissing,
  tooLarge: MESSAGES.settings.logoSize,
};

/** The platform owner's calls (spec 02 §7 Owner): schools, their accounts, and every user. */
export const ownerRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  await acceptUploads(app, LOGO_RULES);
  const owner = app.requireRole('owner');

  app.get(
    OWNER_PATHS.schools,
    {
      config: { replyCache: 'platform' },
      onRequest: owner,
      schema: {
        tags,
        operationId: 'listOwnerSchools',
        summary:
          'Schools, newest first, paged (includeInactive=true adds inactive ones; search: name or code)',
        security,
        querystring: ZSchoolsQuery,
        response: { 200: ZSchoolsResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) => service.listSchools(ctx, request.query),
  );

  app.post(
    OWNER_PATHS.schools,
    {
      onRequest: owner,
      schema: {
        tags,
        operationId: 'createOwnerSchool',
        summary: 'Create a school (code: 16 upper-case letters and digits; imageUrl: an upload)',
        security,
        body: ZCreateSchoolRequest,
        response: { 201: ZSchoolResponse, 400: ZErrorResponse, 409: ZErrorResponse, ...denied },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSchool(ctx, currentUser(request), request.body)),
  );

  app.get(
    OWNER_PATHS.school,
    {
      onRequest: owner,
      schema: {
        tags,
        operationId: 'getOwnerSchool',
        summary: 'One school with its recent changes (who, what, when, before and after)',
        security,
        params: ZIdParam,
        response: {
          200: ZSchoolDetailsResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request) => service.getSchool(ctx, request.params.id),
  );

  app.get(
    OWNER_PATHS.schoolUsers,
    {
      onRequest: owner,
      schema: {
        tags,
        operationId: 'listOwnerSchoolUsers',
        summary: "One school's people, paged, sorted and filtered like the users list",
        security,
        params: ZIdParam,
        querystring: ZOwnerUsersQuery,
        response: {
          200: ZOwnerUsersResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request) => service.listSchoolUsers(ctx, request.params.id, request.query),
  );

  app.put(
    OWNER_PATHS.schoolByCode,
    {
      onRequest: owner,
      schema: {
        tags,
        operationId: 'updateOwnerSchool',
        summary:
          'Edit a school (name, imageUrl, active; the code cannot change) or deactivate it ({ active: false })',
        security,
        params: ZSchoolCodeParam,
        body: ZUpdateSchoolRequest,
        response: { 200: ZSchoolResponse, 400: ZErrorResponse, 404: ZErrorResponse, ...denied },
      },
    },
    async (request) =>
      service.updateSchool(ctx, currentUser(request), request.params.code, request.body),
  );

  app.delete(
    OWNER_PATHS.schoolByCode,
    {
      onRequest: owner,
      schema: {
        tags,
        operationId: 'deleteOwnerSchool',
        summary: 'Delete an inactive school without users (400 otherwise, naming its users)',
        security,
        params: ZSchoolCodeParam,
        response: { 200: ZMessageResponse, 400: ZErrorResponse, 404: ZErrorResponse, ...denied },
      },
    },
    async (request) => service.deleteSchool(ctx, currentUser(request), request.params.code),
  );

  app.post(
    OWNER_PATHS.logoUpload,
    {
      onRequest: owner,
      bodyLimit: LOGO_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        operationId: 'uploadOwnerSchoolLogo',
        summary:
          'Upload a school logo before creating or editing the school (multipart field "file", JPEG or PNG)',
        security,
        consumes: ['multipart/form-data'],
        response: {
          200: ZLogoUploadResponse,
          400: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          422: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const bytes = await readUpload(request, LOGO_RULES);
      return service.uploadLogo(ctx, user, bytes);
    },
  );

  app.post(
    OWNER_PATHS.createAdmin,
    {
      onRequest: owner,
      schema: {
        tags,
        operationId: 'createOwnerSchoolAdmin',
        summary: "Create a classroom school's admin (view_payments and manage_payments)",
        security,
        body: ZCreateAdminRequest,
        response: {
          201: ZCreateAccountResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createAdmin(ctx, currentUser(request), request.body)),
  );

  app.post(
    OWNER_PATHS.createTeacher,
    {
      onRequest: owner,
      schema: {
        tags,
        operationId: 'createOwnerSchoolTeacher',
        summary:
          "Create a personal school's teacher, or a classroom school's default teacher (generated e-mail, random password shown once)",
        security,
        body: ZCreateTeacherRequest,
        response: {
          201: ZCreateAccountResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTeacher(ctx, currentUser(request), request.body)),
  );

  app.get(
    OWNER_PATHS.users,
    {
      config: { replyCache: 'platform' },
      onRequest: owner,
      schema: {
        tags,
        operationId: 'listOwnerUsers',
        summary:
          'Every user, paged on the server (sort: name, email, school, role, createdAt; role and school filters; search)',
        security,
        querystring: ZOwnerUsersQuery,
        response: { 200: ZOwnerUsersResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) => service.listUsers(ctx, request.query),
  );

  app.get(
    OWNER_PATHS.userStats,
    {
      onRequest: owner,
      schema: {
        tags,
        operationId: 'getOwnerUserStats',
        summary: "One user's statistics for their role",
        security,
        params: ZIdParam,
        response: {
          200: ZUserStatsResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          ...denied,
        },
      },
    },
    async (request) => service.getUserStats(ctx, request.params.id),
  );
};
