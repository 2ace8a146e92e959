/**
 * The landing page's own entry (landing.html, which the server sends for `/`). It renders the page
 * with Mantine's provider alone: no router, no query client, no notifications, and only the Mantine
 * styles the page uses, so a first visit downloads about half of what the app's entry would. The
 * build puts the page's HTML into landing.html (src/landing-prerender.tsx), which this hydrates; the
 * dev server's landing.html is empty and is rendered here. The built page asks for this module (and
 * the chunks it imports) only once it has been painted (src/landing-loader.ts). The page's links to
 * other pages are plain links, and the browser loads the app (index.html) there. A signed-in visitor
 * goes straight to their dashboard, as the app's `/` route does (on the built page, the loader has
 * already sent them).
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './features/landing/landing-mantine.css';
import { signedInHomePath } from './app/signed-in-home';
import { LandingRoot } from './features/landing/landing-root';

const home = signedInHomePath();
if (home) {
  window.location.replace(home);
} else {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  // Hydrated as a transition, as the login page is: React works in short slices and yields to the
  // browser between them instead of holding the main thread for the whole page (which is already
  // on screen). A press on a part not yet hydrated hydrates that part at once and is then handled.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, <LandingRoot />));
  else createRoot(root).render(<LandingRoot />);
}
