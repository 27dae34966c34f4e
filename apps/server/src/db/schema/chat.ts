import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tstz, updatedAt } from '../columns';
import { users } from './accounts';
import { staff } from './staff';
import { stores } from './stores';

export const CHAT_KINDS = ['service', 'shop'] as const;
export const CHAT_STATUSES = ['waiting', 'open', 'closed'] as const;
export const CHAT_SENDERS = ['buyer', 'seller', 'agent'] as const;
export const CHAT_MESSAGE_TYPES = ['text', 'img', 'product', 'order'] as const;

/**
 * One thread per buyer with customer service (kind service) and one per buyer and shop (kind shop).
 * A service thread waits until an agent claims it, is open while answered and closed when done; a new
 * message from the buyer reopens it. Unread counters are per side: the buyer's, and the other side's
 * (the shop, or customer service).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    kind: text('kind', { enum: CHAT_KINDS }).notNull(),
    buyerUserId: ref('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: ref('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    agentStaffId: ref('agent_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    status: text('status', { enum: CHAT_STATUSES }).notNull(),
    buyerUnread: integer('buyer_unread').notNull().default(0),
    staffUnread: integer('staff_unread').notNull().default(0),
    lastMessageId: ref('last_message_id'),
    lastMessageAt: tstz('last_message_at'),
    /** The current service period (chat_periods) of a service thread. */
    periodId: ref('period_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_service_key').on(t.buyerUserId).where(sql`${t.kind} = 'service'`),
    uniqueIndex('chat_conversations_shop_key').on(t.buyerUserId, t.storeId).where(sql`${t.kind} = 'shop'`),
    index('chat_conversations_store_idx').on(t.storeId, t.lastMessageAt),
    index('chat_conversations_status_idx').on(t.kind, t.status, t.lastMessageAt),
    index('chat_conversations_agent_idx').on(t.agentStaffId, t.lastMessageAt),
  ],
);

/** Messages; `content` is plain text, an upload reference (img), a product id or an order number. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    conversationId: ref('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: CHAT_SENDERS }).notNull(),
    senderUserId: ref('sender_user_id'),
    senderStaffId: ref('sender_staff_id'),
    type: text('type', { enum: CHAT_MESSAGE_TYPES }).notNull(),
    content: text('content').notNull(),
    /** The sender's own id for the message, so a resend from the offline outbox is stored once. */
    clientId: text('client_id'),
    createdAt: createdAt(),
    deliveredAt: tstz('delivered_at'),
    readAt: tstz('read_at'),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_client_key')
      .on(t.conversationId, t.sender, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/** A service period: from the buyer's first message (or a reopen) to closing; for response-time figures. */
export const chatPeriods = pgTable(
  'chat_periods',
  {
    id: id(),
    conversationId: ref('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    agentStaffId: ref('agent_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    openedAt: tstz('opened_at').notNull().defaultNow(),
    firstResponseAt: tstz('first_response_at'),
    closedAt: tstz('closed_at'),
  },
  (t) => [
    index('chat_periods_opened_idx').on(t.openedAt),
    index('chat_periods_conversation_idx').on(t.conversationId),
  ],
);

/** Canned replies agents insert with one click; kept by administrators (settings.manage). */
export const chatCannedReplies = pgTable('chat_canned_replies', {
  id: id(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
