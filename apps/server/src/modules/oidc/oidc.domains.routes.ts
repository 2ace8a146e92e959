import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import {
  SCHOOL_DOMAIN_PATHS,
  ZAddSchoolDomainRequest,
  ZOwnerSchoolDomainParam,
  ZOwnerSchoolParam,
  ZSchoolDomainParam,
  ZSchoolDomainsResponse,
} from '@stem/contract/oidc';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { addDomain, listDomains, removeDomain } from './oidc.domains.service';

const tags = ['school'];
const security = [{ bearer: [] }];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/**
 * A school's sign-in e-mail domains (issue 29): the admin manages their own school's, the owner any
 * school's. A first Google / Microsoft sign-in from a listed domain joins that school as a student.
 */
export const schoolDomainRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const adminOnly = app.requireRole('admin');
  const ownerOnly = app.requireRole('owner');

  app.get(
    SCHOOL_DOMAIN_PATHS.admin,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        operationId: 'listSchoolDomains',
        summary: "The admin's school's sign-in e-mail domains",
        security,
        response: { 200: ZSchoolDomainsResponse, ...errors },
      },
    },
    async (request) => listDomains(ctx, currentUser(request)),
  );

  app.post(
    SCHOOL_DOMAIN_PATHS.admin,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        operationId: 'addSchoolDomain',
        summary: "Add a sign-in e-mail domain to the admin's school (not a public mail service)",
        security,
        body: ZAddSchoolDomainRequest,
        response: { 200: ZSchoolDomainsResponse, ...errors },
      },
    },
    async (request) => addDomain(ctx, currentUser(request), request.body.domain),
  );

  app.delete(
    SCHOOL_DOMAIN_PATHS.adminOne,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        operationId: 'removeSchoolDomain',
        summary: "Remove a sign-in e-mail domain of the admin's school",
        security,
        params: ZSchoolDomainParam,
        response: { 200: ZSchoolDomainsResponse, ...errors },
      },
    },
    async (request) => removeDomain(ctx, currentUser(request), request.params.domain),
  );

  app.get(
    SCHOOL_DOMAIN_PATHS.owner,
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        operationId: 'listOwnerSchoolDomains',
        summary: "A school's sign-in e-mail domains (owner)",
        security,
        params: ZOwnerSchoolParam,
        response: { 200: ZSchoolDomainsResponse, ...errors },
      },
    },
    async (request) => listDomains(ctx, currentUser(request), request.params.id),
  );

  app.post(
    SCHOOL_DOMAIN_PATHS.owner,
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        operationId: 'addOwnerSchoolDomain',
        summary: 'Add a sign-in e-mail domain to a school (owner)',
        security,
        params: ZOwnerSchoolParam,
        body: ZAddSchoolDomainRequest,
        response: { 200: ZSchoolDomainsResponse, ...errors },
      },
    },
    async (request) => addDomain(ctx, currentUser(request), request.body.domain, request.params.id),
  );

  app.delete(
    SCHOOL_DOMAIN_PATHS.ownerOne,
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        operationId: 'removeOwnerSchoolDomain',
        summary: 'Remove a sign-in e-mail domain of a school (owner)',
        security,
        params: ZOwnerSchoolDomainParam,
        response: { 200: ZSchoolDomainsResponse, ...errors },
      },
    },
    async (request) =>
      removeDomain(ctx, currentUser(request), request.params.domain, request.params.id),
  );
};
