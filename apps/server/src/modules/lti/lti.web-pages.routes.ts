import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LTI_DEEP_LINK_PAGE, LTI_LAUNCH_PAGE } from '@stem/contract/lti';
import { z } from 'zod';
import type { TAppContext } from '../../context';
import { strictPolicyFramedBy } from '../../plugins/security-headers';
import { allFrameOrigins, frameOriginsOfLaunch } from './lti.frames';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The two web app pages an LMS shows in its frame (issue 29): the launch hand-off (`/lti/launch`)
 * and the deep linking picker (`/lti/deep-link/<launch>`). They are the app's own index.html with
 * the site's policy, except that `frame-ancestors` names the registered LMS origins: every
 * platform's for the hand-off (its code is in the fragment, so the server cannot tell whose
 * launch it is), the launch's own platform for the picker. Every other page of the app keeps
 * `frame-ancestors 'none'`. The app moves on from these pages without loading another document, so
 * the frame keeps working on the question or class it opens.
 */
export const ltiWebPageRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const webDist = ctx.config.webDist;
  // Without the built app these paths are 404 like any other (the not-found handler's).
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) return;

  const sendApp = (reply: FastifyReply, origins: readonly string[]) => {
    if (origins.length > 0) void reply.removeHeader('x-frame-options');
    return reply
      .header('content-security-policy', strictPolicyFramedBy(origins))
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile('index.html');
  };

  app.get(LTI_LAUNCH_PAGE, { schema: { hide: true } }, async (_request, reply) =>
    sendApp(reply, await allFrameOrigins(ctx.db)),
  );
  app.get(
    `${LTI_DEEP_LINK_PAGE}/:launchId`,
    { schema: { hide: true, params: z.object({ launchId: z.string().max(200) }) } },
    async (request, reply) => {
      const { launchId } = request.params;
      const origins = UUID_RE.test(launchId) ? await frameOriginsOfLaunch(ctx.db, launchId) : [];
      return sendApp(reply, origins);
    },
  );
};
