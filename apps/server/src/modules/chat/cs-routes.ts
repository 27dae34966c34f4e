import {
  ZCannedReply,
  ZCannedReplyList,
  ZCannedReplyRequest,
  ZChatConversation,
  ZChatConversationPage,
  ZChatConversationParams,
  ZChatHistory,
  ZChatHistoryQuery,
  ZChatMessage,
  ZChatSendRequest,
  ZCsAgentList,
  ZCsClaimRequest,
  ZCsCustomerContext,
  ZCsListQuery,
  ZCsSearchPage,
  ZCsSearchQuery,
  ZCsStats,
  ZCsStatsQuery,
  ZCsTransferRequest,
  ZCsUnread,
  ZUnreadCount,
} from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findConversationFor, markConversationRead, presentConversations } from './conversations';
import {
  claimConversation,
  closeConversation,
  deleteCannedReply,
  getCsStats,
  getCustomerContext,
  listAgents,
  listCannedReplies,
  listCsConversations,
  reopenConversation,
  saveCannedReply,
  searchCsHistory,
  transferConversation,
} from './cs';
import { readChatHistory, sendChatMessage } from './messages';
import type { TChatParty } from './party';
import { countAgentUnread } from './unread';

const TAGS = ['customer service'];

export function agentParty(request: FastifyRequest): Extract<TChatParty, { kind: 'agent' }> {
  return { kind: 'agent', staffId: request.staffMember!.id, name: request.staffMember!.username };
}

/** The customer-service console (/cs): every call needs the permission chat.answer. */
export const csRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, redis } = app.deps;
  const { uploadDir } = app.deps.config;
  const preHandler = app.requireStaff('chat.answer');
  const params = ZChatConversationParams;

  app.get(
    '/api/v1/cs/unread',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: "Waiting conversations and the agent's unread",
        response: { 200: ZCsUnread },
      },
    },
    async (request) => countAgentUnread(db, request.staffMember!.id),
  );
  app.get(
    '/api/v1/cs/conversations',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'Waiting, mine or all; q filters by customer',
        querystring: ZCsListQuery,
        response: { 200: ZChatConversationPage },
      },
    },
    async (request) => listCsConversations(db, request.lang, agentParty(request), request.query),
  );
  app.get(
    '/api/v1/cs/conversations/:id',
    {
      preHandler,
      schema: { tags: TAGS, summary: 'One conversation', params, response: { 200: ZChatConversation } },
    },
    async (request) => {
      const agent = agentParty(request);
      const row = await findConversationFor(db, agent, request.params.id);
      return (await presentConversations(db, request.lang, agent, [row]))[0]!;
    },
  );
  app.get(
    '/api/v1/cs/conversations/:id/messages',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'History',
        params,
        querystring: ZChatHistoryQuery,
        response: { 200: ZChatHistory },
      },
    },
    async (request) =>
      readChatHistory(db, agentParty(request), request.params.id, request.query, request.lang),
  );
  app.post(
    '/api/v1/cs/conversations/:id/messages',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'Answer (claims a waiting conversation)',
        params,
        body: ZChatSendRequest,
        response: { 200: ZChatMessage },
      },
    },
    async (request) =>
      sendChatMessage(
        { db, redis, uploadDir },
        agentParty(request),
        request.params.id,
        request.body,
        request.lang,
      ),
  );
  app.post(
    '/api/v1/cs/conversations/:id/read',
    { preHandler, schema: { tags: TAGS, summary: 'Mark read', params, response: { 200: ZUnreadCount } } },
    async (request) => markConversationRead(db, agentParty(request), request.params.id),
  );
  app.post(
    '/api/v1/cs/conversations/:id/claim',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary:
          'Claim a waiting conversation, or take one over from the colleague `takeOverFrom` names (audited; 409 CHAT_ALREADY_CLAIMED otherwise)',
        params,
        body: ZCsClaimRequest.nullish(),
        response: { 200: ZChatConversation },
      },
    },
    async (request) =>
      claimConversation(db, agentParty(request), request.params.id, request.lang, request.body?.takeOverFrom),
  );
  for (const [action, run] of [
    ['close', closeConversation],
    ['reopen', reopenConversation],
  ] as const) {
    app.post(
      `/api/v1/cs/conversations/:id/${action}`,
      {
        preHandler,
        schema: {
          tags: TAGS,
          summary: `${action} the conversation (audited)`,
          params,
          response: { 200: ZChatConversation },
        },
      },
      async (request) => run(db, agentParty(request), request.params.id, request.lang),
    );
  }
  app.post(
    '/api/v1/cs/conversations/:id/transfer',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'Hand over to another agent (audited)',
        params,
        body: ZCsTransferRequest,
        response: { 200: ZChatConversation },
      },
    },
    async (request) =>
      transferConversation(db, agentParty(request), request.params.id, request.body.staffId, request.lang),
  );
  app.get(
    '/api/v1/cs/conversations/:id/context',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'The customer beside the conversation',
        params,
        response: { 200: ZCsCustomerContext },
      },
    },
    async (request) =>
      getCustomerContext(
        db,
        { ...agentParty(request), permissions: request.staffMember!.permissions },
        request.params.id,
      ),
  );
  app.get(
    '/api/v1/cs/agents',
    {
      preHandler,
      schema: { tags: TAGS, summary: 'Agents a conversation can go to', response: { 200: ZCsAgentList } },
    },
    async () => ({
      agents: (await listAgents(db)).map((a) => ({ ...a, isOnline: app.chatPresence?.(a.id) ?? false })),
    }),
  );
  app.get(
    '/api/v1/cs/search',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'Search customer-service history',
        querystring: ZCsSearchQuery,
        response: { 200: ZCsSearchPage },
      },
    },
    async (request) => searchCsHistory(db, request.lang, request.query),
  );
  app.get(
    '/api/v1/cs/stats',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'First-response and resolution times',
        querystring: ZCsStatsQuery,
        response: { 200: ZCsStats },
      },
    },
    async (request) => getCsStats(db, request.query.days),
  );
  app.get(
    '/api/v1/cs/canned-replies',
    { preHandler, schema: { tags: TAGS, summary: 'Canned replies', response: { 200: ZCannedReplyList } } },
    async () => ({ replies: await listCannedReplies(db) }),
  );

  const adminPre = app.requireStaff('settings.manage');
  const cannedParams = z.strictObject({ id: z.string().regex(/^\d{1,19}$/) });
  app.post(
    '/api/v1/admin/chat/canned-replies',
    {
      preHandler: adminPre,
      schema: {
        tags: TAGS,
        summary: 'Add a canned reply',
        body: ZCannedReplyRequest,
        response: { 200: ZCannedReply },
      },
    },
    async (request) => saveCannedReply(db, request.staffMember!.id, request.body),
  );
  app.put(
    '/api/v1/admin/chat/canned-replies/:id',
    {
      preHandler: adminPre,
      schema: {
        tags: TAGS,
        summary: 'Change a canned reply',
        params: cannedParams,
        body: ZCannedReplyRequest,
        response: { 200: ZCannedReply },
      },
    },
    async (request) => saveCannedReply(db, request.staffMember!.id, request.body, request.params.id),
  );
  app.delete(
    '/api/v1/admin/chat/canned-replies/:id',
    {
      preHandler: adminPre,
      schema: {
        tags: TAGS,
        summary: 'Delete a canned reply',
        params: cannedParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteCannedReply(db, request.staffMember!.id, request.params.id);
      return { ok: true as const };
    },
  );
};
