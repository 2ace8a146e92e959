import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

describe('secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = seal(SECRET, 'purpose', '1//refresh-token');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('refresh');
    expect(seal(SECRET, 'purpose', '1//refresh-token')).not.toBe(sealed);
    expect(open(SECRET, 'purpose', sealed)).toBe('1//refresh-token');
  });

  it('refuses another secret, another purpose, altered or malformed text', () => {
    const sealed = seal(SECRET, 'purpose', 'value');
    expect(() => open(`${SECRET}x`, 'purpose', sealed)).toThrow();
    expect(() => open(SECRET, 'other', sealed)).toThrow();
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3] ?? '', 'base64url');
    data[0] = (data[0] ?? 0) ^ 1;
    expect(() =>
      open(SECRET, 'purpose', [...parts.slice(0, 3), data.toString('base64url')].join('.')),
    ).toThrow();
    expect(() => open(SECRET, 'purpose', 'v2.a.b.c')).toThrow();
    expect(() => open(SECRET, 'purpose', 'nonsense')).toThrow();
  });
});
