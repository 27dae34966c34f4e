import {
  ZChallengeResponse,
  ZHeartbeatResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZMeResponse,
  ZOkResponse,
  ZRegisterRequest,
  ZSellerMeResponse,
} from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { readToken } from '../../http/auth';
import { issueChallenge } from './challenge';
import { clearSessionCookie, setSessionCookie } from './cookies';
import { loginUser } from './login';
import { registerUser } from './register';
import { extendSession, logoutSession } from './service';
import { sessionLifetime } from './sessions';
import { findUserStore, getUserInfo, toUserInfo } from './user-info';

export function sessionMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, ...(userAgent ? { userAgent } : {}) };
}

/** Buyer log-in (cookie `caravan_session`) and the seller console's own log-in (`caravan_seller_session`). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const rateLimit = { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const ttlHours = config.SESSION_TTL_HOURS;

  app.post(
    '/api/v1/auth/register',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: ZRegisterRequest, response: { 201: ZLoginResponse } },
    },
    async (request, reply) => {
      const result = await registerUser(db, request.body, {
        ttlHours,
        ...sessionMeta(request),
        ...(request.isLangExplicit ? { lang: request.lang } : {}),
      });
      setSessionCookie(reply, config, 'buyer', result.token, result.expiresAt);
      return reply.status(201).send({ token: result.token, user: toUserInfo(result.user, false) });
    },
  );

  app.post(
    '/api/v1/auth/login',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: ZLoginRequest, response: { 200: ZLoginResponse } },
    },
    async (request, reply) => {
      const result = await loginUser(
        db,
        { ...request.body, audience: 'buyer' },
        { ttlHours, ...sessionMeta(request) },
        { counters: app.counters, challenge: request.body.challenge },
      );
      setSessionCookie(reply, config, 'buyer', result.token, result.expiresAt);
      return { token: result.token, user: toUserInfo(result.user, result.storeId !== null) };
    },
  );

  app.post(
    '/api/v1/auth/challenge',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'A human check for log-in after failures (proof of work; see docs/api.md)',
        response: { 200: ZChallengeResponse },
      },
    },
    async () => issueChallenge(app.counters),
  );

  app.post(
    '/api/v1/auth/logout',
    { schema: { tags: ['auth'], response: { 200: ZOkResponse } } },
    async (request, reply) => {
      await logoutSession(db, readToken(request, 'buyer'), 'buyer');
      clearSessionCookie(reply, config, 'buyer');
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/auth/me',
    { preHandler: app.requireUser, schema: { tags: ['auth'], response: { 200: ZMeResponse } } },
    async (request) => ({ user: await getUserInfo(db, request.user!.id) }),
  );

  app.post(
    '/api/v1/auth/heartbeat',
    { preHandler: app.requireUser, schema: { tags: ['auth'], response: { 200: ZHeartbeatResponse } } },
    async (request) => {
      const expiresAt = await extendSession(db, request.user!.sessionId, sessionLifetime(config));
      return { ok: true as const, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/api/v1/seller/auth/login',
    {
      config: { rateLimit },
      schema: { tags: ['seller'], body: ZLoginRequest, response: { 200: ZLoginResponse } },
    },
    async (request, reply) => {
      const result = await loginUser(
        db,
        { ...request.body, audience: 'seller' },
        { ttlHours, ...sessionMeta(request) },
        { counters: app.counters, challenge: request.body.challenge },
      );
      setSessionCookie(reply, config, 'seller', result.token, result.expiresAt);
      return { token: result.token, user: toUserInfo(result.user, true) };
    },
  );

  app.post(
    '/api/v1/seller/auth/logout',
    { schema: { tags: ['seller'], response: { 200: ZOkResponse } } },
    async (request, reply) => {
      await logoutSession(db, readToken(request, 'seller'), 'seller');
      clearSessionCookie(reply, config, 'seller');
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/seller/auth/me',
    { preHandler: app.requireSeller, schema: { tags: ['seller'], response: { 200: ZSellerMeResponse } } },
    async (request) => {
      const sellerId = request.seller!.id;
      const store = await findUserStore(db, sellerId);
      if (!store) {
        throw new AppError('NOT_A_SELLER');
      }
      return {
        user: await getUserInfo(db, sellerId),
        store: { id: String(store.id), name: store.name, logoUrl: store.logoUrl, status: store.status },
      };
    },
  );
};
