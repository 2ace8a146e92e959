/**
 * Signing in with Google or Microsoft (issue 29): OpenID Connect beside the spec's own sign-in. The
 * operator turns each provider on (apps/server/src/config.ts); unconfigured, its routes answer 404
 * and no button is shown.
 */
import { z } from 'zod';
import { OIDC_CALLBACK_PAGE, OIDC_PATHS } from './api';
import { ZSessionResponse } from './auth';
import { OIDC_MESSAGES } from './messages-oidc';

export const OIDC_PROVIDER_IDS = ['google', 'microsoft'] as const;
export type TOidcProviderId = (typeof OIDC_PROVIDER_IDS)[number];

/** The name on the button and in messages. */
export const OIDC_PROVIDER_LABELS: Record<TOidcProviderId, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
};

export { OIDC_CALLBACK_PAGE, OIDC_PATHS };

export const ZOidcProvider = z.object({
  id: z.enum(OIDC_PROVIDER_IDS),
  label: z.string(),
});
export type TOidcProvider = z.infer<typeof ZOidcProvider>;

export const ZOidcProvidersResponse = z.object({
  success: z.literal(true),
  providers: z.array(ZOidcProvider),
});
export type TOidcProvidersResponse = z.infer<typeof ZOidcProvidersResponse>;

export const ZOidcProviderParam = z.object({ provider: z.string().min(1).max(40) });

/** What the callback page got from the provider: its address's query string, as it is. */
export const ZOidcCallbackRequest = z.object({
  search: z.string().min(1, { message: OIDC_MESSAGES.stateInvalid }).max(8192),
});
export type TOidcCallbackRequest = z.infer<typeof ZOidcCallbackRequest>;

/**
 * Either a session (an identity already linked, or a new student of a school by e-mail domain), or a
 * pending link: an account already uses the e-mail, and the signed `linkToken` links the identity
 * once the person signs in with their password (POST /auth/login with `linkToken`).
 */
export const ZOidcCallbackResponse = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('signedIn'), session: ZSessionResponse }),
  z.object({
    outcome: z.literal('linkPending'),
    success: z.literal(true),
    message: z.string(),
    email: z.string(),
    linkToken: z.string(),
  }),
]);
export type TOidcCallbackResponse = z.infer<typeof ZOidcCallbackResponse>;

/** The school's sign-in e-mail domains: the admin's own school, and the owner's any school. */
export const SCHOOL_DOMAIN_PATHS = {
  admin: '/admin/school/domains',
  adminOne: '/admin/school/domains/:domain',
  owner: '/owner/schools/:id/domains',
  ownerOne: '/owner/schools/:id/domains/:domain',
} as const;

/**
 * Mail services anybody can have an address at: such a domain says nothing about a school, so it
 * cannot be listed.
 */
export const PUBLIC_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'live.co.uk',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.co.uk',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'btinternet.com',
  'sky.com',
  'virginmedia.com',
];

const DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function isPublicMailDomain(domain: string): boolean {
  return PUBLIC_MAIL_DOMAINS.includes(domain);
}

/** An e-mail domain as stored: trimmed, lower-cased, without a leading "@", not a public service. */
export const ZSchoolDomain = z
  .string({ message: OIDC_MESSAGES.schoolDomains.invalid })
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .regex(DOMAIN_PATTERN, { message: OIDC_MESSAGES.schoolDomains.invalid })
      .refine((value) => !isPublicMailDomain(value), {
        error: (issue) => OIDC_MESSAGES.schoolDomains.publicDomain(String(issue.input)),
      }),
  );

export const ZAddSchoolDomainRequest = z.object({ domain: ZSchoolDomain });
export type TAddSchoolDomainRequest = z.infer<typeof ZAddSchoolDomainRequest>;

export const ZSchoolDomainParam = z.object({ domain: ZSchoolDomain });
export const ZOwnerSchoolDomainParam = z.object({
  id: z.uuid({ message: 'must be a school id' }),
  domain: ZSchoolDomain,
});
export const ZOwnerSchoolParam = z.object({ id: z.uuid({ message: 'must be a school id' }) });

export const ZSchoolDomainsResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  domains: z.array(z.object({ domain: z.string(), createdAt: z.string() })),
});
export type TSchoolDomainsResponse = z.infer<typeof ZSchoolDomainsResponse>;
