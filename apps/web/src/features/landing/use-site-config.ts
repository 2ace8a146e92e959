import { useEffect, useState } from 'react';
import type { TPublicSiteConfig } from '@stem/contract/site';
import { getSiteConfig, SITE_CONFIG_FALLBACK } from './api';

/**
 * The deployment's public addresses (Book A Demo, LinkedIn, contact, the introductory offer), asked
 * for once each time the page opens; the defaults stand in until the reply (or if it never comes).
 */
export function useSiteConfig(): TPublicSiteConfig {
  const [site, setSite] = useState<TPublicSiteConfig>(SITE_CONFIG_FALLBACK);
  useEffect(() => {
    let isCurrent = true;
    void getSiteConfig().then((config) => {
      if (isCurrent) setSite(config);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return site;
}
