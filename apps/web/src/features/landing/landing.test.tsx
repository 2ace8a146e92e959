import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { PAID_PLANS } from '@stem/contract/plans';
import { SITE_DEFAULTS, SITE_PATHS } from '@stem/contract/site';
import { PAYMENT_PATHS, TRIAL_PATHS } from '@stem/contract/trial';
import { landingRedirect } from '../../app/landing-redirect';
import { signedInHomePath } from '../../app/signed-in-home';
import { theme } from '../../app/theme';
import { setupLocalBackend } from '../../test/local-backend';
import { LocationProbe, renderRoutes } from '../../test/render-app';
import { browser } from './api';
import { FEATURES } from './landing-content';
import { FAQS } from './landing-faqs';
import { LandingRoot } from './landing-root';
import LandingPage from './pages/landing-page';
import LandingRoute from './pages/landing-route';

const L = MESSAGES.landing;
const T = MESSAGES.trialModal;
const E = MESSAGES.emailModal;

const backend = setupLocalBackend();

function siteConfig(overrides: Record<string, unknown> = {}) {
  backend.on('GET', SITE_PATHS.publicConfig, {
    status: 200,
    body: {
      bookDemoUrl: 'https://cal.example.org/demo',
      linkedinUrl: 'https://www.linkedin.com/company/example',
      contactEmail: 'hello@example.org',
      introOfferEndsOn: null,
      plansOnSale: true,
      ...overrides,
    },
  });
}

const TRIAL = {
  success: true,
  message: 'Trial created',
  data: {
    schoolName: 'Trial School ABCD',
    schoolCode: 'ABCD1234EFGH5678',
    expirationDate: '2030-06-15T10:00:00.000Z',
    trialDays: 14,
  },
};

function renderLanding(entry = '/') {
  return renderRoutes(
    [
      { path: '/', loader: landingRedirect, element: <LandingRoute /> },
      { path: '*', element: <LocationProbe /> },
    ],
    entry,
  );
}

/** A button of the hero (Get Started also sits on the pricing and call-to-action sections). */
async function heroButton(name: string) {
  const hero = await screen.findByRole('region', { name: L.hero.title });
  return within(hero).getByRole('button', { name });
}

