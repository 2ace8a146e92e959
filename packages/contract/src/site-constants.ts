/**
 * The site settings' paths, defaults and offer rule without zod, so the landing page's first load
 * does not carry the schema library (site.ts re-exports them beside the reply schema).
 */
export const SITE_PATHS = {
  publicConfig: '/site/config',
} as const;

/** Defaults used by the server when the variables are unset, and by the page until the reply arrives. */
export const SITE_DEFAULTS = {
  contactEmail: 'support@stemathome.app',
  bookDemoUrl: 'mailto:support@stemathome.app?subject=Book%20a%20demo%20of%20STEM%40Home',
  linkedinUrl: 'https://www.linkedin.com/company/stemathome',
} as const;

/** Whether the introductory-prices line shows on `today` (YYYY-MM-DD, both in the same zone). */
export function isIntroOfferOpen(endsOn: string | null, today: string): boolean {
  return endsOn !== null && endsOn >= today;
}
