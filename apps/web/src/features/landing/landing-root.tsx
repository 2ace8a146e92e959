import { PageRoot } from '../../app/page-root';
import LandingPage from './pages/landing-page';

type TLandingRootProps = { search?: string; clearSearch?: () => void };

/**
 * The landing page's whole tree on its own entry (src/landing-prerender.tsx renders it,
 * src/landing-main.tsx hydrates it).
 */
export function LandingRoot(props: TLandingRootProps) {
  return (
    <PageRoot>
      <LandingPage {...props} />
    </PageRoot>
  );
}
