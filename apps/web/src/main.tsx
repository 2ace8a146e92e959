import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, routerReady } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

function start(container: HTMLElement) {
  container.removeAttribute('inert');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}

// login.html arrives with the login page's HTML already in #root (scripts/prerender-login.mjs): it
// stays on screen until the router has loaded the page's route, and the app then renders in its
// place, so the first render is the page itself rather than the loading fallback. Until then #root
// is inert: the prerendered form takes no typing or clicks that the app's render would lose.
if (root.firstElementChild) void routerReady().then(() => start(root));
else start(root);
