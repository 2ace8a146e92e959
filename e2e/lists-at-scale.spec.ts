import { MESSAGES } from '@stem/contract/messages';
import { volumeSchool } from './support/accounts';
import { signIn } from './support/pages';
import { expect, test } from './support/test';

/** Issue 14's target: the first cards within 1 s of opening the list, with 20,000 behind them. */
const FIRST_CARDS_MS = 1_000;

test.describe("a list at a school's real size", () => {
  test('shows the first submission cards within 1 s of opening /submissions with 20,000 submissions', async ({
    page,
  }) => {
    const { teacher, submissions } = volumeSchool();
    expect(submissions).toBe(20_000);
    await signIn(page, teacher.email, teacher.password);

    // Measured in the page, on every frame: performance.now() counts from the navigation's start.
    await page.goto('/submissions', { waitUntil: 'commit' });
    const seenAt = await page.waitForFunction(
      () => {
        const card = document.querySelector('[data-testid="teacher-submission-card"]');
        return card && card.getBoundingClientRect().height > 0 ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 15_000 },
    );
    const elapsed = Number(await seenAt.jsonValue());
    console.log(`first card on /submissions ${Math.round(elapsed)} ms after the navigation began`);
    expect(elapsed).toBeLessThan(FIRST_CARDS_MS);

    await expect(
      page.getByRole('heading', { name: MESSAGES.submissions.allTitle(submissions) }),
    ).toBeVisible();
    // Pages were sent, not the list: 20 cards a page, the next asked for as the list nears the end.
    const cards = await page.getByTestId('teacher-submission-card').count();
    expect(cards).toBeGreaterThanOrEqual(20);
    expect(cards).toBeLessThanOrEqual(60);
  });
});
