import { describe, expect, it } from 'vitest';
import { createPromiseCache, runInSlices } from './slices';

function* counting(n: number, seen: string[]): Generator<void, number, void> {
  for (let i = 0; i < n; i += 1) {
    seen.push(`step ${i}`);
    yield;
  }
  return n;
}

describe('runInSlices', () => {
  it('lets other work run between slices, and returns what the generator returns', async () => {
    const seen: string[] = [];
    // A clock that moves 5 ms a reading: every second step ends a slice of 8 ms.
    let clock = 0;
    const now = () => (clock += 5);
    const ticker = setInterval(() => seen.push('other'), 0);
    const immediate = setImmediate(() => seen.push('other'));
    const result = await runInSlices(counting(6, seen), 8, now);
    clearInterval(ticker);
    clearImmediate(immediate);
    expect(result).toBe(6);
    expect(seen.filter((s) => s.startsWith('step'))).toHaveLength(6);
    // Something else ran before the last step: the loop was not held for the whole run.
    expect(seen.indexOf('other')).toBeGreaterThan(-1);
    expect(seen.indexOf('other')).toBeLessThan(seen.indexOf('step 5'));
  });

  it('runs straight through while the slice lasts', async () => {
    const seen: string[] = [];
    const immediate = setImmediate(() => seen.push('other'));
    await runInSlices(counting(4, seen), 8, () => 0);
    clearImmediate(immediate);
    expect(seen).toEqual(['step 0', 'step 1', 'step 2', 'step 3']);
  });
});

describe('createPromiseCache', () => {
  it('shares work by key, keeps the most recently used, and forgets failures', async () => {
    const cache = createPromiseCache<number>(2);
    let made = 0;
    const make = (v: number) => () => {
      made += 1;
      return Promise.resolve(v);
    };
    expect(await cache.get('a', make(1))).toBe(1);
    expect(await cache.get('a', make(9))).toBe(1);
    expect(made).toBe(1);
    await cache.get('b', make(2));
    await cache.get('a', make(9)); // a is now the most recent
    await cache.get('c', make(3)); // b goes
    expect(cache.size).toBe(2);
    expect(await cache.get('b', make(20))).toBe(20);
    const failing = cache.get('x', () => Promise.reject(new Error('no')));
    await expect(failing).rejects.toThrow('no');
    expect(await cache.get('x', make(5))).toBe(5);
  });
});
