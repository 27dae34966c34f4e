import type { TChatUnread, TCsUnread } from '@caravan/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chatConversations } from '../../db/schema';

/** The buyer's unread messages: from customer service, and from shops (the two header badges). */
export async function countBuyerUnread(db: Executor, userId: bigint): Promise<TChatUnread> {
  const [row] = await db
    .select({
      service: sql<string>`coalesce(sum(${chatConversations.buyerUnread}) filter (where ${chatConversations.kind} = 'service'), 0)`,
      shops: sql<string>`coalesce(sum(${chatConversations.buyerUnread}) filter (where ${chatConversations.kind} = 'shop'), 0)`,
    })
    .from(chatConversations)
    .where(eq(chatConversations.buyerUserId, userId));
  return { service: Number(row?.service ?? 0), shops: Number(row?.shops ?? 0) };
}

/** Messages buyers wrote to a shop that the shop has not read. */
export async function countStoreUnread(db: Executor, storeId: bigint): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${chatConversations.staffUnread}), 0)` })
    .from(chatConversations)
    .where(and(eq(chatConversations.kind, 'shop'), eq(chatConversations.storeId, storeId)));
  return Number(row?.n ?? 0);
}

/** Customer-service conversations waiting for an agent (for the console and the admin dashboard). */
export async function countWaitingChats(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.kind, 'service'),
        eq(chatConversations.status, 'waiting'),
        isNotNull(chatConversations.lastMessageId),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function countAgentUnread(db: Executor, staffId: bigint): Promise<TCsUnread> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${chatConversations.staffUnread}), 0)` })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.kind, 'service'),
        eq(chatConversations.status, 'open'),
        eq(chatConversations.agentStaffId, staffId),
      ),
    );
  return { waiting: await countWaitingChats(db), mine: Number(row?.n ?? 0) };
}
