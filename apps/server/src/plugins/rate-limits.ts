import type { FastifyRequest } from 'fastify';

/**
 * A route's rate limit per signed-in user: the hook runs after the role check (preHandler), so the
 * key is the user and one school's network address is not one shared allowance. `name` keeps each
 * route's counters apart.
 */
export function perUser(name: string, limit: { max: number; windowMs: number }) {
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowMs,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${name}|${request.auth?.userId ?? request.ip}`,
    },
  };
}
