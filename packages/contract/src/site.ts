/**
 * The public site settings the landing page reads (issue 8, issue 18 "Introductory prices"): addresses
 * that differ between deployments, so they come from the server's configuration, not the build.
 */
import { z } from 'zod';

export { SITE_DEFAULTS, SITE_PATHS, isIntroOfferOpen } from './site-constants';

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
  /**
   * Whether plans can be bought here (PAYMENTS is stripe or test). False: the buy buttons say plans
   * are not on sale yet, and the checkout calls refuse.
   */
  plansOnSale: z.boolean(),
});
export type TPublicSiteConfig = z.infer<typeof ZPublicSiteConfig>;
