import { describe, expect, it } from 'vitest';
import { sameOriginUrl } from './same-origin';

const APP = 'http://localhost:4100';

describe('sameOriginUrl', () => {
  it("keeps the app's own addresses and paths", () => {
    expect(sameOriginUrl(APP, 'http://localhost:4100/payments')).toBe(
      'http://localhost:4100/payments',
    );
    expect(sameOriginUrl(APP, APP)).toBe('http://localhost:4100/');
    expect(sameOriginUrl(APP, '/payments?x=1')).toBe('http://localhost:4100/payments?x=1');
  });

  it('refuses hosts that only start with the same characters, credentials and other origins', () => {
    for (const hostile of [
      'http://localhost:4100.evil.test/x',
      'http://localhost:4100@evil.test/',
      'http://user:pass@localhost:4100/payments',
      '//evil.test/payments',
      'https://localhost:4100/payments',
      'http://localhost:41000/',
      'javascript:alert(1)',
      'http://[::1',
    ]) {
      expect(sameOriginUrl(APP, hostile), hostile).toBeNull();
    }
    expect(sameOriginUrl(APP, undefined)).toBeNull();
    expect(sameOriginUrl(APP, '')).toBeNull();
  });
});
