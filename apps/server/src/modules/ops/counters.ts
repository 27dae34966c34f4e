import type { Redis } from 'ioredis';

/**
 * Counters with an expiry, shared by every server process through Redis when REDIS_URL is set and kept
 * in this process otherwise: log-in throttles, legacy rate buckets, view de-duplication, upload rates.
 */
export type TCounterStore = {
  /** Adds one to `key` and returns the count in the window that started with the key's first hit. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The current count (0 when the key is absent or expired). */
  peek(key: string): Promise<number>;
  /** Sets `key` only when absent, for `ttlMs`; true when this call set it (one count per window). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Removes `key`; true when it was there (a one-time token used once, even between processes). */
  take(key: string): Promise<boolean>;
  /** When `key` expires (epoch milliseconds), or null when it is absent. */
  expiresAt(key: string): Promise<number | null>;
};

/** One round trip, atomic: the window starts with the first hit and is not extended by later ones. */
const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;

/** Keys go under the client's keyPrefix (REDIS_KEY_PREFIX, set where the client is opened). */
export function redisCounterStore(redis: Redis): TCounterStore {
  return {
    async hit(key, windowMs) {
      return Number(await redis.eval(HIT_SCRIPT, 1, key, String(windowMs)));
    },
    async peek(key) {
      return Number((await redis.get(key)) ?? 0);
    },
    async claim(key, ttlMs) {
      return (await redis.set(key, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
    async remove(key) {
      await redis.del(key);
    },
    async take(key) {
      return (await redis.del(key)) === 1;
    },
    async expiresAt(key) {
      const ttl = await redis.pttl(key);
      return ttl >= 0 ? Date.now() + ttl : null;
    },
  };
}

/** In-process counters; bounded so a flood of distinct keys cannot exhaust memory. */
export function memoryCounterStore(maxKeys = 200_000): TCounterStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  function live(key: string, now: number) {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }
  function makeRoom(now: number) {
    if (entries.size < maxKeys) {
      return;
    }
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= now) {
        entries.delete(key);
      }
    }
    // Still full: drop the oldest insertions (Map keeps insertion order).
    for (const key of entries.keys()) {
      if (entries.size < maxKeys * 0.9) {
        break;
      }
      entries.delete(key);
    }
  }
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const entry = live(key, now);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      makeRoom(now);
      entries.set(key, { count: 1, expiresAt: now + windowMs });
      return 1;
    },
    async peek(key) {
      return live(key, Date.now())?.count ?? 0;
    },
    async claim(key, ttlMs) {
      const now = Date.now();
      if (live(key, now)) {
        return false;
      }
      makeRoom(now);
      entries.set(key, { count: 1, expiresAt: now + ttlMs });
      return true;
    },
    async remove(key) {
      entries.delete(key);
    },
    async take(key) {
      const isLive = live(key, Date.now()) !== undefined;
      entries.delete(key);
      return isLive;
    },
    async expiresAt(key) {
      return live(key, Date.now())?.expiresAt ?? null;
    },
  };
}
