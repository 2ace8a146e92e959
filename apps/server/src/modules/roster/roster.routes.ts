import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { ROSTER_MAX_BYTES } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  ROSTER_PATHS,
  ZInviteRequest,
  ZRosterImportResponse,
  ZRosterPreviewResponse,
  ZRosterUserResponse,
} from '@stem/contract/roster';
import { ZIdParam, ZMessageResponse } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { acceptUploads } from '../../lib/multipart';
import { currentUser } from '../../plugins/auth';
import { readRosterUpload, ROSTER_UPLOAD_RULES } from './roster.csv';
import * as service from './roster.service';

const security = [{ bearer: [] }];
const tags = ['admin'];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const invalidOrMissing = { 400: ZErrorResponse, ...denied, 404: ZErrorResponse };
const uploadErrors = {
  400: ZErrorResponse,
  ...denied,
  413: ZErrorResponse,
  415: ZErrorResponse,
};
const R = MESSAGES.roster;

/** Rosters (issue 29): the school admin's CSV import and the invitation and account actions. */
export const rosterRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  // Scoped to this plugin: one "file" part, at most 1 MB, streamed into the CSV parser.
  await acceptUploads(app, ROSTER_UPLOAD_RULES);
  const adminOnly = app.requireRole('admin');
  const bodyLimit = ROSTER_MAX_BYTES + 64 * 1024;

  app.post(
    ROSTER_PATHS.preview,
    {
      onRequest: adminOnly,
      bodyLimit,
      schema: {
        operationId: 'previewRoster',
        tags,
        summary:
          'Check a roster CSV (multipart field "file": name, email, role, class, year group; at most 1 MB and 2,000 rows): each row new, already there or an error with its reason, and the plan\'s limits. Nothing is written',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ZRosterPreviewResponse, ...uploadErrors },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const rows = await readRosterUpload(request);
      return { success: true as const, data: await service.previewRoster(ctx, admin, rows) };
    },
  );

  app.post(
    ROSTER_PATHS.import,
    {
      onRequest: adminOnly,
      bodyLimit,
      schema: {
        operationId: 'importRoster',
        tags,
        summary:
          "Import a roster CSV (the preview's file): creates the new people without a password, places students in their classes and mails each an invitation (7 days, once); rows with an error are left out; past the plan's limits nothing is written (403)",
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ZRosterImportResponse, ...uploadErrors },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const rows = await readRosterUpload(request);
      const data = await service.importRoster(ctx, admin, rows);
      return {
        success: true as const,
        message: R.imported(data.created, data.invited, data.placed),
        data,
      };
    },
  );

  app.post(
    ROSTER_PATHS.invite,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'invitePerson',
        tags,
        summary:
          "Invite one student or teacher (optionally placed in a class of the school) by e-mail; the plan's limits apply; a taken e-mail is 409",
        security,
        body: ZInviteRequest,
        response: { 201: ZRosterUserResponse, ...invalidOrMissing, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const user = await service.invitePerson(ctx, currentUser(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: R.invite.sent(user.name), user });
    },
  );

  app.post(
    ROSTER_PATHS.resendInvitation,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'resendInvitation',
        tags,
        summary:
          'Send a new invitation link (7 days, once) to a person who has not chosen a password; the earlier link stops working',
        security,
        params: ZIdParam,
        response: { 200: ZMessageResponse, ...invalidOrMissing, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const { name } = await service.resendInvitation(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: R.resent(name) };
    },
  );

  app.post(
    ROSTER_PATHS.sendReset,
    {
      onRequest: adminOnly,
      schema: {
        operationId: 'sendPasswordReset',
        tags,
        summary:
          'Mail a person a link (a day, once) to choose a new password; no password is shown or mailed',
        security,
        params: ZIdParam,
        response: { 200: ZMessageResponse, ...invalidOrMissing, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const { name } = await service.sendPasswordReset(
        ctx,
        currentUser(request),
        request.params.id,
      );
      return { success: true as const, message: R.resetSent(name) };
    },
  );

  for (const change of ['deactivate', 'reactivate'] as const) {
    app.put(
      ROSTER_PATHS[change],
      {
        onRequest: adminOnly,
        schema: {
          operationId: change === 'deactivate' ? 'deactivateUser' : 'reactivateUser',
          tags,
          summary:
            change === 'deactivate'
              ? 'Deactivate an account without deleting it: it cannot sign in and its sessions end at once'
              : 'Reactivate a deactivated account',
          security,
          params: ZIdParam,
          response: { 200: ZRosterUserResponse, ...invalidOrMissing },
        },
      },
      async (request) => {
        const user = await service.setAccountActive(
          ctx,
          currentUser(request),
          request.params.id,
          change === 'reactivate',
        );
        return {
          success: true as const,
          message: change === 'deactivate' ? R.deactivated(user.name) : R.reactivated(user.name),
          user,
        };
      },
    );
  }
};
