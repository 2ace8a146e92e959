import { describe, expect, it } from 'vitest';
import { isPaidPlanActive, schoolCanCreate } from './school-access.policy';

const now = new Date('2026-05-01T12:00:00Z');

describe('schoolCanCreate', () => {
  it.each([
    [
      'a trial in its 14 days',
      { plan: 'trial', trialExpiresAt: new Date('2026-05-02'), subscriptionStatus: null },
      { ok: true },
    ],
    [
      'an expired trial',
      { plan: 'trial', trialExpiresAt: now, subscriptionStatus: null },
      { ok: false, reason: 'trial_expired' },
    ],
    [
      'a paid plan without a subscription',
      { plan: 'classroom', trialExpiresAt: null, subscriptionStatus: null },
      { ok: true },
    ],
    [
      'an active subscription',
      { plan: 'personal', trialExpiresAt: null, subscriptionStatus: 'active' },
      { ok: true },
    ],
    [
      'a payment being retried',
      { plan: 'personal', trialExpiresAt: null, subscriptionStatus: 'past_due' },
      { ok: true },
    ],
    [
      'a cancelled subscription',
      { plan: 'personal', trialExpiresAt: null, subscriptionStatus: 'canceled' },
      { ok: false, reason: 'plan_ended' },
    ],
    [
      'unpaid after the retries',
      { plan: 'classroom', trialExpiresAt: null, subscriptionStatus: 'unpaid' },
      { ok: false, reason: 'plan_ended' },
    ],
  ] as const)('%s', (_name, school, expected) => {
    expect(schoolCanCreate(school, now)).toEqual(expected);
  });

  it('never counts a trial as a paid plan in force', () => {
    expect(
      isPaidPlanActive({ plan: 'trial', trialExpiresAt: null, subscriptionStatus: 'active' }),
    ).toBe(false);
  });
});
