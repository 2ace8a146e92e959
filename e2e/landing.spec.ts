import type { Page } from '@playwright/test';
import { MESSAGES } from '@stem/contract/messages';
import { FAQS_FOR_TESTS } from './support/landing';
import { accounts, pick } from './support/accounts';
import { OWNER } from './support/run-state';
import { DESKTOP, expectNoHorizontalOverflow, PHONE, signIn, snap } from './support/pages';
import { expect as baseExpect, test } from './support/test';

/** Pages load their code lazily: allow for a busy machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

const L = MESSAGES.landing;

async function openLanding(page: Page, query = ''): Promise<void> {
  await page.goto(`/${query}`);
  // The page's own chunk loads after the app's: allow for a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: L.hero.title })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveTitle(L.documentTitle);
}

/** The sections, the toggles, an FAQ answer, the lightbox and the video, at the current width. */
async function walkTheLandingPage(page: Page): Promise<void> {
  await expect(page.getByTestId('promo-banner')).toContainText('EXAM2025');
  for (const id of ['product', 'pricing', 'faqs'])
    await expect(page.locator(`#${id}`)).toHaveCount(1);
  await expectNoHorizontalOverflow(page);

  // Pricing: Personal monthly and Classroom annual first; the toggles change the price.
  const personal = page.getByTestId('plan-personal');
  await personal.scrollIntoViewIfNeeded();
  await expect(personal.getByTestId('price')).toHaveText('£4.99');
  await expect(page.getByTestId('plan-classroom').getByTestId('price')).toHaveText('£349.99');
  await personal.getByText(L.pricing.annual, { exact: true }).click();
  await expect(personal.getByTestId('price')).toHaveText('£49.99');
  await expect(personal).toContainText('Save 17%');
  await expect(
    page.getByTestId('plan-classroom').getByRole('button', { name: L.pricing.comingSoon }),
  ).toBeDisabled();
  await expectNoHorizontalOverflow(page);

  // The screenshots are real images of the product, loaded once scrolled to.
  const shot = page.getByTestId('feature').first().getByRole('img');
  await shot.scrollIntoViewIfNeeded();
  await expect
    .poll(() => shot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(640);
  await page.getByTestId('feature').first().getByRole('button').click();
  const lightbox = page.getByRole('dialog');
  await expect(lightbox.getByTestId('lightbox').getByRole('img')).toBeVisible();
  await expect
    .poll(() =>
      lightbox
        .getByTestId('lightbox')
        .getByRole('img')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    )
    .toBe(1280);
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // An FAQ opens to its answer.
  const faq = FAQS_FOR_TESTS.images;
  await page.getByRole('button', { name: faq.question }).click();
  await expect(page.getByText(faq.answer)).toBeVisible();

  // Watch Demo plays the recorded video in a fullscreen modal.
  await page
    .getByRole('region', { name: L.hero.title })
    .getByRole('button', { name: L.hero.watchDemo })
    .click();
  const video = page.getByRole('dialog', { name: L.video.title }).getByTestId('demo-video');
  await expect(video).toBeVisible();
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => element.readyState >= 1 && element.duration),
    )
    .toBeGreaterThan(10);
  await page.getByRole('button', { name: L.video.close }).click();
  await expect(video).toBeHidden();
}

test.describe('the landing page at 1280 px', () => {
  test.use({ viewport: DESKTOP });
  test.describe.configure({ timeout: 90_000 });

  test('shows every section, and its toggles, FAQ, lightbox and video work', async ({ page }) => {
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: L.nav.label });
    await expect(nav.getByRole('link', { name: L.nav.pricing })).toBeVisible();
    await expect(page.getByRole('link', { name: L.nav.bookDemo }).first()).toBeVisible();
    await snap(page, 'landing', [DESKTOP]);
    await nav.getByRole('link', { name: L.nav.faqs }).click();
    await expect(page).toHaveURL(/#faqs$/);
    await expect(page.getByRole('heading', { name: L.faqs.title })).toBeInViewport();
    await walkTheLandingPage(page);
    await page.getByRole('link', { name: L.nav.clientLogin }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('says a cancelled payment was not charged and clears the query string', async ({ page }) => {
    await openLanding(page, '?payment_status=cancelled');
    await expect(page.getByRole('alert')).toHaveText(L.paymentCancelled);
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: L.hero.title })).toBeVisible();
    await expect(page.getByText(L.paymentCancelled)).toHaveCount(0);
  });

  test('is painted before its scripts are asked for; a button pressed before they run still works', async ({
    page,
  }) => {
    // The page's scripts (the loader too) are held back, as on a slow network, until the press has
    // been made and seen: it comes before any of them has run.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/landing-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // Pressed as soon as it shows, long before the page's load event (which waits for the scripts).
    await page.goto('/', { waitUntil: 'commit' });
    const getStarted = page
      .getByRole('region', { name: L.hero.title })
      .getByRole('button', { name: L.hero.getStarted });
    await getStarted.click();
    // Until the scripts have run, the pressed button shows that it is busy.
    await expect(getStarted).toHaveAttribute('aria-busy', 'true');
    expect(await getStarted.evaluate((b) => getComputedStyle(b).cursor)).toBe('progress');
    release();
    await expect(page.getByRole('dialog', { name: MESSAGES.trialModal.title })).toBeVisible();
    await expect(getStarted).not.toHaveAttribute('aria-busy', 'true');
    const timing = await page.evaluate(() => {
      const modules = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(?!landing-loader-)[^/]+\.js$/.test(entry.name));
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
        modules: modules.length,
        firstModule: Math.min(...modules.map((entry) => entry.startTime)),
      };
    });
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.modules).toBeGreaterThan(1);
    expect(timing.firstModule).toBeGreaterThan(timing.paint);
  });

  const signedIn = [
    { role: 'teacher', account: () => pick(accounts().teachers, 0, 'teacher'), to: /\/dashboard$/ },
    { role: 'admin', account: () => accounts().admin, to: /\/admin-dashboard$/ },
    { role: 'owner', account: () => ({ ...OWNER }), to: /\/owner-dashboard$/ },
  ] as const;
  for (const { role, account, to } of signedIn) {
    test(`sends a signed-in ${role} to their dashboard from /, /login and /register`, async ({
      page,
    }) => {
      const { email, password } = account();
      await signIn(page, email, password);
      for (const path of ['/', '/login', '/register']) {
        await page.goto(path);
        await expect(page).toHaveURL(to, { timeout: 20_000 });
      }
    });
  }
});

test.describe('the landing page on a 390 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('fits the screen; the menu holds the links, and the rest works', async ({ page }) => {
    await openLanding(page);
    await expectNoHorizontalOverflow(page);
    await snap(page, 'landing', [PHONE]);
    await page.getByRole('button', { name: L.nav.openMenu }).click();
    const menu = page.getByRole('navigation', { name: L.nav.menu });
    await expect(menu.getByRole('link', { name: L.nav.clientLogin })).toBeVisible();
    await expect(menu.getByRole('link', { name: L.nav.bookDemo })).toBeVisible();
    await menu.getByRole('link', { name: L.nav.pricing }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
    await walkTheLandingPage(page);
  });
});
