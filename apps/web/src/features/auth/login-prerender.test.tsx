import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { render, title } from '../../login-prerender';

const T = MESSAGES.loginPage;

describe('the login page rendered at build time (login.html)', () => {
  it('carries the page a visitor who is not signed in first sees', () => {
    const html = render();
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('h1')?.textContent).toBe(T.heading);
    expect(html).toContain(T.subtitle);
    const tabs = [...page.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);
    expect(tabs).toEqual([T.passwordTab, T.magicLinkTab]);
    expect(page.querySelector('input[name="email"]')).not.toBeNull();
    expect(page.querySelector('input[name="password"]')).not.toBeNull();
    expect(page.querySelector('a[href="/register"]')?.textContent).toBe(T.signUp);
    expect(page.querySelector(`a[aria-label="${T.homeLink}"]`)?.getAttribute('href')).toBe('/');
    // No School Code box and no notice: nothing stored, no navigation state.
    expect(page.querySelector('[data-testid="generated-school-code"]')).toBeNull();
    expect(page.querySelector('[role="alert"]')).toBeNull();
    // login.html's <title> (scripts/prerender-login.mjs writes it in).
    expect(title).toBe(T.documentTitle);
  });
});
