import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { SITE_PATHS, ZPublicSiteConfig } from '@stem/contract/site';
import type { TAppContext } from '../../context';
import { presentPublicSiteConfig } from './site.presenter';

/** Browsers and proxies may keep the settings for five minutes: they change only with a redeploy. */
const CACHE_SECONDS = 300;

/** Public settings of the landing page (Book A Demo, LinkedIn, contact, introductory offer). */
export const siteRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  app.get(
    SITE_PATHS.publicConfig,
    {
      schema: {
        operationId: 'getPublicSiteConfig',
        tags: ['site'],
        summary: 'Public settings of the landing page: demo, LinkedIn and contact addresses',
        security: [],
        response: { 200: ZPublicSiteConfig, 429: ZErrorResponse },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', `public, max-age=${CACHE_SECONDS}`);
      return presentPublicSiteConfig(ctx.config);
    },
  );
};
