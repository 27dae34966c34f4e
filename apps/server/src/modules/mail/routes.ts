import { ZMailOutboxQuery, ZMailOutboxResponse } from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutbox } from './outbox';

/** The admin outbox: every queued, sent, failed or expired mail and text message with its attempts. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  app.get(
    '/api/v1/admin/mail-outbox',
    {
      preHandler: app.requireStaff('mail.read'),
      schema: { tags: ['admin'], querystring: ZMailOutboxQuery, response: { 200: ZMailOutboxResponse } },
    },
    async (request) => ({
      ...(await listOutbox(db, request.query)),
      isSmtpConfigured: Boolean(config.SMTP_URL),
    }),
  );
};
