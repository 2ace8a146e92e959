import { SignJWT, jwtVerify } from 'jose';
import { OIDC_PROVIDER_IDS, OIDC_PROVIDER_LABELS, type TOidcProviderId } from '@stem/contract/oidc';
import type { TAppContext } from '../../context';
import { secretKey } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import type { TUserWithSchool } from '../auth/auth.queries';
import { insertIdentity } from './oidc.queries';

/** Not the access tokens' issuer: a pending-link token is never taken for an access token. */
const ISSUER = 'stem-at-home:oidc-link';
/** How long the person has to sign in with their password and link the identity. */
export const LINK_TOKEN_TTL_SECONDS = 15 * 60;

export type TPendingLink = { provider: TOidcProviderId; subject: string; email: string };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A signed, short-lived token naming an identity whose e-mail already has an account. The browser
 * keeps it and sends it with its next password sign-in, which links the identity.
 */
export function signLinkToken(ctx: TAppContext, link: TPendingLink): Promise<string> {
  const now = seconds(ctx.now());
  return new SignJWT({ prv: link.provider, eml: link.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(link.subject)
    .setIssuedAt(now)
    .setExpirationTime(now + LINK_TOKEN_TTL_SECONDS)
    .sign(secretKey(ctx.config.jwtSecret));
}

/** The pending link of a well-signed, unexpired token, else null. */
export async function verifyLinkToken(
  ctx: TAppContext,
  token: string,
): Promise<TPendingLink | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(ctx.config.jwtSecret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: ctx.now(),
    });
    const provider = OIDC_PROVIDER_IDS.find((id) => id === payload.prv);
    if (!provider || !payload.sub || typeof payload.eml !== 'string') return null;
    return { provider, subject: payload.sub, email: payload.eml };
  } catch {
    return null;
  }
}

/**
 * Completes a pending link after the account's password checked out: the token must be valid, name
 * this account's e-mail and a provider still turned on. Recorded in the audit log. Returns the
 * provider's name when linked, else null (the sign-in goes on either way).
 */
export async function linkPendingIdentity(
  ctx: TAppContext,
  row: TUserWithSchool,
  token: string,
): Promise<string | null> {
  const link = await verifyLinkToken(ctx, token);
  if (!link || link.email !== row.user.email) return null;
  if (!ctx.config.oidc.providers.some((p) => p.id === link.provider)) return null;
  const linked = await ctx.db.transaction(async (tx) => {
    const inserted = await insertIdentity(tx, {
      userId: row.user.id,
      provider: link.provider,
      subject: link.subject,
      email: link.email,
    });
    if (inserted) {
      await recordAudit(tx, {
        schoolId: row.user.schoolId,
        actorId: row.user.id,
        action: 'user.identity-linked',
        targetType: 'user',
        targetId: row.user.id,
        after: { provider: link.provider },
      });
    }
    return inserted;
  });
  return linked ? OIDC_PROVIDER_LABELS[link.provider] : null;
}
