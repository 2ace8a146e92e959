/**
 * The one script landing.html asks for while it loads (`<script async>`, fetched at low priority,
 * built by scripts/prerender-landing.mjs as a small classic script). The page is drawn from its HTML
 * and the styles written into it; its modules (src/landing-main.tsx and the chunks it imports, listed
 * in this script's `data-modules`) only hydrate it, so they are asked for once the page has been
 * painted, and take no bandwidth or main-thread time from the first paint. A signed-in visitor is
 * sent to their dashboard at once, before any module loads. A button pressed before the modules
 * have run (its press would do nothing: React does not own the page yet) is pressed again once they
 * have, so an early tap on Get Started still opens the trial: the page's inline first script notes
 * it (@stem/contract/landing-press), since this one may arrive after the tap. Links work without
 * the modules.
 */
import { clearEarlyPress, EARLY_PRESS_GLOBAL } from '@stem/contract/landing-press';
import { signedInHomePath } from './app/signed-in-home';

/**
 * Adds the entry module and, ahead of it, every chunk it imports (so they load side by side); then,
 * once the entry has run (it hydrates the page, so React handles presses from then on), presses
 * again the last button pressed before.
 */
function loadModules(modules: string[], pressedBefore: () => HTMLElement | null): void {
  const [entry, ...imported] = modules;
  if (!entry) return;
  for (const href of imported) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  script.addEventListener(
    'load',
    () => {
      const pressed = pressedBefore();
      clearEarlyPress(pressed);
      pressed?.click();
    },
    { once: true },
  );
  // Modules that never arrive leave the page as it is: its button is no longer shown busy.
  script.addEventListener('error', () => clearEarlyPress(pressedBefore()), { once: true });
  document.head.append(script);
}

type TEarlyPress = { pressed: HTMLElement | null; stop: () => void };

/**
 * The last button of the page pressed so far, as the page's first script (EARLY_PRESS_SCRIPT,
 * inline in landing.html's head) noted it; that script stops noting. Null where the page has no
 * such script (the dev server's landing.html).
 */
function pressedBefore(): HTMLElement | null {
  const early = (window as unknown as Record<string, TEarlyPress | undefined>)[EARLY_PRESS_GLOBAL];
  early?.stop();
  return early?.pressed ?? null;
}

/**
 * Calls `then` once the page has had its first contentful paint and has been read to the end (the
 * modules hydrate the whole page). Where the browser does not report paints, once the page has been
 * read. A page opened in a background tab is painted, and so hydrated, when it is first shown.
 */
function afterFirstPaint(then: () => void): void {
  let isDone = false;
  const once = () => {
    if (isDone) return;
    isDone = true;
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', then, { once: true });
    else then();
  };
  const paints = typeof PerformanceObserver === 'function' ? PerformanceObserver : undefined;
  // Browsers from before 2019 have the observer without the list of what it reports.
  const reported: readonly string[] | undefined = paints?.supportedEntryTypes;
  if (paints && reported?.includes('paint')) {
    const observer = new paints((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else once();
}

function startLanding(script: HTMLOrSVGScriptElement | null): void {
  const home = signedInHomePath();
  if (home) {
    window.location.replace(home);
    return;
  }
  const modules = script?.dataset.modules?.split(' ').filter(Boolean) ?? [];
  afterFirstPaint(() => loadModules(modules, pressedBefore));
}

startLanding(document.currentScript);
