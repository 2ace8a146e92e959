import { MESSAGES } from '@stem/contract/messages';
import { z } from 'zod';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { fetchJsonLimited, LtiFetchError, type TLimitedReply } from './lti.client';

/**
 * The LMS's OpenID configuration, as LTI Dynamic Registration 1.0 reads it (issue 29): fetched
 * within limits (no redirect, 10 seconds, 256 KB), its shape checked, then the spec's rules: the
 * issuer is at the very origin the configuration was read from (an LMS cannot name another's
 * issuer), every endpoint is https (outside production http is accepted, as for the owner's own
 * registrations), the token endpoint takes the tool's signed JWT (`private_key_jwt`) and the LMS
 * signs with RS256 when it says which methods and algorithms it has.
 */

const R = MESSAGES.lti.registration;
/** The LMS's replies: 10 seconds, 256 KB at most. */
export const REGISTRATION_LIMITS = { timeoutMs: 10_000, maxBytes: 256 * 1024 } as const;

const ZPlatformConfiguration = z.looseObject({
  issuer: z.string().min(1).max(2000),
  authorization_endpoint: z.string().min(1).max(2000),
  token_endpoint: z.string().min(1).max(2000),
  jwks_uri: z.string().min(1).max(2000),
  registration_endpoint: z.string().min(1).max(2000),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
  scopes_supported: z.array(z.string()).optional(),
  claims_supported: z.array(z.string()).optional(),
  'https://purl.imsglobal.org/spec/lti-platform-configuration': z.looseObject({
    product_family_code: z.string().optional(),
    messages_supported: z
      .array(z.looseObject({ type: z.string(), placements: z.array(z.string()).optional() }))
      .optional(),
  }),
});
export type TPlatformConfiguration = z.infer<typeof ZPlatformConfiguration>;

const ENDPOINTS = [
  'authorization_endpoint',
  'token_endpoint',
  'jwks_uri',
  'registration_endpoint',
] as const;

function isAllowedUrl(ctx: TAppContext, address: string): URL | null {
  try {
    const url = new URL(address);
    const secure = url.protocol === 'https:';
    const plainAllowed = url.protocol === 'http:' && ctx.config.env !== 'production';
    return (secure || plainAllowed) && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

function invalid(what: string): AppError {
  return new AppError('BAD_REQUEST', R.configInvalid(what));
}

/** The checks of LTI Dynamic Registration on a configuration read from `from`. */
export function checkPlatformConfiguration(
  ctx: TAppContext,
  from: URL,
  body: unknown,
): TPlatformConfiguration {
  const parsed = ZPlatformConfiguration.safeParse(body);
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path.join('.') || 'issuer';
    throw invalid(R.configProblems.field(path));
  }
  const configuration = parsed.data;
  const issuer = isAllowedUrl(ctx, configuration.issuer);
  if (!issuer || issuer.search || issuer.hash) throw invalid(R.configProblems.issuer);
  if (issuer.origin !== from.origin) {
    throw new AppError('BAD_REQUEST', R.issuerMismatch(configuration.issuer, from.origin));
  }
  for (const name of ENDPOINTS) {
    if (!isAllowedUrl(ctx, configuration[name])) throw invalid(R.configProblems.endpoint(name));
  }
  const methods = configuration.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('private_key_jwt')) throw invalid(R.configProblems.authMethod);
  const algorithms = configuration.id_token_signing_alg_values_supported;
  if (algorithms && !algorithms.includes('RS256')) throw invalid(R.configProblems.signing);
  return configuration;
}

/** Reads the LMS's OpenID configuration and checks it. */
export async function readPlatformConfiguration(
  ctx: TAppContext,
  url: URL,
): Promise<TPlatformConfiguration> {
  let reply: TLimitedReply;
  try {
    reply = await fetchJsonLimited(
      url.href,
      { headers: { accept: 'application/json' } },
      REGISTRATION_LIMITS,
    );
  } catch (err) {
    if (err instanceof LtiFetchError) {
      throw new AppError('BAD_GATEWAY', R.configUnreachable(R.fetchProblems[err.problem]));
    }
    throw err;
  }
  if (reply.status !== 200) {
    throw new AppError('BAD_GATEWAY', R.configUnreachable(R.fetchProblems.status(reply.status)));
  }
  if (reply.body === null) {
    throw new AppError('BAD_GATEWAY', R.configUnreachable(R.fetchProblems.notJson));
  }
  return checkPlatformConfiguration(ctx, url, reply.body);
}
