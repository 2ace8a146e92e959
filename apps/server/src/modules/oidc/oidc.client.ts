import * as client from 'openid-client';
import type { TOidcProviderConfig } from '../../config';

/** What a finished sign-in tells about the person, from the provider's verified id_token. */
export type TOidcClaims = {
  subject: string;
  email: string | null;
  /** The provider vouches for the address (Google: email_verified; Microsoft: also xms_edov). */
  isEmailVerified: boolean;
  name: string | null;
};

/** The secrets of one started sign-in, kept server-side between the start and the callback. */
export type TOidcChecks = { state: string; nonce: string; codeVerifier: string };

/**
 * The OpenID Connect client (openid-client, OpenID-certified): discovery, the authorization URL with
 * PKCE (S256), state and nonce, and the code exchange that checks them. The providers' metadata is
 * fetched once per issuer and kept; a failed discovery is tried again on the next sign-in.
 */
const configurations = new Map<string, Promise<client.Configuration>>();

function configurationOf(provider: TOidcProviderConfig): Promise<client.Configuration> {
  const key = `${provider.issuer}|${provider.clientId}`;
  let found = configurations.get(key);
  if (!found) {
    found = client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      undefined,
      {
        // Only for an issuer on this machine outside production (config.ts checks it): a test provider.
        execute: provider.allowInsecureRequests ? [client.allowInsecureRequests] : [],
        timeout: 10,
      },
    );
    configurations.set(key, found);
    found.catch(() => configurations.delete(key));
  }
  return found;
}

/** New random state, nonce and PKCE verifier for one sign-in. */
export function newChecks(): TOidcChecks {
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
}

/** The provider's authorization URL for this sign-in (code flow, PKCE S256, state, nonce). */
export async function authorizationUrl(
  provider: TOidcProviderConfig,
  checks: TOidcChecks,
): Promise<URL> {
  const config = await configurationOf(provider);
  return client.buildAuthorizationUrl(config, {
    redirect_uri: provider.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
  });
}

/**
 * Exchanges the code of the callback URL (with the PKCE verifier) and returns the id_token's claims.
 * openid-client checks the state, the issuer, the id_token's signature, audience, expiry and nonce;
 * any failure throws.
 */
export async function finishAuthorization(
  provider: TOidcProviderConfig,
  callbackUrl: URL,
  checks: TOidcChecks,
): Promise<TOidcClaims> {
  const config = await configurationOf(provider);
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error('the token response has no id_token');
  // Google and Microsoft put the e-mail in the id_token; a provider that keeps it for the userinfo
  // endpoint is asked there (for the same subject: openid-client checks it).
  const claims: Record<string, unknown> & { sub: string } =
    idToken.email === undefined
      ? {
          ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)),
          sub: idToken.sub,
        }
      : idToken;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
  return {
    subject: claims.sub,
    email: email || null,
    isEmailVerified:
      claims.email_verified === true || (provider.id === 'microsoft' && claims.xms_edov === true),
    name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null,
  };
}
