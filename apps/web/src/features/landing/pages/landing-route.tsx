import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { InternalLinkContext } from '../../../components/internal-link';
import LandingPage from './landing-page';

/**
 * The landing page as a route of the app (reached by a link inside the app, e.g. the logo on /login,
 * or after a cancelled checkout): its links are the router's, and the router clears its query string.
 * A first visit to `/` gets the page from its own entry instead (src/landing-main.tsx).
 */
export default function LandingRoute() {
  const [params, setParams] = useSearchParams();
  const clearSearch = useCallback(() => setParams({}, { replace: true }), [setParams]);
  const search = params.toString();
  return (
    <InternalLinkContext.Provider value={Link}>
      <LandingPage search={search ? `?${search}` : ''} clearSearch={clearSearch} />
    </InternalLinkContext.Provider>
  );
}
