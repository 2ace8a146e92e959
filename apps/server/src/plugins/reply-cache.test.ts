import { describe, expect, it } from 'vitest';
import { ReplyStore } from './reply-cache';

const entry = (body: string) => ({
  body: Buffer.from(body),
  type: 'application/json',
  since: 0,
  scope: { kind: 'platform' as const },
  expires: Date.now() + 60_000,
});

describe('ReplyStore', () => {
  it('stays within its size, dropping the least recently used first', () => {
    const store = new ReplyStore(30);
    store.set('a', entry('x'.repeat(10)));
    store.set('b', entry('y'.repeat(10)));
    store.set('c', entry('z'.repeat(10)));
    expect(store.get('a')?.body.toString()).toBe('x'.repeat(10)); // a is now the most recent
    store.set('d', entry('w'.repeat(10)));
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
    expect(store.get('d')).toBeDefined();
    expect(store.totalBytes).toBe(30);
  });

  it('replaces an entry without counting it twice, and keeps nothing larger than itself', () => {
    const store = new ReplyStore(30);
    store.set('a', entry('x'.repeat(10)));
    store.set('a', entry('x'.repeat(20)));
    expect(store.totalBytes).toBe(20);
    store.set('big', entry('y'.repeat(31)));
    expect(store.get('big')).toBeUndefined();
    expect(store.size).toBe(1);
  });
});
