import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { stores, users } from '../../db/schema';
import { markNotificationGroupRead, notifyGrouped, type TNotifyInput } from '../notifications';
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
  const notice = await noticeFor(tx, conversation, party);
  if (notice) {
    await notifyGrouped(tx, {
      ...notice,
      groupKey: chatGroupKey(conversation.id),
      params: { ...notice.params, conversationId: String(conversation.id) },
      at,
    });
  }
}

type TNotice = Pick<TNotifyInput, 'userId' | 'audience' | 'event'> & { params: Record<string, string> };

/** Who hears of a message by `party` in `conversation`, with which event; null: nobody. */
async function noticeFor(tx: Tx, conversation: TConversationRow, party: TChatParty): Promise<TNotice | null> {
  const storeId = conversation.kind === 'shop' ? conversation.storeId : null;
  if (party.kind === 'buyer') {
    if (storeId === null) {
      return null;
    }
    const [row] = await tx
      .select({
        ownerUserId: stores.ownerUserId,
        buyerName: sql<string>`(select coalesce(${users.username}, ${users.usercode}) from ${users} where ${users.id} = ${party.userId})`,
      })
      .from(stores)
      .where(eq(stores.id, storeId));
    return row
      ? {
          userId: row.ownerUserId,
          audience: 'seller',
          event: 'chat.buyer',
          params: { name: row.buyerName ?? '' },
        }
      : null;
  }
  if (storeId === null) {
    return { userId: conversation.buyerUserId, audience: 'buyer', event: 'chat.service', params: {} };
  }
  const [store] = await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
  return {
    userId: conversation.buyerUserId,
    audience: 'buyer',
    event: 'chat.shop',
    params: { storeId: String(storeId), name: store?.name ?? '' },
  };
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
