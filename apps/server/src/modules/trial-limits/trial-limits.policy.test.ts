import { describe, expect, it } from 'vitest';
import { decideTrialLimit, isTrialOver } from './trial-limits.policy';

const now = new Date('2025-05-01T12:00:00Z');
const later = new Date('2025-05-10T00:00:00Z');
const earlier = new Date('2025-04-01T00:00:00Z');

describe('trial-limits.policy', () => {
  it.each([
    [
      'paid school, many classes',
      { plan: 'classroom', trialExpiresAt: null },
      'classes',
      10,
      { isTrial: false, limit: null, canProceed: true },
    ],
    [
      'personal plan',
      { plan: 'personal', trialExpiresAt: earlier },
      'questions',
      99,
      { isTrial: false, limit: null, canProceed: true },
    ],
    [
      'trial under the limit',
      { plan: 'trial', trialExpiresAt: later },
      'classes',
      2,
      { isTrial: true, limit: 3, canProceed: true },
    ],
    [
      'trial at the limit',
      { plan: 'trial', trialExpiresAt: later },
      'classes',
      3,
      { isTrial: true, limit: 3, canProceed: false },
    ],
    [
      'trial over the limit',
      { plan: 'trial', trialExpiresAt: later },
      'questions',
      4,
      { isTrial: true, limit: 3, canProceed: false },
    ],
    [
      'expired trial with room',
      { plan: 'trial', trialExpiresAt: earlier },
      'questions',
      0,
      { isTrial: true, isExpired: true, canProceed: false },
    ],
    [
      'trial without an expiry date',
      { plan: 'trial', trialExpiresAt: null },
      'questions',
      0,
      { isExpired: false, canProceed: true },
    ],
  ] as const)('%s', (_name, school, limitType, count, expected) => {
    expect(decideTrialLimit(school, limitType, count, now)).toMatchObject(expected);
  });

  it('ends a trial at its expiry instant', () => {
    expect(isTrialOver({ plan: 'trial', trialExpiresAt: now }, now)).toBe(true);
    expect(isTrialOver({ plan: 'trial', trialExpiresAt: new Date(now.getTime() + 1) }, now)).toBe(
      false,
    );
    expect(isTrialOver({ plan: 'classroom', trialExpiresAt: earlier }, now)).toBe(false);
  });
});
