import { describe, expect, it } from 'vitest';
import { dashboardPathFor, normaliseRole } from './roles';

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
});
