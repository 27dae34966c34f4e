import { ZSubscribeRequest, ZSystemParamsQuery, ZSystemParamsResponse } from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPublicSystemParams, subscribeEmail } from './service';

/** Public calls: coupon e-mail subscription and the public system parameters. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const rateLimit = { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.post(
    '/api/v1/subscriptions',
    {
      preHandler: app.optionalUser,
      config: { rateLimit },
      schema: {
        tags: ['subscriptions'],
        body: ZSubscribeRequest,
        response: { 201: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await subscribeEmail(
        db,
        { email: request.body.email, lang: request.lang, userId: request.user?.id },
        { ip: request.ip, counters: app.counters },
      );
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/v1/system-params',
    {
      schema: { tags: ['system'], querystring: ZSystemParamsQuery, response: { 200: ZSystemParamsResponse } },
    },
    async (request) => ({ data: await getPublicSystemParams(db, request.query.codes.split(',')) }),
  );
};
