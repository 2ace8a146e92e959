import { describe, expect, it } from 'vitest';
import {
  formatPence,
  isPlanOnSale,
  maxStudentsForPlan,
  PAID_PLANS,
  PROMO,
  promoRefusal,
} from './plans';

describe('plans', () => {
  it('prices the spec figures in whole pence', () => {
    expect(formatPence(PAID_PLANS.personal.prices.monthly.amountPence)).toBe('£4.99');
    expect(formatPence(PAID_PLANS.personal.prices.annual.amountPence)).toBe('£49.99');
    expect(formatPence(PAID_PLANS.classroom.prices.monthly.wasPence)).toBe('£60.00');
    expect(formatPence(PAID_PLANS.classroom.prices.annual.amountPence)).toBe('£349.99');
    expect(formatPence(123456)).toBe('£1,234.56');
  });

  it('finds a plan limit by the words in its name', () => {
    expect(maxStudentsForPlan('Personal Learning Plan')).toBe(1);
    expect(maxStudentsForPlan('classroom')).toBe(30);
    expect(maxStudentsForPlan('gold')).toBeUndefined();
  });

  it('sells the Classroom plan only when switched on, and the promo only on monthly Personal', () => {
    expect(isPlanOnSale('personal', false)).toBe(true);
    expect(isPlanOnSale('classroom', false)).toBe(false);
    expect(isPlanOnSale('classroom', true)).toBe(true);
    expect([PROMO.plan, PROMO.billing]).toEqual(['personal', 'monthly']);
  });
});

describe('promoRefusal (spec 01 §9: EXAM2025, monthly Personal plan only)', () => {
  it('accepts EXAM2025 on the monthly Personal plan, in any case', () => {
    expect(promoRefusal('EXAM2025', 'personal', 'monthly')).toBeNull();
    expect(promoRefusal(' exam2025 ', 'personal', 'monthly')).toBeNull();
  });
  it('refuses it on every other plan and billing, and refuses unknown codes', () => {
    expect(promoRefusal('EXAM2025', 'personal', 'annual')).toBe('wrong_plan');
    expect(promoRefusal('EXAM2025', 'classroom', 'monthly')).toBe('wrong_plan');
    expect(promoRefusal('EXAM2026', 'personal', 'monthly')).toBe('unknown');
  });
});
