import '@testing-library/jest-dom/vitest';
import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { SITE_PATHS } from '@stem/contract/site';
import { setupLocalBackend } from '../../test/local-backend';
import { SITE_CONFIG_FALLBACK } from './api';
import { FAQS } from './landing-faqs';
import { deferSectionHydration } from './hydrate-when-seen';
import { LandingRoot } from './landing-root';

const L = MESSAGES.landing;
const backend = setupLocalBackend();

/** An IntersectionObserver whose elements come into view only when a test says so. */
class TestObserver {
  static all: TestObserver[] = [];
  readonly elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    this.elements.length = 0;
  }
  static show(element: Element) {
    for (const observer of TestObserver.all.filter((o) => o.elements.includes(element))) {
      const entry = { target: element, isIntersecting: true } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}

/** Whether React owns the element yet, i.e. has hydrated it (React's own key on DOM nodes). */
const isHydrated = (element: Element | null) =>
  element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the landing page rendered at build time, hydrated', { timeout: 60_000 }, () => {
  it('hydrates the sections below the first screen only once seen or pressed', async () => {
    // The deployment's settings are the defaults: nothing asks the sections to change.
    backend.on('GET', SITE_PATHS.publicConfig, { status: 200, body: SITE_CONFIG_FALLBACK });
    vi.stubGlobal('IntersectionObserver', TestObserver);
    const user = userEvent.setup({ delay: null });
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LandingRoot search="" clearSearch={() => undefined} />);
    document.body.append(container);
    const mismatches: unknown[] = [];
    const errors = vi.spyOn(console, 'error');
    // As the landing entry does (src/landing-main.tsx).
    deferSectionHydration();
    const root = await act(async () =>
      hydrateRoot(container, <LandingRoot />, {
        onRecoverableError: (error) => mismatches.push(error),
      }),
    );
    const section = (id: string) => container.querySelector(`#${id}`);
    try {
      await waitFor(() => expect(isHydrated(section('hero-title'))).toBe(true));
      for (const id of ['product', 'pricing', 'faqs', 'site-footer'])
        expect(isHydrated(section(id)), id).toBe(false);

      // A section that comes near the screen is hydrated.
      await act(async () => TestObserver.show(section('pricing')!));
      await waitFor(() => expect(isHydrated(section('pricing'))).toBe(true));
      expect(isHydrated(section('faqs'))).toBe(false);

      // A press on a section not hydrated yet is handled: the FAQ opens to its answer.
      const faq = FAQS[0]!;
      const question = within(section('faqs') as HTMLElement).getByRole('button', {
        name: faq.question,
      });
      await user.click(question);
      await waitFor(() => expect(question).toHaveAttribute('aria-expanded', 'true'));

      // Opening a dialog leaves the sections not hydrated yet as they were, on screen.
      await user.click(within(container).getAllByRole('button', { name: L.hero.getStarted })[0]!);
      expect(isHydrated(section('site-footer'))).toBe(false);
      expect(section('site-footer')).toBeInTheDocument();
      expect(mismatches).toEqual([]);
      // React's note that a boundary suspended inside user-event's own (synchronous) act is about
      // the test's scheduling, not the page.
      const problems = errors.mock.calls.filter(
        ([message]) => !String(message).includes('suspended inside an `act` scope'),
      );
      expect(problems).toEqual([]);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});
