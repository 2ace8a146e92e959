import { describe, expect, it } from 'vitest';
import { canViewPayments, dashboardPathFor, normaliseRole } from './roles';

describe('roles', () => {
  it.each([
    ['owner', '/owner-dashboard'],
    ['ADMIN', '/admin-dashboard'],
    ['Teacher', '/dashboard'],
    ['student', '/dashboard'],
    ['parent', '/login'],
    [null, '/login'],
  ])('sends %s to %s', (role, path) => {
    expect(dashboardPathFor(role)).toBe(path);
  });

  it('compares roles case-insensitively', () => {
    expect(normaliseRole(' Admin ')).toBe('admin');
    expect(normaliseRole(42)).toBeNull();
  });

  it.each([
    ['owner', [], 'paid', true],
    ['admin', ['view_payments', 'manage_payments'], 'paid', true],
    ['teacher', ['view_payments', 'manage_payments'], 'paid', true],
    ['Teacher', ['view_payments'], 'paid', true],
    ['teacher', [], 'paid', false],
    ['teacher', [], 'trial', true],
    ['admin', [], 'paid', false],
    ['admin', [], 'trial', false],
    ['student', ['view_payments', 'manage_payments'], 'paid', false],
    ['student', [], 'trial', false],
  ] as const)(
    'lets a %s with %j on a %s school read payments: %s',
    (role, permissions, accountType, may) => {
      expect(canViewPayments({ role, permissions, accountType })).toBe(may);
    },
  );

  it('lets nobody signed out read payments', () => {
    expect(canViewPayments(null)).toBe(false);
  });
});
