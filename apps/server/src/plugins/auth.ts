import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@stem/contract/messages';
import type { TRole } from '@stem/contract/roles';
import { AppError } from '../lib/app-error';
import { createTokenVerifier, secretKey, type TAccessClaims } from '../lib/tokens';

/** The account's current role and standing (see modules/auth/auth.account-state.ts). */
export type TAccountLookup = (userId: string) => Promise<{
  role: TRole;
  schoolId: string | null;
  active: boolean;
  schoolActive: boolean;
} | null>;

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
  async (app: FastifyInstance, options: { jwtSecret: string; accountState: TAccountLookup }) => {
    const verifyAccessToken = createTokenVerifier(secretKey(options.jwtSecret));
    app.decorateRequest('auth', null);

    const authenticate = async (request: FastifyRequest): Promise<void> => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new AppError('UNAUTHENTICATED', MESSAGES.server.unauthenticated);
      const result = await verifyAccessToken(match[1]);
      if (!result.ok) {
        throw result.reason === 'expired'
          ? new AppError('TOKEN_EXPIRED', MESSAGES.server.tokenExpired)
          : new AppError('UNAUTHENTICATED', MESSAGES.server.unauthenticated);
      }
      // The token says who signed in; their role and standing are read as they are now, so a
      // promotion, demotion or deactivation applies from the next request.
      const state = await options.accountState(result.claims.userId);
      if (!state) throw new AppError('ACCOUNT_INACTIVE', MESSAGES.server.unauthenticated);
      if (!state.active) throw new AppError('ACCOUNT_INACTIVE', MESSAGES.server.accountInactive);
      if (state.role !== 'owner' && !state.schoolActive) {
        throw new AppError('ACCOUNT_INACTIVE', MESSAGES.register.inactiveSchool);
      }
      request.auth = { userId: result.claims.userId, role: state.role, schoolId: state.schoolId };
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
