import {
  ZDeviceSessionsResponse,
  ZIdParams,
  ZOkResponse,
  ZReferralsResponse,
  ZSignOutOthersResponse,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getReferrals, listDeviceSessions, signOutDevice, signOutOtherDevices } from './service';

/** The account's signed-in devices: list, sign out one, sign out all others. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const tags = ['account'];

  app.get(
    '/api/v1/account/sessions',
    { preHandler: app.requireUser, schema: { tags, response: { 200: ZDeviceSessionsResponse } } },
    async (request) => ({
      list: await listDeviceSessions(db, request.user!.id, request.user!.sessionId),
    }),
  );

  app.delete(
    '/api/v1/account/sessions/:id',
    { preHandler: app.requireUser, schema: { tags, params: ZIdParams, response: { 200: ZOkResponse } } },
    async (request) => {
      await signOutDevice(db, request.user!.id, BigInt(request.params.id));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/account/referrals',
    { preHandler: app.requireUser, schema: { tags, response: { 200: ZReferralsResponse } } },
    async (request) => getReferrals(db, request.user!.id, config.PUBLIC_URL),
  );

  app.post(
    '/api/v1/account/sessions/sign-out-others',
    { preHandler: app.requireUser, schema: { tags, response: { 200: ZSignOutOthersResponse } } },
    async (request) => ({
      ok: true as const,
      signedOut: await signOutOtherDevices(db, request.user!.id, request.user!.sessionId),
    }),
  );
};