beforeEach(() => {
  localStorage.clear();
  siteConfig();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('landing page', () => {
  it('has the banner, the section anchors, Client Login and the configured Book A Demo and footer links', async () => {
    renderLanding();
    expect(await screen.findByRole('heading', { level: 1, name: L.hero.title })).toBeVisible();
    expect(document.title).toBe(L.documentTitle);
    expect(screen.getByTestId('promo-banner')).toHaveTextContent('EXAM2025');
    const nav = screen.getByRole('navigation', { name: L.nav.label });
    expect(within(nav).getByRole('link', { name: L.nav.product })).toHaveAttribute(
      'href',
      '#product',
    );
    expect(within(nav).getByRole('link', { name: L.nav.pricing })).toHaveAttribute(
      'href',
      '#pricing',
    );
    expect(within(nav).getByRole('link', { name: L.nav.faqs })).toHaveAttribute('href', '#faqs');
    expect(screen.getByRole('link', { name: L.nav.clientLogin })).toHaveAttribute('href', '/login');
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: L.nav.bookDemo })[0]).toHaveAttribute(
        'href',
        'https://cal.example.org/demo',
      ),
    );
    const footer = screen.getByRole('navigation', { name: L.footer.label });
    expect(within(footer).getByRole('link', { name: L.footer.features })).toHaveAttribute(
      'href',
      '#product',
    );
    expect(within(footer).getByRole('link', { name: L.footer.pricing })).toHaveAttribute(
      'href',
      '#pricing',
    );
    expect(within(footer).getByRole('link', { name: L.footer.contact })).toHaveAttribute(
      'href',
      'mailto:hello@example.org',
    );
    expect(within(footer).getByRole('link', { name: L.footer.linkedin })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/company/example',
    );
    expect(within(footer).getByRole('link', { name: L.footer.privacy })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(within(footer).getByRole('link', { name: L.footer.eula })).toHaveAttribute(
      'href',
      '/eula',
    );
    // Every screenshot has its alt text and its size, and waits until it is scrolled to.
    for (const feature of FEATURES) {
      const image = screen.getByAltText(feature.alt);
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '640');
      expect(image).toHaveAttribute('height', '400');
    }
  });

  it('falls back to the default addresses when the settings cannot be loaded', async () => {
    backend.reset();
    renderLanding();
    await screen.findByRole('heading', { level: 1, name: L.hero.title });
    await waitFor(() =>
      expect(backend.seen.some((r) => r.path === SITE_PATHS.publicConfig)).toBe(true),
    );
    expect(screen.getAllByRole('link', { name: L.nav.bookDemo })[0]).toHaveAttribute(
      'href',
      SITE_DEFAULTS.bookDemoUrl,
    );
  });

  it('prices from the plan table: Personal monthly and Classroom annual first, each with its own toggle', async () => {
    const user = userEvent.setup({ delay: null });
    renderLanding();
    const personal = await screen.findByTestId('plan-personal');
    const classroom = screen.getByTestId('plan-classroom');
    expect(within(personal).getByTestId('price')).toHaveTextContent('£4.99');
    expect(personal).toHaveTextContent(L.pricing.perMonth);
    expect(personal).toHaveTextContent(L.pricing.was('£9.99'));
    expect(within(classroom).getByTestId('price')).toHaveTextContent('£349.99');
    expect(classroom).toHaveTextContent(L.pricing.aboutPerMonth('£29.17'));

    await user.click(within(personal).getByText(L.pricing.annual));
    expect(within(personal).getByTestId('price')).toHaveTextContent('£49.99');
    expect(personal).toHaveTextContent('Save 17%');
    expect(personal).toHaveTextContent(L.pricing.aboutPerMonth('£4.17'));
    // The other plan's toggle is its own.
    expect(within(classroom).getByTestId('price')).toHaveTextContent('£349.99');
    await user.click(within(classroom).getByText(L.pricing.monthly));
    expect(within(classroom).getByTestId('price')).toHaveTextContent('£29.99');

    const comingSoon = within(classroom).getByRole('button', { name: L.pricing.comingSoon });
    expect(comingSoon).toBeDisabled();
    expect(classroom).toHaveTextContent(L.pricing.classroomNote);
    for (const feature of PAID_PLANS.classroom.features)
      expect(classroom).toHaveTextContent(feature);
  });

  it('says plans are not on sale yet where the server takes no payments, hides the promo, and Buy Plan shows why', async () => {
    const user = userEvent.setup({ delay: null });
    siteConfig({ plansOnSale: false });
    renderLanding();
    const personal = await screen.findByTestId('plan-personal');
    const notOnSale = await within(personal).findByRole(
      'button',
      { name: L.pricing.notOnSale },
      { timeout: 15_000 },
    );
    expect(notOnSale).toBeDisabled();
    expect(personal).toHaveTextContent(L.pricing.notOnSaleNote);
    const classroom = screen.getByTestId('plan-classroom');
    expect(within(classroom).getByRole('button', { name: L.pricing.notOnSale })).toBeDisabled();
    expect(screen.queryByRole('button', { name: L.pricing.buy })).not.toBeInTheDocument();
    // No promo code is advertised for plans that cannot be bought.
    expect(screen.queryByTestId('promo-banner')).not.toBeInTheDocument();
    // The navbar's Buy Plan opens no e-mail dialog: nothing could be bought through it.
    const scrolled = vi.fn();
    const pricing = document.getElementById('pricing');
    if (pricing) pricing.scrollIntoView = scrolled;
    await user.click(screen.getAllByRole('button', { name: L.nav.buyPlan })[0] as HTMLElement);
    expect(scrolled).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the introductory line only while the configured offer runs', async () => {
    siteConfig({ introOfferEndsOn: '2099-08-31' });
    const { unmount } = renderLanding();
    expect(await screen.findByTestId('intro-offer', {}, { timeout: 20_000 })).toHaveTextContent(
      L.pricing.introductory('31 August 2099'),
    );
    unmount();
    siteConfig({ introOfferEndsOn: '2025-08-31' });
    renderLanding();
    await screen.findByTestId('plan-personal');
    await waitFor(() =>
      expect(backend.seen.some((r) => r.path === SITE_PATHS.publicConfig)).toBe(true),
    );
    expect(screen.queryByTestId('intro-offer')).not.toBeInTheDocument();
  });

  it('says a payment was cancelled, then clears the query string', async () => {
    const { router } = renderLanding('/?payment_status=cancelled');
    expect(await screen.findByRole('alert')).toHaveTextContent(L.paymentCancelled);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText(L.paymentCancelled)).toBeVisible();
  });

  it.each([
    ['owner', '/owner-dashboard'],
    ['admin', '/admin-dashboard'],
    ['teacher', '/dashboard'],
    ['student', '/dashboard'],
  ])('sends a signed-in %s to %s', async (role, path) => {
    localStorage.setItem('token', 'a-token');
    localStorage.setItem('role', role);
    renderLanding();
    expect(await screen.findByTestId('location')).toHaveTextContent(path);
  });

  it('opens an FAQ answer, a screenshot in the lightbox and the demo video', async () => {
    const user = userEvent.setup({ delay: null });
    renderLanding();
    const faq = FAQS[1];
    if (!faq) throw new Error('FAQs expected');
    await user.click(await screen.findByRole('button', { name: faq.question }));
    // The accordion panel opens with a transition.
    await waitFor(() => expect(screen.getByText(faq.answer)).toBeVisible());

    const feature = FEATURES[0];
    if (!feature) throw new Error('features expected');
    await user.click(screen.getByRole('button', { name: L.features.enlarge(feature.title) }));
    const lightbox = await screen.findByRole('dialog', { name: feature.title });
    expect(within(lightbox).getByAltText(feature.alt)).toHaveAttribute('width', '1280');
    await user.click(within(lightbox).getByRole('button', { name: L.features.closeLightbox }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(await heroButton(L.hero.watchDemo));
    const video = await screen.findByRole('dialog', { name: L.video.title });
    expect(within(video).getByTestId('demo-video')).toHaveAttribute('controls');
  });
});

