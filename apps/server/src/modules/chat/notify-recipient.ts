import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { stores, users } from '../../db/schema';
import { markNotificationGroupRead, notifyGrouped } from '../notifications';
import type { TConversationRow } from './conversations';
import type { TChatParty } from './party';

/** One notification per conversation and recipient: updated by every new message, read with the conversation. */
export function chatGroupKey(conversationId: bigint): string {
  return `chat:${conversationId}`;
}

/**
 * Tells the other side of a conversation about a new message through its notifications: the buyer when a
 * shop or an agent writes, the shop's owner when a buyer writes to the shop. Agents are not notified:
 * the /cs console lists waiting conversations and counts their unread messages.
 */
export async function notifyChatRecipient(
  tx: Tx,
  conversation: TConversationRow,
  party: TChatParty,
  at: Date,
): Promise<void> {
  const groupKey = chatGroupKey(conversation.id);
  const conversationId = String(conversation.id);
  if (party.kind === 'buyer') {
    if (conversation.kind !== 'shop' || conversation.storeId === null) {
      return;
    }
    const [row] = await tx
      .select({
        ownerUserId: stores.ownerUserId,
        buyerName: sql<string>`(select coalesce(${users.username}, ${users.usercode}) from ${users} where ${users.id} = ${party.userId})`,
      })
      .from(stores)
      .where(eq(stores.id, conversation.storeId));
    if (!row) {
      return;
    }
    await notifyGrouped(tx, {
      userId: row.ownerUserId,
      audience: 'seller',
      event: 'chat.buyer',
      groupKey,
      params: { conversationId, name: row.buyerName ?? '' },
      at,
    });
    return;
  }
  if (conversation.kind === 'shop' && conversation.storeId !== null) {
    const [store] = await tx
      .select({ name: stores.name })
      .from(stores)
      .where(eq(stores.id, conversation.storeId));
    await notifyGrouped(tx, {
      userId: conversation.buyerUserId,
      audience: 'buyer',
      event: 'chat.shop',
      groupKey,
      params: { conversationId, storeId: String(conversation.storeId), name: store?.name ?? '' },
      at,
    });
    return;
  }
  await notifyGrouped(tx, {
    userId: conversation.buyerUserId,
    audience: 'buyer',
    event: 'chat.service',
    groupKey,
    params: { conversationId },
    at,
  });
}

/** The reader saw the conversation: its "new messages" notification is read too. */
export async function markChatNotificationRead(
  tx: Tx,
  conversation: TConversationRow,
  party: TChatParty,
): Promise<void> {
  if (party.kind === 'agent') {
    return;
  }
  await markNotificationGroupRead(
    tx,
    { userId: party.userId, audience: party.kind === 'buyer' ? 'buyer' : 'seller' },
    chatGroupKey(conversation.id),
  );
}
