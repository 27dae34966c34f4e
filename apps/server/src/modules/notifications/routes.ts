import {
  type TNotificationAudience,
  ZNotificationListQuery,
  ZNotificationPage,
  ZNotificationParams,
  ZNotificationUnread,
  ZUnreadCount,
} from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  readNotificationUnread,
} from './service';

const TAGS = ['notifications'];

/** The same four calls for buyers (/api/v1/notifications) and sellers (/api/v1/seller/notifications). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const audiences: { audience: TNotificationAudience; prefix: string }[] = [
    { audience: 'buyer', prefix: '/api/v1/notifications' },
    { audience: 'seller', prefix: '/api/v1/seller/notifications' },
  ];
  for (const { audience, prefix } of audiences) {
    const auth = { preHandler: audience === 'buyer' ? app.requireUser : app.requireSeller };
    const recipientOf = (request: FastifyRequest) => ({
      userId: audience === 'buyer' ? request.user!.id : request.seller!.id,
      audience,
    });
    app.get(
      prefix,
      {
        ...auth,
        schema: {
          tags: TAGS,
          summary: `Notifications of the ${audience}, newest first, with the unread count`,
          querystring: ZNotificationListQuery,
          response: { 200: ZNotificationPage },
        },
      },
      async (request) => listNotifications(db, recipientOf(request), request.query),
    );
    app.get(
      `${prefix}/unread`,
      {
        ...auth,
        schema: {
          tags: TAGS,
          summary: `Unread notifications of the ${audience}, and how many of them are about chat messages`,
          response: { 200: ZNotificationUnread },
        },
      },
      async (request) => readNotificationUnread(db, recipientOf(request)),
    );
    app.post(
      `${prefix}/read-all`,
      {
        ...auth,
        schema: { tags: TAGS, summary: 'Mark every notification read', response: { 200: ZUnreadCount } },
      },
      async (request) => markAllNotificationsRead(db, recipientOf(request)),
    );
    app.post(
      `${prefix}/:id/read`,
      {
        ...auth,
        schema: {
          tags: TAGS,
          summary: 'Mark one notification read',
          params: ZNotificationParams,
          response: { 200: ZUnreadCount },
        },
      },
      async (request) => markNotificationRead(db, recipientOf(request), request.params.id),
    );
  }
};
