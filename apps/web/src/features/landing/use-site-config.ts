import { startTransition, useEffect, useState } from 'react';
import type { TPublicSiteConfig } from '@stem/contract/site';
import { getSiteConfig, SITE_CONFIG_FALLBACK } from './api';

const isSame = (a: TPublicSiteConfig, b: TPublicSiteConfig): boolean =>
  a.bookDemoUrl === b.bookDemoUrl &&
  a.linkedinUrl === b.linkedinUrl &&
  a.contactEmail === b.contactEmail &&
  a.introOfferEndsOn === b.introOfferEndsOn &&
  a.plansOnSale === b.plansOnSale;

/**
 * The deployment's public addresses (Book A Demo, LinkedIn, contact, the introductory offer) and
 * whether plans are on sale, asked
 * for once each time the page opens; the defaults stand in until the reply (or if it never comes).
 * A reply that only repeats the defaults changes nothing; another is applied as a transition. The
 * reply often comes while the page is still being hydrated, and an urgent update would make React
 * hydrate the rest of the page at once, in one long task, to give the sections their new props.
 */
export function useSiteConfig(): TPublicSiteConfig {
  const [site, setSite] = useState<TPublicSiteConfig>(SITE_CONFIG_FALLBACK);
  useEffect(() => {
    let isCurrent = true;
    void getSiteConfig().then((config) => {
      if (isCurrent && !isSame(config, SITE_CONFIG_FALLBACK))
        startTransition(() => setSite(config));
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return site;
}
