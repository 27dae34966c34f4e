import type { TChatMessage } from '@caravan/contracts';
import type { Executor } from '../../db/client';
import { publishAfterCommit } from '../realtime';

/** Bus topic of chat events; every server process delivers them to the sockets it holds. */
export const CHAT_TOPIC = 'chat';

/** Enough of a conversation to route an event: its buyer, and its shop or customer service. */
export type TChatRoute = {
  conversationId: string;
  kind: 'service' | 'shop';
  buyerUserId: string;
  storeId: string | null;
};

/** A message as the sender sees it; each recipient's `send_receive` is set on delivery. */
export type TChatEvent =
  | { type: 'message'; route: TChatRoute; message: TChatMessage }
  | { type: 'delivered' | 'read'; route: TChatRoute; by: 'buyer' | 'seller' | 'agent'; upToId: string }
  | { type: 'conversation'; route: TChatRoute; status: string; agentId: string | null }
  | { type: 'unread'; route: TChatRoute };

export function routeOf(conversation: {
  id: bigint;
  kind: 'service' | 'shop';
  buyerUserId: bigint;
  storeId: bigint | null;
}): TChatRoute {
  return {
    conversationId: String(conversation.id),
    kind: conversation.kind,
    buyerUserId: String(conversation.buyerUserId),
    storeId: conversation.storeId === null ? null : String(conversation.storeId),
  };
}

export function publishChatEvent(tx: Executor, event: TChatEvent): void {
  publishAfterCommit(tx, undefined, CHAT_TOPIC, event);
}
