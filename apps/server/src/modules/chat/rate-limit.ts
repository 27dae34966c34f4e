import type { Redis } from 'ioredis';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';

/**
 * Messages per person per minute (fixed one-minute windows). With Redis the count is shared by every
 * server process; without it each process counts alone, which is all a single process needs. The local
 * counts are kept per database handle: apps on different databases in one process (test files sharing a
 * worker) have different people under the same user ids.
 */
const localCountsOf = new WeakMap<Database, Map<string, { window: number; count: number }>>();

export async function takeChatSendToken(
  db: Database,
  redis: Redis | undefined,
  key: string,
  perMinute: number,
  now = Date.now(),
): Promise<void> {
  const window = Math.floor(now / 60_000);
  let count: number;
  if (redis) {
    // Under the client's REDIS_KEY_PREFIX, like every key.
    const redisKey = `chat-rl:${key}:${window}`;
    const results = await redis.multi().incr(redisKey).expire(redisKey, 70).exec();
    count = Number(results?.[0]?.[1] ?? 0);
  } else {
    let localCounts = localCountsOf.get(db);
    if (!localCounts) {
      localCounts = new Map();
      localCountsOf.set(db, localCounts);
    }
    const entry = localCounts.get(key);
    if (entry && entry.window === window) {
      entry.count += 1;
      count = entry.count;
    } else {
      localCounts.set(key, { window, count: 1 });
      count = 1;
      if (localCounts.size > 100_000) {
        for (const [k, v] of localCounts) {
          if (v.window !== window) {
            localCounts.delete(k);
          }
        }
      }
    }
  }
  if (count > perMinute) {
    throw new AppError('TOO_FREQUENT');
  }
}
