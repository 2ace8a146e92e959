import type { TPublicSiteConfig } from '@stem/contract/site';
import type { TConfig } from '../../config';
import { arePlansOnSale } from '../payments/payments.policy';

/** The configuration the landing page may see: addresses, the offer date and whether plans are on sale. */
export function presentPublicSiteConfig(
  config: Pick<TConfig, 'site' | 'payments'>,
): TPublicSiteConfig {
  return {
    bookDemoUrl: config.site.bookDemoUrl,
    linkedinUrl: config.site.linkedinUrl,
    contactEmail: config.site.contactEmail,
    introOfferEndsOn: config.site.introOfferEndsOn ?? null,
    plansOnSale: arePlansOnSale(config),
  };
}
