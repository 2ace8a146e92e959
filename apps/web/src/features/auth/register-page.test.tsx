import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { setupLocalBackend } from '../../test/local-backend';
import RegisterPage from './pages/register-page';
import { LocationProbe, renderRoutes } from '../../test/render-app';

const T = MESSAGES.registerPage;
const backend = setupLocalBackend();

function renderRegister(entry = '/register') {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LocationProbe /> },
    ],
    entry,
  );
}

const createAccount = () => screen.getByRole('button', { name: T.submit });
const codeBox = (n: number) =>
  screen.getByRole('textbox', { name: T.schoolCodeBox(n * 4 - 3, n * 4) });
// Password inputs have no role; their labels end with the required-field asterisk.
const passwordInput = () => screen.getByLabelText(new RegExp(`^${T.passwordLabel}`));
const confirmInput = () => screen.getByLabelText(new RegExp(`^${T.confirmPasswordLabel}`));
const licence = () => screen.getByRole('checkbox', { name: T.licenceLabel });

// jsdom lays nothing out; give every element the geometry of a long document in a short window.
const geometry = { scrollHeight: 5000, clientHeight: 500 };
const saved = {
  scrollHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight'),
  clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'),
};
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get: () => geometry.scrollHeight,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => geometry.clientHeight,
  });
});
afterEach(() => {
  if (saved.scrollHeight)
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', saved.scrollHeight);
  else delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

function scrollDocument(dialog: HTMLElement, scrollTop: number) {
  const name = dialog.getAttribute('aria-labelledby');
  const title = name ? document.getElementById(name)?.textContent : null;
  const region = within(dialog).getByRole('region', { name: title ?? '' });
  region.scrollTop = scrollTop;
  fireEvent.scroll(region);
}

async function acceptLicence(user: UserEvent) {
  await user.click(licence());
  const privacy = await screen.findByRole('dialog', { name: T.privacyPolicy });
  await user.click(within(privacy).getByRole('button', { name: T.next }));
  scrollDocument(privacy, 301);
  await user.click(within(privacy).getByRole('button', { name: T.next }));
  const eula = await screen.findByRole('dialog', { name: T.eula });
  scrollDocument(eula, 1000);
  await user.click(within(eula).getByRole('button', { name: T.accept }));
}

/** Pastes rather than types: the page is large, and typing each character is slow in jsdom. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillDetails(user: UserEvent, password = 'correct horse', confirm = password) {
  await fill(user, screen.getByRole('textbox', { name: T.fullNameLabel }), 'Ada Lovelace');
  await fill(user, screen.getByRole('textbox', { name: T.emailLabel }), 'Ada@Example.org');
  await fill(user, passwordInput(), password);
  await fill(user, confirmInput(), confirm);
}

describe('register page', () => {
  it('sets the title and links to log in and to both legal documents in a new tab', () => {
    renderRegister();
    expect(document.title).toBe(T.documentTitle);
    expect(screen.getByRole('link', { name: T.logIn })).toHaveAttribute('href', '/login');
    for (const [name, href] of [
      [T.privacyPolicy, '/privacy-policy'],
      [T.eula, '/eula'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('links to log in from the trial e-mail step too', () => {
    renderRegister('/register?showTrial=true');
    expect(screen.getByText(MESSAGES.trial.needLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.logIn })).toHaveAttribute('href', '/login');
  });

  it('says a partly typed school code must be 16 characters, and blocks Create Account', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await fillDetails(user);
    await acceptLicence(user);
    expect(createAccount()).toBeEnabled();
    await user.type(codeBox(1), 'ab1');
    expect(screen.getByText(MESSAGES.register.codeLength)).toBeInTheDocument();
    expect(createAccount()).toBeDisabled();
    await user.clear(codeBox(1));
    expect(screen.queryByText(MESSAGES.register.codeLength)).not.toBeInTheDocument();
  });

  it('ticks the licence only after both documents are scrolled and accepted', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await user.click(licence());
    const privacy = await screen.findByRole('dialog', { name: T.privacyPolicy });
    expect(licence()).not.toBeChecked();
    expect(within(privacy).getByText(/Who we are/)).toBeInTheDocument();
    expect(within(privacy).getByRole('button', { name: T.next })).toBeDisabled();
    scrollDocument(privacy, 100);
    expect(within(privacy).getByRole('button', { name: T.next })).toBeDisabled();
    scrollDocument(privacy, 1000); // 1000 of 4500 px: past 20%
    await user.click(within(privacy).getByRole('button', { name: T.next }));

    const eula = await screen.findByRole('dialog', { name: T.eula });
    expect(
      within(eula).getByText(/Governing law and jurisdiction/, { selector: 'h2' }),
    ).toBeInTheDocument();
    expect(within(eula).getByRole('button', { name: T.accept })).toBeDisabled();
    scrollDocument(eula, 301);
    await user.click(within(eula).getByRole('button', { name: T.accept }));
    expect(licence()).toBeChecked();
  });

  it('leaves the licence unticked and says why when the documents are declined', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await user.click(licence());
    const privacy = await screen.findByRole('dialog', { name: T.privacyPolicy });
    await user.click(within(privacy).getByRole('button', { name: T.decline }));
    expect(licence()).not.toBeChecked();
    expect(screen.getByText(MESSAGES.register.licenceRequired)).toBeInTheDocument();
  });

  it('disables Create Account until the licence is accepted and the passwords are long enough and match', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegister();
    expect(createAccount()).toBeDisabled();
    await fillDetails(user, 'short', 'short');
    await user.tab();
    expect(screen.getByText(MESSAGES.password.tooShort)).toBeInTheDocument();
    await acceptLicence(user);
    expect(createAccount()).toBeDisabled();

    const password = passwordInput();
    const confirm = confirmInput();
    await fill(user, password, '-and-longer');
    expect(screen.queryByText(MESSAGES.password.tooShort)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.password.mismatch)).toBeInTheDocument();
    expect(createAccount()).toBeDisabled();

    await fill(user, confirm, '-and-longer');
    expect(screen.queryByText(MESSAGES.password.mismatch)).not.toBeInTheDocument();
    expect(createAccount()).toBeEnabled();

    await user.click(licence()); // unticking withdraws the acceptance
    expect(licence()).not.toBeChecked();
    expect(createAccount()).toBeDisabled();
  });

  it('says the licence is needed only once its box was touched, or Enter was pressed', async () => {
    const user = userEvent.setup({ delay: null });
    backend.on('POST', '/auth/validate-school', {
      status: 200,
      body: { isValid: true, schoolName: 'Riverside School', message: 'School code is valid' },
    });
    renderRegister();
    await fillDetails(user);
    await user.click(codeBox(1));
    await user.paste('ABCD2345EFGH6789');
    expect(await screen.findByText(/Riverside School/)).toBeInTheDocument();
    // Everything else is filled in, the box not yet touched: no error under it.
    expect(screen.queryByText(MESSAGES.register.licenceRequired)).not.toBeInTheDocument();
    expect(createAccount()).toBeDisabled();

    // Enter in a field, with Create Account disabled: the reason shows.
    await user.type(confirmInput(), '{Enter}');
    expect(screen.getByText(MESSAGES.register.licenceRequired)).toBeInTheDocument();
  });

  it('says the licence is needed once its box was passed over without ticking it', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await fillDetails(user);
    expect(screen.queryByText(MESSAGES.register.licenceRequired)).not.toBeInTheDocument();
    licence().focus();
    await user.tab();
    expect(licence()).not.toBeChecked();
    expect(screen.getByText(MESSAGES.register.licenceRequired)).toBeInTheDocument();
  });

  it('asks for a school code when none was entered', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await fillDetails(user);
    await acceptLicence(user);
    await user.click(createAccount());
    expect(screen.getByText(MESSAGES.register.codeRequired)).toBeInTheDocument();
  });

  it('takes a code and a fixed e-mail address from the link', () => {
    renderRegister('/register?code=abcd-efgh&email=Pupil%40School.org');
    expect(codeBox(1)).toHaveValue('ABCD');
    expect(codeBox(2)).toHaveValue('EFGH');
    const email = screen.getByRole('textbox', { name: T.emailLabel });
    expect(email).toHaveValue('pupil@school.org');
    expect(email).toHaveAttribute('readonly');
  });
});
