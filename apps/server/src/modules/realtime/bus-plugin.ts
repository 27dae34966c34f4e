import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { attachBus, createMemoryBus, createRedisBus, type TBus } from './bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fan-out bus between server processes (modules/realtime/bus.ts). */
    bus: TBus;
  }
}

/** One bus per app: Redis pub/sub when the app has a Redis connection (REDIS_URL), else in-process. */
export const busPlugin = fp(async (app: FastifyInstance) => {
  const { redis, db } = app.deps;
  const bus = redis
    ? createRedisBus(redis, {
        channelPrefix: app.deps.config.BUS_CHANNEL_PREFIX,
        onError: (error) => app.log.warn({ err: error }, 'bus error'),
      })
    : createMemoryBus();
  attachBus(db, bus);
  app.decorate('bus', bus);
  app.addHook('onClose', async () => {
    await bus.close();
  });
});
