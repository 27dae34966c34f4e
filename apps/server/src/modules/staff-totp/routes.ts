import {
  ZStaffTotpCodeRequest,
  ZStaffTotpEnabled,
  ZStaffTotpSetup,
  ZStaffTotpState,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enableTotp, getTotpState, startTotpSetup } from './service';

/** A staff member's own authenticator: state, set-up (QR code) and confirmation with a first code. */
export const staffTotpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const tags = ['admin', 'staff sign-in'];
  // Any logged-in staff member, whatever the role: enrolling is what a money role must do first.
  const preHandler = app.requireStaff();
  const rateLimit = { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.get(
    '/api/v1/admin/auth/totp',
    { preHandler, schema: { tags, response: { 200: ZStaffTotpState } } },
    async (request) => getTotpState(db, request.staffMember!.id),
  );
  app.post(
    '/api/v1/admin/auth/totp/setup',
    { preHandler, config: { rateLimit }, schema: { tags, response: { 200: ZStaffTotpSetup } } },
    async (request) => startTotpSetup(db, request.staffMember!.id),
  );
  app.post(
    '/api/v1/admin/auth/totp/enable',
    {
      preHandler,
      config: { rateLimit },
      schema: { tags, body: ZStaffTotpCodeRequest, response: { 200: ZStaffTotpEnabled } },
    },
    async (request) => enableTotp(db, request.staffMember!.id, request.body.code),
  );
};
