import { MESSAGES } from '@stem/contract/messages';
import { accounts } from './support/accounts';
import { linkTo, readOutbox } from './support/outbox';
import { fillSignInForm, logOut, signIn, snap } from './support/pages';
import { expect, test } from './support/test';

const R = MESSAGES.roster;
const P = MESSAGES.resetPasswordPage;

/**
 * Issue 29: the school admin imports a roster from a CSV: the preview says each row's outcome and the
 * plan's limits before anything is written, the import sends the invitations, and an invited person
 * chooses a password with the mailed link and signs in. Teachers only: the demo school's Classroom
 * plan may already hold its 30 students.
 */
test('an admin imports a roster and sees the invitations sent; an invited teacher sets a password', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const first = { name: `Rosa Roster ${run}`, email: `rosa.roster.${run}@example.com` };
  const second = { name: `Rex Roster ${run}`, email: `rex.roster.${run}@example.com` };
  const csv = [
    'Name,E-mail,Role,Class,Year group',
    `${first.name},${first.email},teacher,,`,
    `${second.name},${second.email},Teacher,,`,
    `Nobody ${run},not-an-address,student,,`,
  ].join('\r\n');

  const { admin } = accounts();
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto('/users');
  await page.getByRole('button', { name: R.importButton }).click();
  const dialog = page.getByRole('dialog', { name: R.importTitle });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });

  await expect(dialog.getByText(R.previewCounts(2, 0, 1))).toBeVisible();
  await expect(dialog.getByTestId('roster-limits')).toBeVisible();
  await expect(dialog.getByText(R.rowErrors.emailInvalid('not-an-address'))).toBeVisible();
  await expect(dialog.getByTestId('roster-row')).toHaveCount(3);
  await snap(page, 'roster-preview');

  const since = Date.now();
  await dialog.getByRole('button', { name: R.importSubmit(2) }).click();
  await expect(dialog.getByText(R.imported(2, 2, 0))).toBeVisible();
  await dialog.getByRole('button', { name: R.close }).click();

  // The list says who is invited.
  await page.getByRole('textbox', { name: MESSAGES.admin.searchUsers }).fill(first.name);
  const row = page.getByTestId('user-row').filter({ hasText: first.name });
  await expect(row.getByText(R.status.invited)).toBeVisible();

  const mail = await readOutbox({ to: first.email, subject: 'invited', since });
  await logOut(page);
  await page.goto(linkTo(mail, '/invitation'));
  await expect(page.getByRole('heading', { name: R.invitationPage.heading })).toBeVisible();
  const password = `Roster-e2e-${run}`;
  await page.getByRole('textbox', { name: P.newPasswordLabel, exact: true }).fill(password);
  await page.getByRole('textbox', { name: P.confirmPasswordLabel, exact: true }).fill(password);
  await page.getByRole('button', { name: R.invitationPage.submit }).click();
  await expect(page.getByText(R.invitationPage.success)).toBeVisible();
  await page.goto('/login');
  await fillSignInForm(page, first.email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});
