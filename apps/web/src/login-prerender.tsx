/**
 * The login page rendered to HTML at build time (`npm run build` runs scripts/prerender-login.mjs on
 * this module's server build): login.html, which the server sends for a first visit to `/login`,
 * then carries the page as a visitor who is not signed in first sees it (no navigation state, no
 * School Code stored), so it shows as soon as the HTML and the stylesheet arrive, and
 * src/login-main.tsx hydrates it.
 */
import { renderToString } from 'react-dom/server';
import { LOGIN_MESSAGES } from '@stem/contract/messages-login';
import { LoginRoot } from './features/auth/login-root';

export function render(): string {
  return renderToString(
    <LoginRoot state={null} navigationKey="default" onSignedIn={() => undefined} />,
  );
}

/** The browser tab's title, which the page sets once it runs (written into login.html too). */
export const title = LOGIN_MESSAGES.loginPage.documentTitle;
