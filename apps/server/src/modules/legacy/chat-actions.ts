import { CHAT_HISTORY_PAGE, ZChatSendRequest } from '@caravan/contracts';
import { AppError } from '../../http/app-error';
import { countBuyerUnread, openServiceConversation, readChatHistory, sendChatMessage } from '../chat';
import {
  parseLegacy,
  READ_ONLY,
  registerLegacyAction,
  requireLegacyUser,
  type TLegacyContext,
} from './registry';

/** The old apps' customer-service calls (SPEC §7) on the buyer's conversation with customer service. */

export async function legacyServiceUnread(ctx: TLegacyContext): Promise<number> {
  const user = await requireLegacyUser(ctx);
  return (await countBuyerUnread(ctx.app.deps.db, user.id)).service;
}

registerLegacyAction('newOnlinechat!unread', legacyServiceUnread, READ_ONLY);

/**
 * The newest messages, or those before `message_id` (the last message id the app keeps), oldest first;
 * each with the SPEC §3 fields id, send_receive, content, type and createtime.
 */
registerLegacyAction(
  'newOnlinechat!list',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const { db } = ctx.app.deps;
    const conversation = await openServiceConversation(db, user.id);
    const beforeId = ctx.params.message_id ?? ctx.params.messageId;
    const size = Number.parseInt(ctx.params.pageSize ?? '', 10);
    const history = await readChatHistory(
      db,
      { kind: 'buyer', userId: user.id },
      String(conversation.id),
      {
        ...(beforeId && /^\d{1,19}$/.test(beforeId) ? { beforeId } : {}),
        limit: Number.isInteger(size) && size >= 1 && size <= 100 ? size : CHAT_HISTORY_PAGE,
      },
      ctx.request.lang,
      // The old apps know text and pictures only; cards are left out in the query, so a page is full until the end.
      { types: ['text', 'img'] },
    );
    return history.messages.map((m) => ({
      id: m.id,
      send_receive: m.send_receive,
      content: m.content,
      type: m.type,
      createtime: m.createtime,
    }));
  },
  READ_ONLY,
);

/** `type` text or img; text content arrives URL-encoded (SPEC §4) and is decoded before it is stored. */
registerLegacyAction('newOnlinechat!send', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const { db, redis, config } = ctx.app.deps;
  const type = ctx.params.type ?? 'text';
  let content = ctx.params.content ?? '';
  if (type === 'text') {
    try {
      content = decodeURIComponent(content.replace(/\+/g, ' '));
    } catch {
      throw new AppError('PARAMETER_ERROR', { field: 'content' });
    }
  }
  const input = parseLegacy(ZChatSendRequest, { type, content });
  const conversation = await openServiceConversation(db, user.id);
  const message = await sendChatMessage(
    { db, redis, uploadDir: config.uploadDir },
    { kind: 'buyer', userId: user.id },
    String(conversation.id),
    input,
    ctx.request.lang,
  );
  return {
    id: message.id,
    send_receive: message.send_receive,
    content: message.content,
    type: message.type,
    createtime: message.createtime,
  };
});

/** /public/userOnlineChatController!unread.action: the same number, polled every 30 s by the web. */
registerLegacyAction('public/userOnlineChatController!unread', legacyServiceUnread, READ_ONLY);
