import { use, type ReactNode } from 'react';

/**
 * Sections of the landing page below the first screen are hydrated when they come near the screen,
 * or when the visitor first presses, taps, focuses or types in one, not all at once as the page
 * opens: the page's HTML already shows them (src/landing-prerender.tsx), and hydrating them all took
 * most of the main thread's time after the first paint on a slow phone. Until then React leaves the
 * section's HTML as it is (a Suspense boundary waiting on its gate); a press releases the gate before
 * its click arrives, and React hydrates the section at once to handle the click.
 *
 * A gate is a promise with React's `status` fields, set here, so a released gate is read without
 * waiting (React then hydrates synchronously for a click). Only the landing entry, when it hydrates
 * the page's HTML, turns this on (deferSectionHydration); elsewhere (the build's render, the app's
 * own `/` route, drawn by the browser) and without IntersectionObserver nothing waits.
 */
type TGate = Promise<void> & { status: 'pending' | 'fulfilled'; value?: undefined };

/** How far below (and above) the screen a section starts to hydrate: half a screen. */
const AHEAD = '50% 0px';
const INTERACTIONS = ['pointerdown', 'mousedown', 'touchstart', 'focusin', 'keydown'] as const;

/** The gate of a section that has nothing to wait for. */
const OPEN: TGate = Object.assign(Promise.resolve(), { status: 'fulfilled' as const });

/** Each section's gate, or null when it had nothing to wait for, decided at its first render. */
const gates = new Map<string, { gate: TGate; release: () => void } | null>();
let isDeferring = false;

/** Called by the landing entry before it hydrates the page's HTML. */
export function deferSectionHydration(): void {
  isDeferring = true;
}

/** The section's gate, made at its first render; OPEN where nothing waits. */
function gateFor(id: string): Promise<void> {
  const known = gates.get(id);
  if (known !== undefined) return known?.gate ?? OPEN;
  if (!isDeferring) return OPEN;
  // The section's element: absent when the browser draws the page itself (nothing to hydrate).
  const marker = document.getElementById(id);
  const section = marker?.closest('section, footer') ?? marker;
  if (!section || typeof IntersectionObserver !== 'function') {
    gates.set(id, null);
    return OPEN;
  }
  let open = () => {};
  const gate = Object.assign(
    new Promise<void>((resolve) => {
      open = resolve;
    }),
    { status: 'pending' as const },
  ) as TGate;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) release();
    },
    { rootMargin: AHEAD },
  );
  // On the document, in the capture phase: before React's own listener on the page's root sees it.
  const onInteraction = (event: Event) => {
    if (event.target instanceof Node && section.contains(event.target)) release();
  };
  function release(): void {
    if (gate.status === 'fulfilled') return;
    gate.status = 'fulfilled';
    gate.value = undefined;
    observer.disconnect();
    for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true);
    open();
  }
  observer.observe(section);
  for (const type of INTERACTIONS)
    document.addEventListener(type, onInteraction, { capture: true, passive: true });
  gates.set(id, { gate, release });
  return gate;
}

/**
 * Hydrates every section still waiting, e.g. before the page's props change (new site settings):
 * a section React has not hydrated cannot take new props without being drawn afresh.
 */
export function hydrateAllSections(): void {
  for (const known of gates.values()) known?.release();
}

/**
 * Wraps a section below the first screen, inside its own Suspense boundary. `id` is the id of an
 * element of the section (the section or its heading).
 */
export function HydrateWhenSeen({ id, children }: { id: string; children: ReactNode }) {
  // A released gate (status 'fulfilled') is read at once; a pending one suspends the boundary.
  use(gateFor(id));
  return children;
}
