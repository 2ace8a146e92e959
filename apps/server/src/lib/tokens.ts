import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@stem/contract/limits';
import { normaliseRole, type TRole } from '@stem/contract/roles';

export type TAccessClaims = { userId: string; role: TRole; schoolId: string | null };

const ISSUER = 'stem-at-home';

/** Signs a short-lived HS256 access token. */
export async function signAccessToken(secret: Uint8Array, claims: TAccessClaims): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.schoolId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(secret);
}

export type TVerifyResult =
  { ok: true; claims: TAccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<TVerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    const role = normaliseRole(payload.role);
    if (!payload.sub || !role) return { ok: false, reason: 'invalid' };
    const sid = typeof payload.sid === 'string' ? payload.sid : null;
    return { ok: true, claims: { userId: payload.sub, role, schoolId: sid } };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
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
