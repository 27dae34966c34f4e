import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './cache';

/** A load whose answer the test releases when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T03:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps what its entries weigh within its byte budget: the oldest go first, one too big is not kept', async () => {
    const cache = new TtlCache(10_000, 100);
    const text = (key: string, length: number) =>
      cache.getOrLoad(
        key,
        1000,
        async () => key.repeat(length),
        (value) => value.length,
      );
    for (const key of ['a', 'b', 'c', 'd']) {
      await text(key, 30);
    }
    // 4 x 30 > 100: the first went.
    expect(cache.weight).toBe(90);
    expect(cache.has('a')).toBe(false);
    expect(['b', 'c', 'd'].every((key) => cache.has(key))).toBe(true);
    // Answered, never kept: it alone is over the budget.
    expect(await text('e', 101)).toBe('e'.repeat(101));
    expect(cache.has('e')).toBe(false);
    expect(cache.weight).toBe(90);
    // Reloading a key replaces its weight; clearing empties it.
    vi.advanceTimersByTime(2001);
    await text('b', 10);
    expect(cache.weight).toBe(70);
    cache.clear();
    expect(cache.weight).toBe(0);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = new TtlCache();
    const load = vi.fn(async () => ({ n: 1 }));
    const [a, b] = await Promise.all([cache.getOrLoad('k', 1000, load), cache.getOrLoad('k', 1000, load)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('serves an expired answer for one more lifetime while a single reload runs, then the new one', async () => {
    const cache = new TtlCache();
    await cache.getOrLoad('k', 1000, async () => 'old');
    vi.advanceTimersByTime(1500);
    const reload = deferred<string>();
    const load = vi.fn(() => reload.promise);
    expect(await cache.getOrLoad('k', 1000, load)).toBe('old');
    expect(await cache.getOrLoad('k', 1000, load)).toBe('old');
    expect(load).toHaveBeenCalledTimes(1);
    reload.resolve('new');
    await reload.promise;
    await Promise.resolve();
    expect(await cache.getOrLoad('k', 1000, load)).toBe('new');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for a fresh load once an answer is older than two lifetimes', async () => {
    const cache = new TtlCache();
    await cache.getOrLoad('k', 1000, async () => 'old');
    vi.advanceTimersByTime(2001);
    expect(await cache.getOrLoad('k', 1000, async () => 'new')).toBe('new');
  });

  it('drops the old answer when its reload fails, so the next reader sees the failure', async () => {
    const cache = new TtlCache();
    await cache.getOrLoad('k', 1000, async () => 'old');
    vi.advanceTimersByTime(1500);
    const reload = deferred<string>();
    expect(await cache.getOrLoad('k', 1000, () => reload.promise)).toBe('old');
    reload.reject(new Error('gone'));
    await reload.promise.catch(() => undefined);
    await new Promise((r) => setImmediate(r));
    await expect(
      cache.getOrLoad('k', 1000, async () => {
        throw new Error('still gone');
      }),
    ).rejects.toThrow('still gone');
  });

  it('never stores an answer whose load began before clear()', async () => {
    const cache = new TtlCache();
    const before = deferred<string>();
    const first = cache.getOrLoad('k', 1000, () => before.promise);
    cache.clear();
    const after = cache.getOrLoad('k', 1000, async () => 'after');
    before.resolve('before');
    expect(await first).toBe('before');
    expect(await after).toBe('after');
    expect(await cache.getOrLoad('k', 1000, async () => 'unused')).toBe('after');
  });
});
