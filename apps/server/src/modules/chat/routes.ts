import {
  ZChatConversation,
  ZChatConversationPage,
  ZChatConversationParams,
  ZChatHistory,
  ZChatHistoryQuery,
  ZChatListQuery,
  ZChatMessage,
  ZChatOpenRequest,
  ZChatSendRequest,
  ZChatUnread,
  ZUnreadCount,
} from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  findConversationFor,
  listConversations,
  markConversationRead,
  openServiceConversation,
  openShopConversation,
  presentConversations,
} from './conversations';
import { buildExternalChatUrl } from './external-link';
import { readChatHistory, sendChatMessage } from './messages';
import type { TChatParty } from './party';
import { countBuyerUnread, countStoreUnread } from './unread';

const TAGS = ['chat'];

export function buyerParty(request: FastifyRequest): TChatParty {
  return { kind: 'buyer', userId: request.user!.id };
}
export function sellerParty(request: FastifyRequest): TChatParty {
  return { kind: 'seller', userId: request.seller!.id, storeId: request.seller!.storeId };
}

/**
 * The calls a buyer (/api/v1/chat) and a shop (/api/v1/seller/chat) share: conversations, history,
 * sending, read marks and picture upload. Customer-service agents have theirs in cs-routes.ts.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, redis } = app.deps;
  const { uploadDir } = app.deps.config;
  const sides = [
    { prefix: '/api/v1/chat', preHandler: app.requireUser, partyOf: buyerParty },
    { prefix: '/api/v1/seller/chat', preHandler: app.requireSeller, partyOf: sellerParty },
  ];
  for (const { prefix, preHandler, partyOf } of sides) {
    app.get(
      `${prefix}/conversations`,
      {
        preHandler,
        schema: {
          tags: TAGS,
          summary: 'Conversations, newest first',
          querystring: ZChatListQuery,
          response: { 200: ZChatConversationPage },
        },
      },
      async (request) => listConversations(db, request.lang, partyOf(request), request.query),
    );
    app.get(
      `${prefix}/conversations/:id`,
      {
        preHandler,
        schema: {
          tags: TAGS,
          summary: 'One conversation',
          params: ZChatConversationParams,
          response: { 200: ZChatConversation },
        },
      },
      async (request) => {
        const party = partyOf(request);
        const row = await findConversationFor(db, party, request.params.id);
        return (await presentConversations(db, request.lang, party, [row]))[0]!;
      },
    );
    app.get(
      `${prefix}/conversations/:id/messages`,
      {
        preHandler,
        schema: {
          tags: TAGS,
          summary: 'History: the newest page, older pages with beforeId, new messages with afterId',
          params: ZChatConversationParams,
          querystring: ZChatHistoryQuery,
          response: { 200: ZChatHistory },
        },
      },
      async (request) =>
        readChatHistory(db, partyOf(request), request.params.id, request.query, request.lang),
    );
    app.post(
      `${prefix}/conversations/:id/messages`,
      {
        preHandler,
        schema: {
          tags: TAGS,
          summary:
            'Send a text or a picture (an upload reference of the sender); clientId makes a resend safe',
          params: ZChatConversationParams,
          body: ZChatSendRequest,
          response: { 200: ZChatMessage },
        },
      },
      async (request) =>
        sendChatMessage(
          { db, redis, uploadDir },
          partyOf(request),
          request.params.id,
          request.body,
          request.lang,
        ),
    );
    app.post(
      `${prefix}/conversations/:id/read`,
      {
        preHandler,
        schema: {
          tags: TAGS,
          summary: 'Mark the conversation read',
          params: ZChatConversationParams,
          response: { 200: ZUnreadCount },
        },
      },
      async (request) => markConversationRead(db, partyOf(request), request.params.id),
    );
  }

  app.get(
    '/api/v1/chat/unread',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Unread messages from customer service and from shops',
        response: { 200: ZChatUnread },
      },
    },
    async (request) => countBuyerUnread(db, request.user!.id),
  );
  app.get(
    '/api/v1/seller/chat/unread',
    {
      preHandler: app.requireSeller,
      schema: { tags: TAGS, summary: 'Unread messages of the shop', response: { 200: ZUnreadCount } },
    },
    async (request) => ({ unread: await countStoreUnread(db, request.seller!.storeId) }),
  );
  app.post(
    '/api/v1/chat/conversations',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary:
          'Open the conversation with customer service, or with a shop (optionally about a product or order)',
        body: ZChatOpenRequest,
        response: { 200: ZChatConversation },
      },
    },
    async (request) => {
      const party = buyerParty(request);
      const body = request.body;
      let row: Awaited<ReturnType<typeof openServiceConversation>>;
      if (body.kind === 'service') {
        row = await openServiceConversation(db, request.user!.id);
      } else {
        const opened = await openShopConversation(db, {
          buyerUserId: request.user!.id,
          storeId: body.storeId,
          productId: body.productId,
          orderNo: body.orderNo,
        });
        row = opened.conversation;
        if (opened.card && !(await isLastCard(opened.card))) {
          await sendChatMessage({ db, redis, uploadDir }, party, String(row.id), opened.card, request.lang, {
            isOpeningCard: true,
          });
          row = await findConversationFor(db, party, String(row.id));
        }
      }
      return (await presentConversations(db, request.lang, party, [row]))[0]!;

      async function isLastCard(card: { type: string; content: string }): Promise<boolean> {
        if (row.lastMessageId === null) {
          return false;
        }
        const history = await readChatHistory(db, party, String(row.id), { limit: 1 }, request.lang);
        const last = history.messages[0];
        return last?.type === card.type && last.content === card.content;
      }
    },
  );
  app.post(
    '/api/v1/chat/external-link',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary:
          'The external customer-service page with its SPEC §2 parameters, when customer_service_url is set',
        body: z
          .strictObject({
            productId: z
              .string()
              .regex(/^\d{1,19}$/)
              .optional(),
          })
          .default({}),
        response: { 200: z.object({ url: z.string().nullable() }) },
      },
    },
    async (request) =>
      buildExternalChatUrl(db, {
        userId: request.user!.id,
        lang: request.lang,
        productId: request.body.productId,
      }),
  );
};
