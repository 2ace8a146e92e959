import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { checkTrialSignup, daysRemaining, signTrialSignup } from './trials.policy';

const now = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('trials.policy', () => {
  it('rounds days remaining up and never below 0', () => {
    expect(daysRemaining(new Date(now.getTime() + 14 * DAY), now)).toBe(14);
    expect(daysRemaining(new Date(now.getTime() + 13 * DAY + 1), now)).toBe(14);
    expect(daysRemaining(new Date(now.getTime() + 1), now)).toBe(1);
    expect(daysRemaining(now, now)).toBe(0);
    expect(daysRemaining(new Date(now.getTime() - 3 * DAY), now)).toBe(0);
    expect(daysRemaining(null, now)).toBe(0);
  });

  it('accepts a fresh link for its own address only', () => {
    const ts = now.getTime() - 60_000;
    const token = signTrialSignup(SECRET, 'a@example.com', ts);
    expect(checkTrialSignup(SECRET, { email: 'A@example.com', token, ts }, now)).toEqual({
      ok: true,
      ts,
    });
    expect(checkTrialSignup(SECRET, { email: 'b@example.com', token, ts }, now)).toEqual({
      ok: false,
      message: MESSAGES.trial.linkInvalid,
    });
    expect(
      checkTrialSignup(
        'another-secret-another-secret-0000',
        { email: 'a@example.com', token, ts },
        now,
      ).ok,
    ).toBe(false);
    expect(checkTrialSignup(SECRET, { email: 'a@example.com', token, ts: ts + 1 }, now).ok).toBe(
      false,
    );
  });

  it('says which: missing, expired after 24 hours', () => {
    expect(checkTrialSignup(SECRET, { email: 'a@example.com' }, now)).toEqual({
      ok: false,
      message: MESSAGES.trial.linkMissing,
    });
    const ts = now.getTime() - DAY - 1;
    const token = signTrialSignup(SECRET, 'a@example.com', ts);
    expect(
      checkTrialSignup(SECRET, { email: 'a@example.com', token, ts: String(ts) }, now),
    ).toEqual({
      ok: false,
      message: MESSAGES.trial.linkExpired,
    });
    const justInTime = now.getTime() - DAY;
    const token2 = signTrialSignup(SECRET, 'a@example.com', justInTime);
    expect(
      checkTrialSignup(SECRET, { email: 'a@example.com', token: token2, ts: justInTime }, now).ok,
    ).toBe(true);
  });
});
