import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import type { TSessionResponse } from '@stem/contract/auth';
import { MESSAGES } from '@stem/contract/messages';
import { signInByApi } from './api-sign-in';

const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Signs in through the login form, as a person would, and waits to leave /login. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillSignInForm(page, email, password);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/**
 * Opens `path` already signed in: the session comes from the API's login (as the form's does) and is
 * put where the app keeps it (spec 01 §3's local-storage keys) before the first page runs. For a
 * journey whose subject is not signing in; `signIn` walks the form. 2 s a test less than the form
 * and a dashboard nobody looks at.
 */
export async function openSignedIn(
  page: Page,
  email: string,
  password: string,
  path: string,
): Promise<void> {
  const reply = await signInByApi(page.request, email, password);
  expect(reply.status(), await reply.text()).toBe(200);
  const session = (await reply.json()) as Pick<TSessionResponse, 'token' | 'refreshToken' | 'user'>;
  // Once per call and tab: a later sign-out, or the next account this tab opens, is not undone by
  // a reload (every earlier call's script runs again on each page, and finds its own mark).
  const mark = `e2e:seeded:${randomUUID()}`;
  await page.addInitScript(
    ({ stored, mark }) => {
      try {
        if (window.sessionStorage.getItem(mark)) return;
        window.sessionStorage.setItem(mark, '1');
        window.localStorage.setItem('token', stored.token);
        window.localStorage.setItem('refreshToken', stored.refreshToken);
        window.localStorage.setItem('user', JSON.stringify(stored.user));
        window.localStorage.setItem('userName', stored.user.name);
        window.localStorage.setItem('role', stored.user.role.toLowerCase());
      } catch {
        // about:blank and other opaque origins have no storage: nothing to seed there.
      }
    },
    { stored: session, mark },
  );
  await page.goto(path);
}

/** Fills and sends the Password tab of /login (the page must be open). */
export async function fillSignInForm(page: Page, email: string, password: string): Promise<void> {
  const L = MESSAGES.loginPage;
  // Both tabs hold an Email field; the role query skips the hidden panel's one.
  await page.getByRole('textbox', { name: L.emailLabel }).fill(email);
  await page.getByRole('textbox', { name: L.passwordLabel, exact: true }).fill(password);
  await page.getByRole('button', { name: L.signIn, exact: true }).click();
}

/** Logs out through the side navigation (opening it first on a phone). */
export async function logOut(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Log Out' });
  const burger = page.getByRole('button', { name: 'Open navigation' });
  await button.waitFor({ state: 'attached' });
  if (await burger.isVisible()) await burger.click();
  await button.click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The session token the app keeps in localStorage (spec 01 §4: "signed in" means it exists). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

/**
 * The x-axis labels that carry text in the first chart of `scope`, left to right. Asserts that
 * they stand apart (at least `minGap` px between two) and stay within the chart, and returns them.
 */
export async function expectChartLabelsApart(
  scope: Locator,
  minGap = 12,
): Promise<{ text: string; left: number; right: number }[]> {
  const chart = scope.locator('.recharts-wrapper').first();
  await expect(chart).toBeVisible();
  const { labels, box } = await chart.evaluate((node) => {
    const wrapper = node.getBoundingClientRect();
    const found = [
      ...node.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
    ]
      .map((tick) => ({
        text: (tick.textContent ?? '').trim(),
        rect: tick.getBoundingClientRect(),
      }))
      .filter((tick) => tick.text !== '')
      .map((tick) => ({ text: tick.text, left: tick.rect.left, right: tick.rect.right }))
      .sort((a, b) => a.left - b.left);
    return { labels: found, box: { left: wrapper.left, right: wrapper.right } };
  });
  for (const [i, label] of labels.entries()) {
    expect(label.left, `"${label.text}" inside the chart`).toBeGreaterThanOrEqual(box.left - 1);
    expect(label.right, `"${label.text}" inside the chart`).toBeLessThanOrEqual(box.right + 1);
    const before = labels[i - 1];
    if (before) {
      expect(
        label.left - before.right,
        `"${before.text}" and "${label.text}" apart`,
      ).toBeGreaterThanOrEqual(minGap);
    }
  }
  return labels;
}

/**
 * Fails when the page is wider than the viewport (a sideways scroll bar on a phone). A resize or a
 * navigation may leave the shell's navbar sliding out for a moment (Mantine's transitions), so the
 * page gets up to 3 s to settle before the culprits are named.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { timeout: 3_000 },
    )
    .toBeLessThanOrEqual(0)
    .catch(() => undefined);
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: root.scrollWidth, width, culprits };
  });
  expect(
    overflow.scrollWidth,
    `page wider than the viewport; elements past the edge: ${overflow.culprits.join(', ')}`,
  ).toBeLessThanOrEqual(overflow.width);
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * Screenshots are for a person to look over, so they are taken where one can: on a developer's run,
 * or with `E2E_SCREENSHOTS=1`. CI (`CI` set) has no one to look and skips them: 81 pairs of full-page
 * screenshots were about 2.5 of its 15 browser minutes. They assert nothing; a test's checks stay.
 */
const takeScreenshots = process.env.E2E_SCREENSHOTS
  ? process.env.E2E_SCREENSHOTS !== '0'
  : !process.env.CI;

/**
 * Full-page screenshots of the current page, by default at desktop and phone width, into
 * e2e/screenshots/ (name-1280.png, name-390.png), for a person to look over. The viewport is restored
 * afterwards.
 */
export async function snap(
  page: Page,
  name: string,
  sizes: readonly { width: number; height: number }[] = [DESKTOP, PHONE],
): Promise<void> {
  if (!takeScreenshots) return;
  mkdirSync(screenshotDir, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const size of sizes) {
    await page.setViewportSize(size);
    await settle(page);
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${size.width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(original);
  await settle(page);
}
