import {
  ZSubscribeRequest,
  ZSubscriptionConfirmResponse,
  ZSubscriptionTokenRequest,
  ZSystemParamsQuery,
  ZSystemParamsResponse,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmSubscription, getPublicSystemParams, subscribeEmail, unsubscribe } from './service';

const ZOk = z.object({ ok: z.literal(true) });

/** Public calls: coupon e-mail subscription (double opt-in, unsubscribe) and the public system parameters. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const rateLimit = { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const publicUrl = config.PUBLIC_URL;

  // Mail providers post the one-click unsubscribe as a form (RFC 8058); its only field says what the URI already
  // does, so the body is read as text and not used. Scoped to this plugin: the rest of the v1 API stays JSON-only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, { form: String(body) }),
  );

  app.post(
    '/api/v1/subscriptions',
    {
      preHandler: app.optionalUser,
      config: { rateLimit },
      schema: {
        tags: ['subscriptions'],
        summary:
          'Subscribe an e-mail to coupon mail: stored pending, a confirmation link is mailed (double opt-in)',
        body: ZSubscribeRequest,
        response: { 201: ZOk },
      },
    },
    async (request, reply) => {
      await subscribeEmail(
        db,
        { email: request.body.email, lang: request.lang, userId: request.user?.id },
        { ip: request.ip, counters: app.counters, publicUrl },
      );
      return reply.status(201).send({ ok: true as const });
    },
  );

  // The token comes in the body, posted by the storefront page that read it from its link's fragment: never in a
  // query string or path of these calls, so no log or proxy sees it.
  app.post(
    '/api/v1/subscriptions/confirm',
    {
      config: { rateLimit },
      schema: {
        tags: ['subscriptions'],
        summary:
          'Confirm a pending subscription with the token of its mail; the first confirmation mails the coupon',
        body: ZSubscriptionTokenRequest,
        response: { 200: ZSubscriptionConfirmResponse },
      },
    },
    async (request) => confirmSubscription(db, request.body.token, { publicUrl }),
  );

  app.post(
    '/api/v1/subscriptions/unsubscribe',
    {
      config: { rateLimit },
      schema: {
        tags: ['subscriptions'],
        summary: 'Unsubscribe with the token of a subscription mail: no more marketing mail to the address',
        body: ZSubscriptionTokenRequest,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await unsubscribe(db, request.body.token);
      return { ok: true as const };
    },
  );

  const ZOneClickParams = z.object({ token: z.string().max(200) });

  app.post(
    '/api/v1/subscriptions/one-click/:token',
    {
      // RFC 8058: the mail provider posts to the List-Unsubscribe URI from its own servers, with no Origin of ours
      // and possibly (a webmail in the visitor's browser) with whatever cookies the browser holds. The route reads no
      // session and no cookie: the token in the URI is its whole authority, and a forged request can do only what
      // the token's holder can. That, and only that, is why it skips the Origin check (origin-guard.ts). The token
      // sits in the path because the RFC's POST body carries nothing else; the request log redacts it
      // (log-redaction.ts, SECRET_PATHS).
      config: { rateLimit, ignoresSession: true },
      schema: {
        tags: ['subscriptions'],
        summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post); the token is in the path',
        params: ZOneClickParams,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await unsubscribe(db, request.params.token);
      return { ok: true as const };
    },
  );

  // An older mail program opens the List-Unsubscribe URI instead of posting to it: a GET changes nothing (link
  // scanners open links too) and lands on the page that asks, the token moved into the fragment.
  app.get(
    '/api/v1/subscriptions/one-click/:token',
    { config: { rateLimit }, schema: { hide: true, params: ZOneClickParams } },
    async (request, reply) => {
      const target = new URL('/subscription/unsubscribe', publicUrl);
      target.searchParams.set('lang', request.lang);
      target.hash = request.params.token;
      return reply.header('cache-control', 'no-store').redirect(target.toString(), 303);
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
