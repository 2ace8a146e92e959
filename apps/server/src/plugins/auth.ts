import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@stem/contract/messages';
import type { TRole } from '@stem/contract/roles';
import { AppError } from '../lib/app-error';
import { createTokenVerifier, secretKey, type TAccessClaims } from '../lib/tokens';

/** The account's current role and standing in one session (modules/auth/auth.account-state.ts). */
export type TAccountLookup = (
  userId: string,
  session: string,
) => Promise<{
  role: TRole;
  schoolId: string | null;
  active: boolean;
  schoolActive: boolean;
  sessionLive: boolean;
} | null>;

/** Sessions are refresh-token families, uuids. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
      // A token from before tokens named their session: the client refreshes it (one more request).
      const session = result.claims.session;
      if (!session || !SESSION_ID.test(session)) {
        throw new AppError('TOKEN_EXPIRED', MESSAGES.server.tokenExpired);
      }
      // The token says who signed in and in which session; their role, standing and session are
      // read as they are now (cached briefly, forgotten when they change), so a promotion, a
      // deactivation, a sign-out or a password reset applies from the next request.
      const state = await options.accountState(result.claims.userId, session);
      if (!state) throw new AppError('ACCOUNT_INACTIVE', MESSAGES.server.unauthenticated);
      if (!state.active) throw new AppError('ACCOUNT_INACTIVE', MESSAGES.server.accountInactive);
      if (state.role !== 'owner' && !state.schoolActive) {
        throw new AppError('ACCOUNT_INACTIVE', MESSAGES.register.inactiveSchool);
      }
      if (!state.sessionLive) throw new AppError('UNAUTHENTICATED', MESSAGES.server.sessionEnded);
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
