import type { TPublicSiteConfig } from '@stem/contract/site';
import type { TConfig } from '../../config';

/** The configuration the landing page may see: addresses and the offer date, nothing else. */
export function presentPublicSiteConfig(config: Pick<TConfig, 'site'>): TPublicSiteConfig {
  return {
    bookDemoUrl: config.site.bookDemoUrl,
    linkedinUrl: config.site.linkedinUrl,
    contactEmail: config.site.contactEmail,
    introOfferEndsOn: config.site.introOfferEndsOn ?? null,
  };
}
