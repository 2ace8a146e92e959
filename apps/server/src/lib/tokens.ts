import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@stem/contract/limits';
import { normaliseRole, type TRole } from '@stem/contract/roles';

export type TAccessClaims = { userId: string; role: TRole; schoolId: string | null };

const ISSUER = 'stem-at-home';

/**
 * Signs a short-lived HS256 access token. `session` is the sign-in's session (its refresh-token
 * family): the token works only while that session does (modules/auth/auth.account-state.ts).
 */
export async function signAccessToken(
  secret: Uint8Array,
  claims: TAccessClaims & { session: string },
): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.schoolId, ses: claims.session })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(secret);
}

/** The claims of a verified token; `session` is null for a token signed before sessions were. */
export type TTokenClaims = TAccessClaims & { session: string | null };

export type TVerifyResult =
  { ok: true; claims: TTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<TVerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    const role = normaliseRole(payload.role);
    if (!payload.sub || !role) return { ok: false, reason: 'invalid' };
    const sid = typeof payload.sid === 'string' ? payload.sid : null;
    const session = typeof payload.ses === 'string' ? payload.ses : null;
    return { ok: true, claims: { userId: payload.sub, role, schoolId: sid, session } };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/**
 * `verifyAccessToken` behind a bounded map of tokens already verified, until their expiry: a person
 * sends the same token with every request for its lifetime, and checking its HMAC again each time was
 * a measurable share of a cached reply's cost (issue 14). Only valid tokens are kept.
 */
export function createTokenVerifier(
  secret: Uint8Array,
  maxEntries = 10_000,
): (token: string) => Promise<TVerifyResult> {
  const verified = new Map<string, { claims: TTokenClaims; expiresAt: number }>();
  return async (token) => {
    const known = verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return { ok: true, claims: known.claims };
      verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const result = await verifyAccessToken(secret, token);
    if (result.ok) {
      const exp = decodeExpiry(token);
      if (exp !== null) {
        if (verified.size >= maxEntries) {
          const oldest = verified.keys().next();
          if (!oldest.done) verified.delete(oldest.value);
        }
        verified.set(token, { claims: result.claims, expiresAt: exp * 1000 });
      }
    }
    return result;
  };
}

/** The `exp` claim (seconds) of a token whose signature was just checked; null when absent. */
function decodeExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

/** A random, URL-safe opaque token (refresh, magic link, reset). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the SHA-256 of an opaque token is ever stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}
