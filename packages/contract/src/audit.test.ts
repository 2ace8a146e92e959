import { describe, expect, it } from 'vitest';
import { describeAuditChange, describeAuditEntry } from './audit';

describe('describeAuditChange', () => {
  it('shows an edit as old → new, only for what changed', () => {
    expect(
      describeAuditChange(
        { name: 'Hilltop', logo: 'https://x/1' },
        { name: 'Hilltop Academy', logo: 'https://x/1' },
      ),
    ).toBe('name “Hilltop” → “Hilltop Academy”');
    expect(describeAuditChange({ active: true }, { active: false })).toBe(
      'status Active → Inactive',
    );
    expect(
      describeAuditChange({ role: 'student', classPlaces: 2 }, { role: 'teacher', classPlaces: 0 }),
    ).toBe('role student → teacher · class places 2 → 0');
    expect(
      describeAuditChange(
        { teacherId: 'a', teacher: 'Mr Newton' },
        { teacherId: 'b', teacher: 'Ms Curie' },
      ),
    ).toBe('teacher Mr Newton → Ms Curie');
  });

  it('says a logo was added, replaced or removed, never its address', () => {
    expect(describeAuditChange({ logo: null }, { logo: '/l/1' })).toBe('logo none → a logo');
    expect(describeAuditChange({ logo: '/l/1' }, { logo: '/l/2' })).toBe('logo replaced');
    expect(describeAuditChange({ logo: '/l/1' }, { logo: null })).toBe('logo a logo → none');
  });

  it('shows a value recorded on one side alone, and nothing for ids and lists', () => {
    expect(
      describeAuditChange(null, {
        role: 'admin',
        name: 'Ada',
        email: 'ada@example.org',
        permissions: ['view_payments'],
      }),
    ).toBe('name “Ada” · role admin · email ada@example.org');
    expect(describeAuditChange({ code: 'ABCD', name: 'Gone' }, null)).toBe(
      'name “Gone” · code ABCD',
    );
    expect(describeAuditChange(null, null)).toBe('');
  });
});

describe('describeAuditEntry', () => {
  it('names the action and who, then the change', () => {
    expect(
      describeAuditEntry({
        action: 'school.updated',
        actorName: 'Olive Owner',
        before: { name: 'Old', logo: null },
        after: { name: 'New', logo: null },
      }),
    ).toBe('Details edited by Olive Owner (name “Old” → “New”)');
  });
});
