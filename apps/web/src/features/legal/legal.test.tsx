// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import EulaPage from './pages/eula-page';
import PrivacyPolicyPage from './pages/privacy-policy-page';

function renderPage(page: ReactElement) {
  return render(
    <MantineProvider>
      <MemoryRouter>{page}</MemoryRouter>
    </MantineProvider>,
  );
}

beforeAll(() => {
  // Mantine reads the colour scheme through matchMedia, which jsdom does not provide.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent() {
        return false;
      },
    }),
  });
});

afterEach(() => {
  cleanup();
});

describe('privacy policy page', () => {
  it('shows the last-updated date and sets the document title', () => {
    renderPage(<PrivacyPolicyPage />);
    expect(screen.getByText('Last updated: 6 December 2026')).toBeTruthy();
    expect(document.title).toBe('Privacy Policy · STEM@Home');
  });

  it('states image deletion, retention periods and the right to complain to the ICO', () => {
    const { container } = renderPage(<PrivacyPolicyPage />);
    const text = container.textContent ?? '';
    expect(text).toContain('deleted immediately');
    expect(text).toContain('7 years');
    expect(text).toContain('Information Commissioner');
    expect(text).toContain('privacy@stemathome.app');
  });

  it('shows retention as a table with data and period columns', () => {
    renderPage(<PrivacyPolicyPage />);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Data' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'How long we keep it' })).toBeTruthy();
    const paymentRow = within(table).getByText('Payment records').closest('tr');
    expect(paymentRow?.textContent).toContain('7 years');
    const logRow = within(table)
      .getByText(/^Application logs/)
      .closest('tr');
    expect(logRow?.textContent).toContain('90 days');
  });
});

describe('end user licence agreement page', () => {
  it('shows the last-updated date and sets the document title', () => {
    renderPage(<EulaPage />);
    expect(screen.getByText('Last updated: 25 March 2025')).toBeTruthy();
    expect(document.title).toBe('End User Licence Agreement · STEM@Home');
  });

  it('has 17 numbered section headings in order', () => {
    renderPage(<EulaPage />);
    const sectionHeadings = screen
      .getAllByRole('heading', { level: 2 })
      .filter((heading) => /^\d+\. /.test(heading.textContent ?? ''));
    expect(sectionHeadings).toHaveLength(17);
    sectionHeadings.forEach((heading, index) => {
      expect(heading.textContent?.startsWith(`${index + 1}. `)).toBe(true);
      expect(heading.closest('section')?.id).toBe(`eula-section-${index + 1}`);
    });
  });

  it('has a table of contents with 17 links to existing section ids', () => {
    const { container } = renderPage(<EulaPage />);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links).toHaveLength(17);
    links.forEach((link, index) => {
      const href = link.getAttribute('href');
      expect(href).toBe(`#eula-section-${index + 1}`);
      const target = container.querySelector(href ?? '');
      expect(target).not.toBeNull();
      expect(target?.textContent).toContain(link.textContent ?? '');
    });
  });

  it('states the key licence terms', () => {
    const { container } = renderPage(<EulaPage />);
    const text = container.textContent ?? '';
    expect(text).toContain('laws of England and Wales');
    expect(text).toContain('within 7 days');
    expect(text).toContain('within 12 months');
    expect(text).toContain('1.0.0');
    expect(text).toContain('deleted immediately after text extraction');
    expect(text).toContain('legal@stemathome.app');
  });
});