describe('trial modal', () => {
  it('creates a trial school and shows its code, expiry, contents and Register Now', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', TRIAL_PATHS.create, { status: 201, body: TRIAL });
    renderLanding();
    await user.click(await heroButton(L.hero.getStarted));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    expect(T.title).toBe('Try STEM@Home for Free');
    await user.click(within(dialog).getByRole('button', { name: T.start }));
    await within(dialog).findByTestId('trial-created');
    const create = backend.seen.find((r) => r.path === TRIAL_PATHS.create);
    expect(create?.method).toBe('POST');
    expect(create?.body).toEqual({});
    expect(within(dialog).getByTestId('trial-school-name')).toHaveTextContent('Trial School ABCD');
    expect(within(dialog).getByTestId('trial-school-code')).toHaveTextContent(
      'ABCD-1234-EFGH-5678',
    );
    expect(dialog).toHaveTextContent(T.expires('15 June 2030', 14));
    expect(dialog).toHaveTextContent(T.includesTitle);
    expect(dialog).toHaveTextContent(T.nextStepsTitle);
    expect(localStorage.getItem('generatedSchoolCode')).toBe('ABCD1234EFGH5678');
    expect(localStorage.getItem('trialSchoolName')).toBe('Trial School ABCD');
    expect(within(dialog).getByRole('link', { name: T.registerNow })).toHaveAttribute(
      'href',
      '/register?showTrial=true&code=ABCD1234EFGH5678',
    );

    await user.click(within(dialog).getByRole('button', { name: T.copyCode }));
    expect(await navigator.clipboard.readText()).toBe('ABCD1234EFGH5678');
    expect(
      within(dialog).getByRole('button', { name: MESSAGES.settings.copiedLabel }),
    ).toHaveTextContent(MESSAGES.settings.copiedLabel);
    await waitFor(
      () =>
        expect(within(dialog).getByRole('button', { name: T.copyCode })).toHaveTextContent(T.copy),
      { timeout: 20_000 },
    );
  });

  it('shows the loading state while the school is made', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', TRIAL_PATHS.create, { status: 201, body: TRIAL });
    renderLanding();
    await user.click(await heroButton(L.hero.getStarted));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    const click = user.click(within(dialog).getByRole('button', { name: T.start }));
    expect(await within(dialog).findByText(T.creating)).toBeVisible();
    await click;
    await within(dialog).findByTestId('trial-created');
  });

  it('offers Try Again after a failure, and words a 429 as a rate limit', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', TRIAL_PATHS.create, {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'boom' },
    });
    renderLanding();
    await user.click(await heroButton(L.hero.getStarted));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    await user.click(within(dialog).getByRole('button', { name: T.start }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(T.failed);
    expect(alert).toHaveTextContent(T.failedText);

    backend.on('POST', TRIAL_PATHS.create, {
      status: 429,
      body: {
        success: false,
        code: 'RATE_LIMITED',
        message: 'Too many trials from here. Try again in an hour.',
      },
    });
    await user.click(within(dialog).getByRole('button', { name: T.tryAgain }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Too many trials from here. Try again in an hour.',
      ),
    );

    backend.on('POST', TRIAL_PATHS.create, { status: 201, body: TRIAL });
    await user.click(within(dialog).getByRole('button', { name: T.tryAgain }));
    await within(dialog).findByTestId('trial-created');
  });

  it('by e-mail: an address in use shows the alert and the modal stays; a new one gets the link', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', TRIAL_PATHS.checkEmail, (request) => {
      const email = (request.body as { email: string }).email;
      return { status: 200, body: { exists: email === 'taken@example.org', message: '' } };
    });
    backend.on('GET', TRIAL_PATHS.emailTrial, {
      status: 200,
      body: { success: true, message: 'Sent' },
    });
    renderLanding();
    await user.click(await heroButton(L.hero.getStarted));
    await user.click(await screen.findByRole('button', { name: T.byEmail }));
    const dialog = await screen.findByRole('dialog', { name: E.title });
    const field = within(dialog).getByRole('textbox', { name: E.label });

    await user.type(field, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: E.trialSubmit }));
    expect(within(dialog).getByText(MESSAGES.register.emailInvalid)).toBeVisible();

    await user.clear(field);
    await user.type(field, 'Taken@Example.org');
    await user.click(within(dialog).getByRole('button', { name: E.trialSubmit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(E.emailExists);
    expect(within(dialog).getByRole('textbox', { name: E.label })).toBeVisible();
    expect(backend.seen.some((r) => r.path === TRIAL_PATHS.emailTrial)).toBe(false);

    await user.clear(field);
    await user.type(field, 'New.Teacher@Example.org');
    await user.click(within(dialog).getByRole('button', { name: E.trialSubmit }));
    expect(await within(dialog).findByText(E.trialSentTitle)).toBeVisible();
    expect(dialog).toHaveTextContent(E.trialSent('new.teacher@example.org'));
    const check = backend.seen.filter((r) => r.path === TRIAL_PATHS.checkEmail).at(-1);
    expect(check?.body).toEqual({ email: 'new.teacher@example.org' });
    expect(backend.seen.filter((r) => r.path === TRIAL_PATHS.emailTrial)).toHaveLength(1);
  });

  it('by e-mail: a failed check says so', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', TRIAL_PATHS.checkEmail, {
      status: 500,
      body: { success: false, message: 'x' },
    });
    renderLanding();
    await user.click(await heroButton(L.hero.getStarted));
    await user.click(await screen.findByRole('button', { name: T.byEmail }));
    const dialog = await screen.findByRole('dialog', { name: E.title });
    await user.type(within(dialog).getByRole('textbox', { name: E.label }), 'someone@example.org');
    await user.click(within(dialog).getByRole('button', { name: E.trialSubmit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(E.emailCheckFailed);
  });
});

