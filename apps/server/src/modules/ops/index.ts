import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../http/app-error';
import { memoryCounterStore, redisCounterStore, type TCounterStore } from './counters';

/**
 * Shared machinery between server processes: counters (rate limits, throttles), in Redis when REDIS_URL
 * is set, in this process otherwise. (The pub/sub bus is modules/realtime.) Other modules import from here.
 */
export { type TTestClock, testClockOf } from './clock';
export type { TCounterStore } from './counters';
export { memoryCounterStore, redisCounterStore } from './counters';
export { mayReadMetrics, metricsPlugin, type TMetrics } from './metrics';
export { opsRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    counters: TCounterStore;
  }
}

export const opsPlugin = fp(async (app: FastifyInstance) => {
  const { redis } = app.deps;
  const counters = redis ? redisCounterStore(redis) : memoryCounterStore();
  app.decorate('counters', counters);
});

/** Rate buckets: public reads get a generous one, log-in, codes, money and chat a strict one. */
export type TRateBucket = 'read' | 'sensitive';

/**
 * Counts one request of `client` (usually the IP) in `bucket` and refuses with TOO_FREQUENT past the
 * bucket's limit per minute (RATE_LIMIT_READ_PER_MINUTE, RATE_LIMIT_PER_MINUTE).
 */
export async function enforceRate(app: FastifyInstance, bucket: TRateBucket, client: string) {
  const { config } = app.deps;
  const max = bucket === 'read' ? config.RATE_LIMIT_READ_PER_MINUTE : config.RATE_LIMIT_PER_MINUTE;
  // The window starts with the client's first request, as @fastify/rate-limit's does.
  const count = await app.counters.hit(`rl:${bucket}:${client}`, 60_000);
  if (count > max) {
    throw new AppError('TOO_FREQUENT');
  }
}
