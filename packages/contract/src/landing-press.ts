/*
 * The landing page's first script. landing.html carries it inline in its head, so it runs before
 * any of the page is drawn: a button of the page pressed before the page's modules have run (React
 * does not own the page yet, so the press does nothing) is noted, and src/landing-loader.ts presses
 * it again once they have. The loader cannot be the one that notes: it arrives `async`, on a slow
 * connection after the first paint and maybe after a first tap. The server allows this one inline
 * script by its hash in the site's policy, so its text lives here, where both read it.
 */

/** The name on `window` of what the script leaves: `{ pressed, stop }` (the last button pressed,
 * and how to stop noting). */
export const EARLY_PRESS_GLOBAL = 'stemEarlyPress';

/**
 * The script's text, exactly as landing.html carries it (its hash is in the policy). The pressed
 * button is marked `aria-busy="true"` (the page's styles show it busy) until the loader presses it
 * again, or gives up, and clears the mark (`clearEarlyPress`).
 */
export const EARLY_PRESS_SCRIPT =
  `(function(){var p={pressed:null,stop:function(){document.removeEventListener('click',n,true)}};` +
  `function n(e){var t=e.target instanceof Element?e.target.closest('button'):null;if(!t||!t.closest('#root'))return;` +
  `if(p.pressed&&p.pressed!==t)p.pressed.removeAttribute('aria-busy');p.pressed=t;t.setAttribute('aria-busy','true')}` +
  `document.addEventListener('click',n,true);window.${EARLY_PRESS_GLOBAL}=p})()`;

/** Takes the early press's busy mark off its button. */
export function clearEarlyPress(button: { removeAttribute(name: string): void } | null): void {
  button?.removeAttribute('aria-busy');
}
