import { existsSync } from 'node:fs';

/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** How every browser run of the project starts Chromium: headless, no sandbox, nothing fetched. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const INSTALL_HINT =
  'install it with `apt-get install chromium` (Debian/Ubuntu, as root), or set CHROMIUM_PATH to a Chromium or Chrome binary';

export type TBrowserLookup = { found: true; path: string } | { found: false; message: string };

/**
 * The browser for the Playwright suite: CHROMIUM_PATH when set, then Debian's /usr/bin/chromium, then
 * Playwright's own Chromium when it was installed (`npx playwright install chromium`). When none is
 * there, `message` is one line saying what to install and how.
 */
export function findChromium(options: {
  env: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
  /** Where Playwright's own Chromium would be (undefined when Playwright cannot say). */
  playwrightChromium?: string | undefined;
}): TBrowserLookup {
  const exists = options.exists ?? existsSync;
  const chosen = options.env.CHROMIUM_PATH?.trim();
  if (chosen) {
    return exists(chosen)
      ? { found: true, path: chosen }
      : {
          found: false,
          message: `The browser tests need Chromium, but CHROMIUM_PATH=${chosen} does not exist: ${INSTALL_HINT}.`,
        };
  }
  if (exists(DEBIAN_CHROMIUM)) return { found: true, path: DEBIAN_CHROMIUM };
  const own = options.playwrightChromium;
  if (own && exists(own)) return { found: true, path: own };
  return {
    found: false,
    message: `The browser tests need Chromium, which is not installed (looked at CHROMIUM_PATH, ${DEBIAN_CHROMIUM} and Playwright's own): ${INSTALL_HINT}.`,
  };
}

/** Where Playwright keeps its own Chromium, or undefined (its path is known even when not installed). */
export async function playwrightChromiumPath(): Promise<string | undefined> {
  try {
    const { chromium } = await import('@playwright/test');
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
