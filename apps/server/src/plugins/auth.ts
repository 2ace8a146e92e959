import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@stem/contract/messages';
import type { TRole } from '@stem/contract/roles';
import { AppError } from '../lib/app-error';
import { secretKey, verifyAccessToken, type TAccessClaims } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    auth: TAccessClaims | null;
  }
  interface FastifyInstance {
    /** onRequest hook: requires a valid bearer token (before any parsing or validation). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook factory: requires a valid bearer token of one of these roles. */
    requireRole: (...roles: TRole[]) => (request: FastifyRequest) => Promise<void>;
  }
}

/** Returns the signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): TAccessClaims {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', MESSAGES.server.unauthenticated);
  return request.auth;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { jwtSecret: string }) => {
    const key = secretKey(options.jwtSecret);
    app.decorateRequest('auth', null);

    const authenticate = async (request: FastifyRequest): Promise<void> => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new AppError('UNAUTHENTICATED', MESSAGES.server.unauthenticated);
      const result = await verifyAccessToken(key, match[1]);
      if (!result.ok) {
        throw result.reason === 'expired'
          ? new AppError('TOKEN_EXPIRED', MESSAGES.server.tokenExpired)
          : new AppError('UNAUTHENTICATED', MESSAGES.server.unauthenticated);
      }
      request.auth = result.claims;
    };

    app.decorate('authenticate', authenticate);
    app.decorate('requireRole', (...roles: TRole[]) => async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.auth || !roles.includes(request.auth.role)) {
        throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
      }
    });
  },
  { name: 'auth' },
);
