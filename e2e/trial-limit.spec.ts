import { MESSAGES } from '@stem/contract/messages';
import { signIn, snap } from './support/pages';
import { trialAccount } from './support/trial-account';
import { expect, test } from './support/test';

const banner = MESSAGES.questions.trialBanner;

test.describe('a trial teacher at the limit', () => {
  test("meets 'TRIAL LIMIT REACHED' and disabled add buttons on /classes and /view-questions", async ({
    page,
  }) => {
    const { teacher } = trialAccount();
    await signIn(page, teacher.email, teacher.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/classes');
    await expect(page.getByText(banner, { exact: true })).toBeVisible();
    await expect(page.getByTestId('class-card')).toHaveCount(3);
    await expect(
      page.getByRole('button', { name: MESSAGES.classesPage.addNewClass }),
    ).toBeDisabled();
    await expect(page.getByRole('link', { name: MESSAGES.classesPage.addNewClass })).toHaveCount(0);
    await snap(page, 'trial-limit-classes');

    await page.goto('/view-questions');
    await expect(page.getByText(banner, { exact: true })).toBeVisible();
    await expect(page.getByTestId('question-card')).toHaveCount(3);
    await expect(
      page.getByRole('button', { name: MESSAGES.questionsPage.addQuestion }),
    ).toBeDisabled();
    await expect(page.getByRole('link', { name: MESSAGES.questionsPage.addQuestion })).toHaveCount(
      0,
    );
    await snap(page, 'trial-limit-questions');

    // Typing the address does not get round it: the create screens say so and cannot save.
    await page.goto('/create-class');
    await expect(page.getByText(banner, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: MESSAGES.classesPage.next })).toBeDisabled();
    await page.goto('/insert-question');
    await expect(page.getByText(banner, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('button', { name: MESSAGES.questionsPage.saveQuestion }),
    ).toBeDisabled();
  });
});
