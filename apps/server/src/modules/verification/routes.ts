import {
  ZBindEmailRequest,
  ZBindMobileRequest,
  ZOkResponse,
  ZResetPasswordRequest,
  ZResetTxPasswordRequest,
  ZSendCodeRequest,
  ZSendCodeResponse,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bindEmail, bindMobile, resetPassword, resetTxPassword, sendVerificationCode } from './service';

/** Verification codes, forgot password (log-in and transaction), and binding an e-mail or a mobile number. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const rateLimit = { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const tags = ['auth'];
  const ok = { ok: true as const };

  app.post(
    '/api/v1/verification/codes',
    {
      preHandler: app.optionalUser,
      config: { rateLimit },
      schema: { tags, body: ZSendCodeRequest, response: { 201: ZSendCodeResponse } },
    },
    async (request, reply) => {
      const sent = await sendVerificationCode(db, request.body, {
        userId: request.user?.id,
        lang: request.lang,
        ip: request.ip,
        counters: app.counters,
      });
      return reply.status(201).send(sent);
    },
  );

  app.post(
    '/api/v1/auth/password-reset',
    { config: { rateLimit }, schema: { tags, body: ZResetPasswordRequest, response: { 200: ZOkResponse } } },
    async (request) => {
      await resetPassword(db, request.body);
      return ok;
    },
  );

  app.post(
    '/api/v1/account/tx-password/reset',
    {
      preHandler: app.requireUser,
      config: { rateLimit },
      schema: { tags: ['account'], body: ZResetTxPasswordRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await resetTxPassword(db, request.user!.id, request.body);
      return ok;
    },
  );

  app.put(
    '/api/v1/account/email',
    {
      preHandler: app.requireUser,
      config: { rateLimit },
      schema: { tags: ['account'], body: ZBindEmailRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await bindEmail(db, request.user!.id, request.body, { lang: request.lang });
      return ok;
    },
  );

  app.put(
    '/api/v1/account/mobile',
    {
      preHandler: app.requireUser,
      config: { rateLimit },
      schema: { tags: ['account'], body: ZBindMobileRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await bindMobile(db, request.user!.id, request.body, { lang: request.lang });
      return ok;
    },
  );
};
