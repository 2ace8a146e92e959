/**
 * The landing page rendered to HTML at build time (`npm run build` runs scripts/prerender-landing.mjs
 * on this module's server build): landing.html then carries the whole page, so a first visit shows
 * it as soon as the HTML and the stylesheet arrive, and src/landing-main.tsx hydrates it. It is the
 * page as a visitor who is not signed in first sees it: no query string, the default site settings
 * (the page asks the server for the deployment's own once it runs).
 */
import { renderToString } from 'react-dom/server';
import { LandingRoot } from './features/landing/landing-root';

/** The page's first script, written inline into its head (@stem/contract/landing-press). */
export { EARLY_PRESS_SCRIPT } from '@stem/contract/landing-press';

export function render(): string {
  return renderToString(<LandingRoot search="" clearSearch={() => undefined} />);
}
