/**
 * The login page's own entry (login.html, which the server sends for a first visit to `/login`). It
 * draws the page with Mantine's provider alone: no router, no query client, no notifications, only
 * the login page's texts (@stem/contract/messages-login) and only the Mantine styles the page uses
 * (features/auth/login-mantine.css), so the first visit downloads and runs far less than the app's
 * entry. The build puts the page's HTML into login.html (src/login-prerender.tsx), which this
 * hydrates; the dev server's login.html is empty and is rendered here.
 *
 * Everything else is the app's: the link to sign up and the logo are plain links (the browser loads
 * the app there), and after signing in the browser loads the user's first page, which replaces
 * /login in the history as the app's own navigation does. A signed-in visitor goes straight to their
 * dashboard, as the app's guard on /login sends them. The app's first files are fetched ahead while
 * the visitor signs in (fetchAppAhead).
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { dashboardPathFor } from '@stem/contract/roles';
import './features/auth/login-mantine.css';
import { getItem, getStoredRole, isSignedIn } from './lib/session-core';
import { LoginRoot } from './features/auth/login-root';

/**
 * The navigation state and key the app's router left in the history entry (`usr`, `key`), so a
 * notice handed over to /login is still shown when the page is reloaded, as the app shows it.
 */
function navigation(): { state: unknown; navigationKey: string } {
  const entry: unknown = window.history.state;
  if (!entry || typeof entry !== 'object') return { state: null, navigationKey: 'default' };
  return {
    state: 'usr' in entry ? entry.usr : null,
    navigationKey: 'key' in entry && typeof entry.key === 'string' ? entry.key : 'default',
  };
}

/**
 * Fetches the app's first files into the cache (their list is in login.html, written by
 * scripts/prerender-login.mjs), so the page the browser loads after sign-in starts at once. Done
 * when the visitor first focuses something on the page, i.e. starts to sign in, not on every visit.
 */
function fetchAppAhead(): void {
  const list = document.querySelector<HTMLMetaElement>('meta[name="stem-app-assets"]');
  for (const href of list?.content.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // As the app's own <script type="module" crossorigin> and stylesheet ask for them.
    link.crossOrigin = 'anonymous';
    if (href.endsWith('.js')) link.as = 'script';
    else if (href.endsWith('.css')) link.as = 'style';
    document.head.append(link);
  }
}

const signedInRole = isSignedIn() ? getStoredRole() : null;
if (signedInRole) {
  window.location.replace(dashboardPathFor(signedInRole));
} else {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const { state, navigationKey } = navigation();
  const page = (
    <LoginRoot
      state={state}
      navigationKey={navigationKey}
      onSignedIn={(destination) => window.location.replace(destination)}
    />
  );
  // The prerendered page is the page with no notice and no School Code box; with either, the
  // page is drawn afresh in its place instead of hydrated.
  const asPrerendered = state === null && !getItem('generatedSchoolCode');
  root.addEventListener('focusin', fetchAppAhead, { once: true });
  // #root stays inert until React owns it, so nothing typed or clicked before then is lost.
  root.removeAttribute('inert');
  // Hydrated as a transition, so React works in short slices and yields to the browser between
  // them instead of holding the main thread for the whole page (the page is already on screen).
  if (root.firstElementChild && asPrerendered) startTransition(() => void hydrateRoot(root, page));
  else createRoot(root).render(page);
}
