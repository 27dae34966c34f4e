import {
  ZCancelAccountRequest,
  ZCancellationCheck,
  ZChangePasswordRequest,
  ZChangeTxPasswordRequest,
  ZChangeUsernameRequest,
  ZOkResponse,
  ZSetAvatarRequest,
  ZSetLanguageRequest,
  ZSetTxPasswordRequest,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANGUAGE_COOKIE } from '../../http/language';
import { errorMessage } from '../../i18n/messages';
import { clearSessionCookie } from '../auth';
import {
  cancelAccount,
  changePassword,
  changeTxPassword,
  changeUsername,
  findCancellationBlockers,
  setAvatar,
  setLanguage,
  setTxPassword,
} from './service';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The buyer's own account settings (SPEC §2 /userInfo/setup). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const rateLimit = { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const ok = { ok: true as const };
  const common = { preHandler: app.requireUser, config: { rateLimit } };
  const response = { 200: ZOkResponse };

  app.post(
    '/api/v1/account/password',
    { ...common, schema: { tags: ['account'], body: ZChangePasswordRequest, response } },
    async (request) => {
      const user = request.user!;
      await changePassword(db, { userId: user.id, sessionId: user.sessionId, ...request.body });
      return ok;
    },
  );

  app.post(
    '/api/v1/account/tx-password',
    { ...common, schema: { tags: ['account'], body: ZSetTxPasswordRequest, response } },
    async (request) => {
      await setTxPassword(db, { userId: request.user!.id, ...request.body });
      return ok;
    },
  );

  app.put(
    '/api/v1/account/tx-password',
    { ...common, schema: { tags: ['account'], body: ZChangeTxPasswordRequest, response } },
    async (request) => {
      await changeTxPassword(db, { userId: request.user!.id, ...request.body });
      return ok;
    },
  );

  app.put(
    '/api/v1/account/language',
    { ...common, schema: { tags: ['account'], body: ZSetLanguageRequest, response } },
    async (request, reply) => {
      await setLanguage(db, request.user!.id, request.body.lang);
      void reply.setCookie(LANGUAGE_COOKIE, request.body.lang, {
        path: '/',
        maxAge: ONE_YEAR_SECONDS,
        sameSite: 'lax',
        secure: config.cookieSecure,
      });
      return ok;
    },
  );

  app.put(
    '/api/v1/account/username',
    { ...common, schema: { tags: ['account'], body: ZChangeUsernameRequest, response } },
    async (request) => {
      await changeUsername(db, request.user!.id, request.body);
      return ok;
    },
  );

  app.put(
    '/api/v1/account/avatar',
    { ...common, schema: { tags: ['account'], body: ZSetAvatarRequest, response } },
    async (request) => {
      await setAvatar(db, request.user!.id, request.body.avatar);
      return ok;
    },
  );

  app.get(
    '/api/v1/account/cancel',
    { ...common, schema: { tags: ['account'], response: { 200: ZCancellationCheck } } },
    async (request) => {
      const codes = await db.transaction((tx) => findCancellationBlockers(tx, request.user!.id));
      return { blockers: codes.map((code) => ({ code, message: errorMessage(request.lang, code) })) };
    },
  );

  app.post(
    '/api/v1/account/cancel',
    { ...common, schema: { tags: ['account'], body: ZCancelAccountRequest, response } },
    async (request, reply) => {
      await cancelAccount(db, { userId: request.user!.id, ...request.body });
      clearSessionCookie(reply, config, 'buyer');
      return ok;
    },
  );
};