describe('buying the Personal plan', () => {
  it('asks for the e-mail, creates a checkout and sends the browser there', async () => {
    const user = userEvent.setup({ delay: null });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    backend.on('POST', PAYMENT_PATHS.createCheckout, {
      status: 200,
      body: { success: true, checkoutUrl: 'https://checkout.example.org/session/1', message: 'ok' },
    });
    renderLanding();
    const personal = await screen.findByTestId('plan-personal');
    await user.click(within(personal).getByText(L.pricing.annual));
    await user.click(within(personal).getByRole('button', { name: L.pricing.buy }));
    const dialog = await screen.findByRole('dialog', { name: E.title });
    await user.type(within(dialog).getByRole('textbox', { name: E.label }), 'Parent@Example.org');
    await user.click(within(dialog).getByRole('button', { name: E.purchaseSubmit }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.example.org/session/1'));
    expect(backend.seen.find((r) => r.path === PAYMENT_PATHS.createCheckout)?.body).toEqual({
      planType: 'personal',
      billingOption: 'annual',
      customer_email: 'parent@example.org',
    });
  });

  it('words an address that already has a plan as the spec does', async () => {
    const user = userEvent.setup({ delay: null });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    backend.on('POST', PAYMENT_PATHS.createCheckout, {
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        message: 'A customer with this email already exists',
      },
    });
    renderLanding();
    await user.click(await screen.findByRole('button', { name: L.nav.buyPlan }));
    const dialog = await screen.findByRole('dialog', { name: E.title });
    await user.type(within(dialog).getByRole('textbox', { name: E.label }), 'parent@example.org');
    await user.type(within(dialog).getByRole('textbox', { name: E.promoLabel }), 'exam2025');
    await user.click(within(dialog).getByRole('button', { name: E.purchaseSubmit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(E.planEmailExists);
    expect(go).not.toHaveBeenCalled();
    expect(backend.seen.find((r) => r.path === PAYMENT_PATHS.createCheckout)?.body).toMatchObject({
      billingOption: 'monthly',
      promoCode: 'EXAM2025',
    });
  });
});

/** The landing page as its own entry (landing.html) renders it: Mantine alone, no router. */
function renderEntry(address = '/') {
  window.history.replaceState(null, '', address);
  return render(
    <MantineProvider theme={theme} env="test">
      <LandingPage />
    </MantineProvider>,
  );
}

describe("the landing page's own entry (no router, no query client)", () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('links into the app with plain links, and the trial dialog works', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', TRIAL_PATHS.create, { status: 201, body: TRIAL });
    renderEntry();
    expect(await screen.findByRole('heading', { level: 1, name: L.hero.title })).toBeVisible();
    expect(screen.getByRole('link', { name: L.nav.clientLogin })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: L.footer.home })).toHaveAttribute('href', '/');
    const footer = screen.getByRole('navigation', { name: L.footer.label });
    expect(within(footer).getByRole('link', { name: L.footer.privacy })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: L.nav.bookDemo })[0]).toHaveAttribute(
        'href',
        'https://cal.example.org/demo',
      ),
    );

    await user.click(await heroButton(L.hero.getStarted));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    await user.click(within(dialog).getByRole('button', { name: T.start }));
    await within(dialog).findByTestId('trial-created');
    expect(within(dialog).getByRole('link', { name: T.registerNow })).toHaveAttribute(
      'href',
      '/register?showTrial=true&code=ABCD1234EFGH5678',
    );
  });

  it('says a payment was cancelled and takes the query string off the address', async () => {
    renderEntry('/?payment_status=cancelled#pricing');
    expect(await screen.findByRole('alert')).toHaveTextContent(L.paymentCancelled);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/');
    expect(window.location.hash).toBe('#pricing');
    expect(screen.getByText(L.paymentCancelled)).toBeVisible();
  });

  it.each([
    ['owner', '/owner-dashboard'],
    ['admin', '/admin-dashboard'],
    ['teacher', '/dashboard'],
    ['student', '/dashboard'],
  ])('sends a signed-in %s to %s before drawing anything', (role, path) => {
    localStorage.setItem('token', 'a-token');
    localStorage.setItem('role', role);
    expect(signedInHomePath()).toBe(path);
  });

  it('draws the page for a visitor who is not signed in', () => {
    expect(signedInHomePath()).toBeNull();
    localStorage.setItem('role', 'teacher');
    expect(signedInHomePath()).toBeNull();
  });
});

describe('the landing page rendered at build time', () => {
  it('hydrates without a mismatch, then asks for the settings and works', async () => {
    const user = userEvent.setup({ delay: null });
    const html = renderToString(<LandingRoot search="" clearSearch={() => undefined} />);
    expect(html).toContain(L.hero.title);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatches: unknown[] = [];
    const errors = vi.spyOn(console, 'error');
    const root = await act(async () =>
      hydrateRoot(container, <LandingRoot />, {
        onRecoverableError: (error) => mismatches.push(error),
      }),
    );
    try {
      expect(mismatches).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      await waitFor(() =>
        expect(within(container).getAllByRole('link', { name: L.nav.bookDemo })[0]).toHaveAttribute(
          'href',
          'https://cal.example.org/demo',
        ),
      );
      await user.click(within(container).getByRole('button', { name: L.nav.buyPlan }));
      expect(await screen.findByRole('dialog', { name: E.title })).toBeVisible();
      // The settings' reply reached sections hydrated on their own without a client re-render.
      expect(mismatches).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});
