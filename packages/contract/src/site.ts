/**
 * The public site settings the landing page reads (issue 8, issue 18 "Introductory prices"): addresses
 * that differ between deployments, so they come from the server's configuration, not the build.
 */
import { z } from 'zod';

export const SITE_PATHS = {
  publicConfig: '/site/config',
} as const;

/** Defaults used by the server when the variables are unset, and by the page until the reply arrives. */
export const SITE_DEFAULTS = {
  contactEmail: 'support@stemathome.app',
  bookDemoUrl: 'mailto:support@stemathome.app?subject=Book%20a%20demo%20of%20STEM%40Home',
  linkedinUrl: 'https://www.linkedin.com/company/stemathome',
} as const;

export const ZPublicSiteConfig = z.object({
  /** Book A Demo: an https:// or mailto: address. */
  bookDemoUrl: z.string(),
  linkedinUrl: z.string(),
  contactEmail: z.string(),
  /**
   * Last day (YYYY-MM-DD, inclusive) of the introductory prices; null when no offer is configured.
   * The page shows the 'introductory' line only while this date is today or later.
   */
  introOfferEndsOn: z.string().nullable(),
});
export type TPublicSiteConfig = z.infer<typeof ZPublicSiteConfig>;

/** Whether the introductory-prices line shows on `today` (YYYY-MM-DD, both in the same zone). */
export function isIntroOfferOpen(endsOn: string | null, today: string): boolean {
  return endsOn !== null && endsOn >= today;
}
