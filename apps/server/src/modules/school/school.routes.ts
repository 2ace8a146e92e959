import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { LOGO_MAX_BYTES } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  SCHOOL_PATHS,
  ZLogoParam,
  ZSchoolUpdateResponse,
  ZSchoolUsageResponse,
  ZUpdateSchoolNameRequest,
} from '@stem/contract/school';
import type { TAppContext } from '../../context';
import { acceptUploads, readUpload, type TUploadRules } from '../../lib/multipart';
import { currentUser } from '../../plugins/auth';
import * as service from './school.service';

const tags = ['school'];
/** The logo form (spec 01 §5): one "logo" part, at most 2 MB. */
const LOGO_RULES: TUploadRules = {
  field: 'logo',
  maxBytes: LOGO_MAX_BYTES,
  missing: MESSAGES.settings.logoMissing,
  tooLarge: MESSAGES.settings.logoSize,
};
const security = [{ bearer: [] }];

/** The settings popup's school calls (spec 01 §2, §5, §7): name, logo, and the usage chart. */
export const schoolRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  // Scoped to this plugin: the logo form's one "logo" part, at most 2 MB, in memory only.
  await acceptUploads(app, LOGO_RULES);

  app.post(
    SCHOOL_PATHS.updateName,
    {
      // Only teachers edit school details (spec 01 §2): refused at the door, before the body is read.
      onRequest: app.requireRole('teacher'),
      schema: {
        tags,
        operationId: 'updateSchoolName',
        summary: 'Rename the school (teachers of a paid school)',
        security,
        body: ZUpdateSchoolNameRequest,
        response: {
          200: ZSchoolUpdateResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => service.updateName(ctx, currentUser(request), request.body.name),
  );

  app.post(
    SCHOOL_PATHS.updateLogo,
    {
      onRequest: app.requireRole('teacher'),
      bodyLimit: LOGO_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        operationId: 'updateSchoolLogo',
        summary:
          'Upload the school logo (multipart field "logo": JPG, PNG, GIF or SVG, at most 2 MB; stored as PNG)',
        security,
        consumes: ['multipart/form-data'],
        response: {
          200: ZSchoolUpdateResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const bytes = await readUpload(request, LOGO_RULES);
      return service.updateLogo(ctx, user, bytes);
    },
  );

  app.get(
    SCHOOL_PATHS.logo,
    {
      schema: {
        tags,
        operationId: 'getSchoolLogo',
        summary: 'The school logo as a PNG (public, cached; served so that nothing in it can run)',
        security: [],
        params: ZLogoParam,
        response: {
          // Documents the image; Fastify sends a Buffer as it is, without a serializer.
          200: z.string().describe('The logo, image/png'),
          400: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request, typedReply) => {
      // A binary reply: the JSON reply schemas do not apply.
      const reply = typedReply as unknown as FastifyReply;
      const logo = await service.getLogo(ctx, request.params.schoolId);
      void reply
        .header('etag', logo.etag)
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === logo.etag) return reply.status(304).send();
      return reply.type(logo.contentType).send(logo.bytes);
    },
  );

  app.get(
    SCHOOL_PATHS.usage,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'getSchoolUsage',
        summary:
          'Student Usage chart (paid teachers): submissions per student per week, last 12 weeks, and students used against the plan limit',
        security,
        response: {
          200: ZSchoolUsageResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getUsage(ctx, currentUser(request)),
    }),
  );
};
